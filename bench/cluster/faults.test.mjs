// The short fault run inside `npm test`: 50 signers at once through nginx in
// front of two apis and two workers while one api is SIGKILLed and started again and nginx
// reloads (bench/signers/run.mjs --cluster, BENCH_FAULTS). Every agreement signed and sealed,
// no 5xx or lost answer left for a signer after the signing app's own retries, each signed copy
// caught once, and the dashboard hearing every signature. The 200-signer run with worker
// restarts too is `BENCH_SIGNERS=200 node bench/signers/run.mjs --faults` (bench/README.md).
//
//   node --test bench/cluster/faults.test.mjs      (after `npm run build`)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DATA_DIR, ROOT } from '../../scripts/lib/setup.mjs';

const SIGNERS = 50;

test(`${SIGNERS} signers through the cluster while an api is killed and nginx reloads`, async () => {
  const summaryFile = path.join(DATA_DIR, `cluster-faults-${process.pid}.json`);
  const env = {
    ...process.env,
    BENCH_SIGNERS: String(SIGNERS),
    BENCH_STORED: '200',
    BENCH_FAULTS: 'api-kill,lb-reload',
    BENCH_SIGNING_TIMEOUT_S: '300',
    BENCH_MAIL_WAIT_MS: '120000',
    BENCH_JSON_FILE: summaryFile,
  };
  // The cluster starts its own database and Redis, not the test run's.
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  const output = [];
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench/signers/run.mjs'), '--cluster'], {
      cwd: ROOT,
      env,
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('exit', resolve);
  });
  const printed = Buffer.concat(output).toString();
  let summary;
  try {
    summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  } catch {
    assert.fail(`the run printed no figures (exit ${code}):\n${printed.slice(-4000)}`);
  } finally {
    rmSync(summaryFile, { force: true });
  }
  const context = `\n${printed.slice(-3000)}`;
  assert.deepEqual(summary.faults.length, 2, `faults injected: ${summary.faults}${context}`);
  assert.equal(summary.signed, SIGNERS, `agreements signed and sealed${context}`);
  assert.equal(summary.http5xx, 0, `5xx or no answer seen by a signer${context}`);
  assert.deepEqual(
    summary.signedCopiesCaught,
    { caughtOnce: SIGNERS, missing: 0, duplicated: 0 },
    `signed copies by Message-ID${context}`,
  );
  assert.equal(summary.dashboard.missed, 0, `signatures the dashboard never heard${context}`);
  assert.equal(code, 0, `the run's exit code${context}`);
});
