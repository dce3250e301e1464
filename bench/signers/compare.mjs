#!/usr/bin/env node
// This checkout's `bench/signers` against an earlier revision's, on the same machine, in
// alternated runs: CPU per signing and latency vary with the VM more than with most changes
// (the same code gave 0.15 and 0.22 CPU-s a signing on two sessions' VMs), so a target such
// as "halve the CPU per signing" is measured as a ratio against the revision it started from.
//
//   node bench/signers/compare.mjs --base <rev> [--pairs 3]
//
// The base revision is checked out in a git worktree under .data/ (its own build of the
// backend, libs/domain and the embedded MongoDB; the npm packages are this checkout's), and
// each pair runs the base's own bench script, then this checkout's (BENCH_SIGNERS and
// BENCH_STORED as set, 100 and 1,000 by default). Needs this checkout built
// (`npm run build -w @prosign/domain && npm run build -w @prosign/backend`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run, runCapture } from '../../scripts/lib/processes.mjs';
import { DATA_DIR, ROOT } from '../../scripts/lib/setup.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const baseRev = option('--base');
const pairs = Number(option('--pairs', '3'));
if (!baseRev || !Number.isInteger(pairs) || pairs < 1) {
  console.error('usage: node bench/signers/compare.mjs --base <rev> [--pairs N]');
  process.exit(2);
}

const git = (...argv) => execFileSync('git', argv, { cwd: ROOT, encoding: 'utf8' }).trim();
const baseCommit = git('rev-parse', '--verify', `${baseRev}^{commit}`);
const headCommit = git('rev-parse', 'HEAD');
const worktree = path.join(DATA_DIR, `bench-compare-${baseCommit.slice(0, 10)}`);

/** The base revision, built beside this checkout (once; kept for the next comparison). */
async function prepareBase() {
  if (!existsSync(path.join(worktree, 'backend/dist/main.api.js'))) {
    rmSync(worktree, { recursive: true, force: true });
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', '--force', worktree, baseCommit);
    // This checkout's npm packages, but the base's own libs/domain (the backend imports it).
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(worktree, 'node_modules'));
    const backendModules = path.join(worktree, 'backend/node_modules');
    mkdirSync(path.join(backendModules, '@prosign'), { recursive: true });
    const ownModules = path.join(ROOT, 'backend/node_modules');
    for (const entry of existsSync(ownModules) ? readdirSync(ownModules) : []) {
      if (entry !== '@prosign' && entry !== '.bin')
        symlinkSync(path.join(ownModules, entry), path.join(backendModules, entry));
    }
    symlinkSync(path.join(worktree, 'libs/domain'), path.join(backendModules, '@prosign/domain'));
    const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
    console.log(`▸ building ${baseCommit.slice(0, 10)} in ${path.relative(ROOT, worktree)}`);
    await run(tsc, ['-p', 'tsconfig.build.json'], { cwd: path.join(worktree, 'libs/domain') });
    await run(tsc, ['-p', 'tsconfig.build.json'], { cwd: path.join(worktree, 'backend') });
  }
  // The base's embedded MongoDB, with the patches it had (built by its own setup script).
  await run(
    process.execPath,
    ['-e', "import('./scripts/lib/setup.mjs').then((setup) => setup.ensureMongoBinary())"],
    { cwd: worktree },
  );
}

/** One run of a checkout's own bench (its output shown and kept); its figures read from what it prints. */
async function benchOnce(dir, logFile) {
  const { code, output } = await runCapture(process.execPath, ['bench/signers/run.mjs'], {
    cwd: dir,
  });
  writeFileSync(logFile, output);
  const figures = figuresOf(output);
  if (!figures) throw new Error(`no figures in ${logFile} (exit ${code})`);
  return { ...figures, exitCode: code };
}

/**
 * CPU-s per signing: until sealed and the signed copies sent where the bench prints it, else
 * over the signing phase (the mean CPU of each process times the phase's wall time ÷ signers;
 * early versions print only the means), and the whole flow's and the finish's p95.
 */
function figuresOf(output) {
  const mean = (name) => Number(output.match(new RegExp(`${name} CPU\\s+mean (\\d+)%`))?.[1]);
  const wall = Number(output.match(/wall time\s+([\d.]+) s/)?.[1]);
  const signers = Number(output.match(/^(\d+) signers at once/m)?.[1]);
  const p95 = (call) =>
    Number(output.match(new RegExp(`'${call}'\\s*│[^│]*│[^│]*│[^│]*│[^│]*'([\\d.]+) s'`))?.[1]);
  const perSigning = (name) => (mean(name) / 100) * (wall / signers);
  // Until sealed and the copies sent, where printed: since the seal runs in the worker after
  // the finish answers, the signing phase alone misses it. Earlier revisions sealed inside the
  // phase and print only the phase (their mail's own writes after it are left out).
  const untilSealed = output.match(
    /to the copies sent\s+[\d.]+ CPU-s \(database ([\d.]+) \+ api ([\d.]+) \+ worker ([\d.]+)/,
  );
  const figures = {
    database: untilSealed ? Number(untilSealed[1]) : perSigning('database'),
    api: untilSealed ? Number(untilSealed[2]) : perSigning('api'),
    worker: untilSealed ? Number(untilSealed[3]) : perSigning('worker'),
    wholeP95: p95('whole signer'),
    finishP95: p95('finish'),
    signed: output
      .match(/signed\s+(\d+) \/ (\d+) agreements/)
      ?.slice(1, 3)
      .join(' / '),
  };
  return Object.values(figures).every((v) => v !== undefined && !Number.isNaN(v)) ? figures : null;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  await prepareBase();
  const sides = { base: [], head: [] };
  for (let pair = 1; pair <= pairs; pair++) {
    for (const [side, dir] of [
      ['base', worktree],
      ['head', ROOT],
    ]) {
      const log = path.join(DATA_DIR, `bench-compare-${side}-${pair}.log`);
      const figures = await benchOnce(dir, log);
      sides[side].push(figures);
      console.log(
        `pair ${pair} ${side}: database + api ${(figures.database + figures.api).toFixed(3)} CPU-s ` +
          `(database ${figures.database.toFixed(3)}, api ${figures.api.toFixed(3)}, worker ${figures.worker.toFixed(3)}), ` +
          `whole flow p95 ${figures.wholeP95.toFixed(2)} s, finish p95 ${figures.finishP95.toFixed(2)} s, ` +
          `signed ${figures.signed}${figures.exitCode ? `, exit ${figures.exitCode}` : ''}`,
      );
    }
  }
  const summary = (side) => ({
    'database + api': median(sides[side].map((f) => f.database + f.api)),
    database: median(sides[side].map((f) => f.database)),
    api: median(sides[side].map((f) => f.api)),
    worker: median(sides[side].map((f) => f.worker)),
    'whole flow p95 (s)': median(sides[side].map((f) => f.wholeP95)),
    'finish p95 (s)': median(sides[side].map((f) => f.finishP95)),
  });
  const base = summary('base');
  const head = summary('head');
  console.log(
    `\nMedians of ${pairs} alternated pair(s), CPU-s per signing over the signing phase; ` +
      `base ${baseCommit.slice(0, 10)}, head ${headCommit.slice(0, 10)}:`,
  );
  console.table(
    Object.fromEntries(
      Object.keys(base).map((key) => [
        key,
        {
          base: base[key].toFixed(3),
          head: head[key].toFixed(3),
          'head / base': (head[key] / base[key]).toFixed(2),
        },
      ]),
    ),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
