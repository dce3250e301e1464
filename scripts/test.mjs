// `npm test`: installs what is missing, starts throw-away MongoDB and Redis,
// runs lint, unit and integration tests and builds of every project through Nx,
// then starts the whole product and drives it with Playwright in Chromium, then
// the local cluster's smoke test and the short fault-injection run.
// Prints how many tests ran and exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';
import {
  CHROMIUM_PATH,
  DATA_DIR,
  ROOT,
  ensureChromium,
  ensurePdfsig,
  ensureMongoBinary,
  ensureNginx,
  ensureNodeModules,
  ensureRedisServer,
} from './lib/setup.mjs';
import { freePort, runCapture, stopAll, stopProcess } from './lib/processes.mjs';
import { failedJestAndGoTests, failedStage } from './lib/test-output.mjs';

const scratch = path.join(DATA_DIR, `test-run-${process.pid}`);
const onCi = Boolean(process.env.CI) && process.env.CI !== 'false';
// Developer shortcut: `node scripts/test.mjs --e2e-only [playwright args…]` runs only the
// end-to-end tests (after `npm run build`), e.g. `--e2e-only e2e/signing.e2e.ts`.
const e2eOnlyIndex = process.argv.indexOf('--e2e-only');
const e2eOnly = e2eOnlyIndex !== -1;
const playwrightArgs = e2eOnly ? process.argv.slice(e2eOnlyIndex + 1) : [];
const failures = [];
const counts = { passed: 0, failed: 0, skipped: 0 };
// How long each stage took, printed at the end: CI has a time budget, and this says where it goes.
const stageTimes = [];
const nxProfile = path.join(scratch, 'nx-profile.json');
let nxTaskTimes = [];
let stageStarted = performance.now();
function stageDone(name) {
  const now = performance.now();
  stageTimes.push([name, (now - stageStarted) / 1000]);
  stageStarted = now;
}

function addTestCounts(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  // Jest's summary line, once per project: "Tests: 1 failed, 2 skipped, 10 passed, 13 total"
  for (const match of plain.matchAll(/^\s*Tests:\s+(.+)$/gm)) {
    for (const [, n, kind] of match[1].matchAll(/(\d+) (failed|skipped|passed)/g)) {
      counts[kind] += Number(n);
    }
  }
  // go test -v: one line per test
  for (const [, kind] of plain.matchAll(/^\s*--- (PASS|FAIL|SKIP): /gm)) {
    counts[{ PASS: 'passed', FAIL: 'failed', SKIP: 'skipped' }[kind]] += 1;
  }
}

async function main() {
  await ensureNodeModules();
  await ensureRedisServer();
  await ensureMongoBinary();
  await ensureChromium();
  await ensurePdfsig();
  await ensureNginx();
  stageDone('install (npm packages, embedded MongoDB, redis-server, Chromium, poppler, nginx)');

  const stopMongoInMemory = await startMongoInMemory();
  const { ensureTestServices } = await import('./lib/services.mjs');
  let services;
  try {
    services = await ensureTestServices();
    if (e2eOnly) {
      await runEndToEnd();
      return;
    }
    const formatting = startFormattingCheck();
    const { NX_BIN, NX_ENV } = await import('./nx.mjs');
    console.log('\n▸ Lint, unit and integration tests, builds (Nx), formatting (Prettier) beside…');
    const nx = await runCapture(
      NX_BIN,
      [
        'run-many',
        '-t',
        'lint',
        'test',
        'build',
        // Only the backend has it, a no-op that depends on its tests: Nx starts first the tasks
        // others wait for, so the backend's Jest (the longest task, 2 workers) starts at once
        // instead of after the builds and the front ends' suites, and no longer runs alone at
        // the end with the other lane idle.
        'ci-order',
        '--outputStyle=static',
        // Nx keeps its cache per user (~/.nx), shared by every clone of the workspace: CI must run
        // every suite for real rather than replay results a developer's run left on this machine.
        ...(onCi ? ['--skip-nx-cache'] : []),
      ],
      {
        cwd: ROOT,
        // Nx's task profile (a Chrome trace, its path taken from the working directory): when each
        // task started and how long it took, printed at the end beside the stages' times.
        env: {
          ...NX_ENV,
          CI: process.env.CI ?? 'true',
          NX_PROFILE: path.relative(ROOT, nxProfile),
        },
      },
    );
    nxTaskTimes = readNxTaskTimes(nxProfile);
    addTestCounts(nx.output);
    // Failed tests are named in the closing summary: CI keeps only the tail of a long log.
    if (nx.code !== 0) {
      failures.push(
        failedStage(
          'lint, unit/integration tests or build (see the Nx output above)',
          failedJestAndGoTests(nx.output),
        ),
      );
    }
    stageDone('lint, unit and integration tests, builds (Nx)');
    const prettier = await formatting;
    if (prettier.output) console.log(`\n▸ Formatting (Prettier):\n${prettier.output}`);
    if (prettier.code !== 0) failures.push('formatting (run `npm run format`)');
    stageDone('formatting (Prettier, beside Nx; the wait after it)');

    if (nx.code === 0) {
      await runEndToEnd();
      stageDone('end-to-end (Playwright)');
      await runClusterSmoke();
      stageDone('local cluster smoke and short fault run');
      await runFaultSuite();
      stageDone('fault injection, short run');
    } else console.log('\n▸ Skipping the end-to-end tests: the build or earlier suites failed.');
  } finally {
    await stopAll();
    await services?.stop();
    await stopMongoInMemory();
  }
}

/** Where a throw-away database may live in memory: tmpfs, with room to spare. */
const MEMORY_DIR = '/dev/shm';
const MEMORY_NEEDED = 2 * 1024 ** 3;

/**
 * The suites' MongoDB (the embedded server) with its files in memory when the machine has a
 * tmpfs with room, else (MONGODB_URI given, no tmpfs) as before: the server answers a write once
 * its log is synced, a sync on this VM's disk takes ~4 ms, and the suites write one after another
 * (certificate-of-completion alone waits on 4,431 syncs: 71 → 42 s). The same server, only its
 * files elsewhere; nothing of a test run outlives it. Returns how to stop it and remove them.
 */
async function startMongoInMemory() {
  if (process.env.MONGODB_URI) return async () => {};
  try {
    const { bavail, bsize } = statfsSync(MEMORY_DIR);
    if (bavail * bsize < MEMORY_NEEDED) return async () => {};
  } catch {
    return async () => {};
  }
  // A run that was killed left its files: they hold memory until removed.
  for (const name of readdirSync(MEMORY_DIR)) {
    const pid = /^prosign-test-(\d+)$/.exec(name)?.[1];
    if (pid && !isRunning(Number(pid))) {
      rmSync(path.join(MEMORY_DIR, name), { recursive: true, force: true });
    }
  }
  const dataDir = path.join(MEMORY_DIR, `prosign-test-${process.pid}`);
  const { startMongo } = await import('./lib/services.mjs');
  const mongo = await startMongo({
    port: await freePort(),
    dataDir,
    logFile: path.join(scratch, 'mongo.log'),
  });
  process.env.MONGODB_URI = mongo.uri;
  console.log(`\n▸ Test MongoDB (embedded) keeps its files in memory: ${dataDir}`);
  return async () => {
    await stopProcess(mongo.child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * `prettier --check .`, started beside Nx at the lowest CPU priority (nice 19). Prettier runs on
 * one core: run alone before Nx it kept the other core idle for its 30 s, while beside Nx it
 * takes only the CPU Nx's tasks leave idle (their waits on the database, the last task's tail)
 * and barely slows them. Its output is kept and printed after Nx's, not interleaved with it.
 */
function startFormattingCheck(niced = true) {
  return new Promise((resolve) => {
    const prettier = [
      path.join(ROOT, 'node_modules/.bin/prettier'),
      '--check',
      '--log-level=warn',
      '.',
    ];
    const [command, ...args] = niced ? ['nice', '-n', '19', ...prettier] : prettier;
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => {
      // No `nice` on this system: the same check at normal priority.
      if (niced && error.code === 'ENOENT') resolve(startFormattingCheck(false));
      else resolve({ code: 1, output: `${output}${error.message}\n` });
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runEndToEnd() {
  console.log('\n▸ End-to-end tests (Playwright, Chromium)…');
  const { startStack, FRONTENDS } = await import('./lib/stack.mjs');
  const { seedDemoData } = await import('./lib/seed.mjs');
  const ports = { api: await freePort(), mongo: 0, redis: 0, mailCatcher: await freePort() };
  for (const f of FRONTENDS) ports[f.app] = await freePort();
  // A second shell server the e2e tests start themselves (a remote-down drill); the API must allow its origin.
  const spareShellPort = await freePort();
  const corsOrigins = [...FRONTENDS.map((f) => ports[f.app]), spareShellPort]
    .map((port) => `http://localhost:${port}`)
    .join(',');
  const logDir = path.join(scratch, 'logs');
  mkdirSync(logDir, { recursive: true });

  let stack;
  try {
    stack = await startStack({
      ports,
      dataDir: path.join(scratch, 'stack'),
      logDir,
      extraEnv: {
        MONGODB_URI: `${process.env.MONGODB_URI}/prosign_e2e`,
        QUEUE_PREFIX: 'e2e',
        // Every test signs in from 127.0.0.1; the per-address limit is tested in the api's own tests.
        SIGN_IN_RATE_LIMIT_PER_MINUTE: '10000',
        CORS_ORIGINS: corsOrigins,
      },
    });
    await seedDemoData(stack.env);
  } catch (error) {
    failures.push(`the product did not start for the end-to-end tests: ${error.message}`);
    printLogTails(logDir);
    return;
  }

  const reportFile = path.join(scratch, 'playwright-report.json');
  const result = await runCapture(
    path.join(ROOT, 'node_modules/.bin/playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', ...playwrightArgs],
    {
      env: {
        ...stack.env,
        CHROMIUM_PATH,
        E2E_SHELL_URL: stack.urls.shell,
        E2E_API_URL: stack.urls.api,
        E2E_SIGNING_URL: stack.urls.signing,
        E2E_REMOTE_URLS: JSON.stringify(stack.urls.remotes),
        E2E_SPARE_SHELL_PORT: String(spareShellPort),
        PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
      },
    },
  );
  let failedTests = [];
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    counts.passed += report.stats.expected + report.stats.flaky;
    counts.failed += report.stats.unexpected;
    counts.skipped += report.stats.skipped;
    failedTests = failedPlaywrightTests(report);
  }
  if (result.code !== 0) {
    printLogTails(logDir);
    // Named last, after the logs, so the tail of a CI log says which test failed and why.
    failures.push(failedStage('end-to-end tests', failedTests));
  }
}

/**
 * The local cluster: two apis and two workers behind Debian's nginx with
 * deploy/nginx/prosign.conf.template — its smoke test (health from both apis, Socket.IO and a
 * captcha pass across them), then the short fault run (50 signers while an api is killed).
 */
async function runClusterSmoke() {
  console.log(
    '\n▸ Local cluster (bench/cluster: 2 api, 2 worker, nginx): smoke test, short fault run…',
  );
  const result = await runCapture(process.execPath, [
    '--test',
    '--test-reporter=spec',
    // One cluster at a time: each starts its own database, Redis, apis, workers and nginx.
    '--test-concurrency=1',
    path.join(ROOT, 'bench/cluster/smoke.test.mjs'),
    path.join(ROOT, 'bench/cluster/faults.test.mjs'),
  ]);
  // node:test's summary: "ℹ pass 3", "ℹ fail 0", "ℹ skipped 0"
  const plain = result.output.replace(/\x1b\[[0-9;]*m/g, '');
  for (const [, kind, n] of plain.matchAll(/^ℹ (pass|fail|skipped) (\d+)$/gm)) {
    counts[{ pass: 'passed', fail: 'failed', skipped: 'skipped' }[kind]] += Number(n);
  }
  if (result.code !== 0) failures.push('local cluster smoke test (see its output above)');
}

/**
 * The short fault-injection run: the real api, worker, mail catcher, embedded
 * MongoDB and redis-server of its own, killed and restarted. Alone, after the other suites,
 * so that their load does not decide its timing.
 */
async function runFaultSuite() {
  console.log('\n▸ Fault injection, short runs (bench/faults --short, bench/webhooks --short)…');
  const result = await runCapture(
    path.join(ROOT, 'node_modules/.bin/jest'),
    // One run at a time (bench/faults, bench/webhooks): each starts and kills a stack of its own.
    ['--selectProjects', 'faults', '--ci', '--runInBand'],
    { cwd: path.join(ROOT, 'backend') },
  );
  addTestCounts(result.output);
  if (result.code !== 0) {
    failures.push(
      failedStage(
        'fault injection (see its counts and logs above)',
        failedJestAndGoTests(result.output),
      ),
    );
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** [start, duration, task] in seconds from the Nx stage's start, by start, from Nx's task profile. */
function readNxTaskTimes(profileFile) {
  if (!existsSync(profileFile)) return [];
  const tasks = JSON.parse(readFileSync(profileFile, 'utf8')).filter((e) => e.ph === 'X');
  const first = Math.min(...tasks.map((e) => e.ts));
  return tasks.map((e) => [(e.ts - first) / 1e6, e.dur / 1e6, e.name]).sort((a, b) => a[0] - b[0]);
}

/** "file › title: first lines of the error" for each test that failed in a Playwright JSON report. */
function failedPlaywrightTests(report) {
  const lines = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const failed = (test.results ?? []).filter(
          (r) => r.status !== 'passed' && r.status !== 'skipped',
        );
        if (test.status !== 'unexpected' || failed.length === 0) continue;
        const error = (failed.at(-1).error?.message ?? failed.at(-1).status)
          .replace(/\x1b\[[0-9;]*m/g, '')
          .split('\n')
          .slice(0, 12)
          .join('\n        ');
        lines.push(
          `${[...titles, spec.title].join(' › ')} (${spec.file}:${spec.line})\n        ${error}`,
        );
      }
    }
    for (const child of suite.suites ?? [])
      visit(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  // Errors outside any test: a test file that does not compile, a failing global set-up.
  for (const error of report.errors ?? []) {
    lines.push((error.message ?? String(error)).replace(/\x1b\[[0-9;]*m/g, '').split('\n')[0]);
  }
  return lines;
}

function printLogTails(logDir) {
  if (!existsSync(logDir)) return;
  for (const name of ['api', 'worker', 'mail-catcher', 'shell', 'mongo', 'redis']) {
    const file = path.join(logDir, `${name}.log`);
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-25);
    console.log(`\n--- last lines of ${name}.log ---\n${lines.join('\n')}`);
  }
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  failures.push(error.message);
}
if (failures.length === 0 && counts.passed === 0) failures.push('no test ran');
if (nxTaskTimes.length) {
  // Which Nx tasks ran beside which, and the longest: where the Nx stage's time goes.
  console.log('\nNx tasks (start, duration):');
  for (const [start, seconds, task] of nxTaskTimes)
    console.log(
      `  +${start.toFixed(0).padStart(4)} s ${seconds.toFixed(0).padStart(5)} s  ${task}`,
    );
}
if (stageTimes.length) {
  console.log('\nTime by stage:');
  for (const [name, seconds] of stageTimes)
    console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
}
if (failures.length) {
  exitCode = 1;
  // A failing stage with no failing test in it (lint, build, start-up) still counts as a failure.
  if (counts.failed === 0) counts.failed = failures.length;
  console.log(`\n\x1b[31mFAILED:\x1b[0m\n  - ${failures.join('\n  - ')}`);
} else {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(exitCode);
