// Queue benchmark: no-op jobs through the product's worker. Starts Redis and the
// embedded MongoDB of its own (or BENCH_MONGODB_URI / REDIS_URL), the built
// worker (backend/dist/main.worker.js, its own settings: WORKER_CONCURRENCY
// default, the queues module's connection and job defaults), then enqueues
// BENCH_JOBS `echo` jobs (the system queue's no-op: validated data, answered at
// once) with addBulk in batches of BENCH_BATCH, from this process as the api
// does, and times until the worker has taken and completed them all. Prints the
// enqueue rate, the end-to-end rate against the target, and the load average.
// See bench/README.md.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  freePort,
  sleep,
  startProcess,
  stopAll,
  stopProcess,
} from '../../scripts/lib/processes.mjs';
import { ROOT } from '../../scripts/lib/setup.mjs';
import { BACKEND_NODE_ARGS, stackEnv, stackPorts } from '../../scripts/lib/stack.mjs';
import { benchServices, loadavg } from '../lib/services.mjs';

const require = createRequire(import.meta.url);
const { Queue } = require(path.join(ROOT, 'node_modules/bullmq'));
const {
  DEFAULT_JOB_OPTIONS,
} = require('../../backend/dist/platform/queues/default-job-options.js');
const { QueueName } = require('../../backend/dist/platform/queues/queue-names.js');
const { SystemJob } = require('../../backend/dist/modules/diagnostics/echo.job.js');

const JOBS = Number(process.env.BENCH_JOBS ?? 20_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 500);
const TARGET = 2000;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 300) * 1000;

let worker;

async function main() {
  const { mongoBase, redisUrl } = await benchServices('queue');
  const prefix = `bench-queue-${process.pid}`;
  const ports = { ...stackPorts(), api: await freePort(), mailCatcher: await freePort() };
  const env = {
    ...stackEnv(ports, { mongoUri: `${mongoBase.replace(/\/$/, '')}/bench_queue`, redisUrl }),
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'warn',
  };
  worker = startProcess('worker', process.execPath, [...BACKEND_NODE_ARGS, 'dist/main.worker.js'], {
    cwd: path.join(ROOT, 'backend'),
    env,
  });
  const connection = { url: redisUrl };
  const queue = new Queue(QueueName.System, {
    connection,
    prefix,
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
  // The worker is up once it has registered on the queue.
  const upBy = Date.now() + 120_000;
  while ((await queue.getWorkersCount()) === 0) {
    if (Date.now() > upBy || worker.exitCode !== null) throw new Error('the worker did not start');
    await sleep(200);
  }
  const concurrency = process.env.WORKER_CONCURRENCY ?? 'the product default';

  const loadBefore = loadavg();
  const started = performance.now();
  for (let from = 0; from < JOBS; from += BATCH) {
    const size = Math.min(BATCH, JOBS - from);
    await queue.addBulk(
      Array.from({ length: size }, (_, i) => ({
        name: SystemJob.Echo,
        data: { message: `bench ${from + i}` },
        // As the diagnostics service adds them: not worth retrying.
        opts: { attempts: 1 },
      })),
    );
  }
  const enqueued = performance.now();
  let pending = JOBS;
  while (pending > 0) {
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`${pending} jobs still pending`);
    await sleep(20);
    const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'delayed');
    pending = Object.values(counts).reduce((a, b) => a + b, 0);
  }
  const done = performance.now();
  const failed = await queue.getFailedCount();
  const seconds = (done - started) / 1000;
  const rate = JOBS / seconds;
  console.log(
    `jobs:         ${JOBS} no-op echo jobs on the ${QueueName.System} queue (addBulk ×${BATCH}), worker concurrency ${concurrency}`,
  );
  console.log(
    `enqueue:      ${(JOBS / ((enqueued - started) / 1000)).toFixed(0)} jobs/s (addBulk, while the worker drains)`,
  );
  console.log(
    `end to end:   ${rate.toFixed(0)} jobs/s (${seconds.toFixed(2)} s; target ≥ ${TARGET}: ${rate >= TARGET ? 'met' : 'MISSED'}), ${failed} failed`,
  );
  console.log(`load average: ${loadBefore} before, ${loadavg()} after`);
  await queue.obliterate({ force: true });
  await queue.close();
  if (failed > 0) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  // The worker first: it closes its queues on SIGTERM while Redis still answers.
  .finally(async () => {
    if (worker) await stopProcess(worker);
    await stopAll();
  });
