// The local cluster starts and balances, run by `npm test` after the
// build: two apis and two workers on embedded MongoDB and Redis of their own, nginx in
// front with deploy/nginx/prosign.conf.template. Health answers through nginx from both
// apis, Socket.IO's WebSocket passes through it, and a broadcast published on Redis (as
// the worker publishes) reaches sockets on both replicas. Every schedule (expiry, automatic
// reminders, the mail and CRM sweeps), upserted by both workers, runs once per tick (item 2).
//
//   node --test bench/cluster/smoke.test.mjs      (after `npm run build`)
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { stopAll } from '../../scripts/lib/processes.mjs';
import { DATA_DIR } from '../../scripts/lib/setup.mjs';
import { startCluster } from './cluster.mjs';

const backendRequire = createRequire(
  path.resolve(import.meta.dirname, '../../backend/package.json'),
);
const { io } = createRequire(import.meta.url)('socket.io-client');
const { Emitter } = backendRequire('@socket.io/redis-emitter');
const { Redis } = backendRequire('ioredis');

// Its own MongoDB and Redis, as `npm run cluster` starts them (not the test run's).
delete process.env.MONGODB_URI;
delete process.env.REDIS_URL;
const QUEUE_PREFIX = 'cluster-smoke';
const scratch = path.join(DATA_DIR, `cluster-smoke-${process.pid}`);
const SCHEDULE_TICK_MS = 2_000;
let cluster;
let startedAt;
let passed = true;

before(async () => {
  cluster = await startCluster({
    dataDir: scratch,
    logDir: path.join(scratch, 'logs'),
    frontends: false,
    extraEnv: {
      QUEUE_PREFIX,
      LOG_LEVEL: 'warn',
      // The hourly and per-minute schedules tick every SCHEDULE_TICK_MS here, to be counted.
      AGREEMENT_SCHEDULES_EVERY_MS: String(SCHEDULE_TICK_MS),
      AUTO_REMINDER_INTERVAL_DAYS: '1',
      MAIL_SWEEP_EVERY_MS: String(SCHEDULE_TICK_MS),
    },
  });
  startedAt = Date.now();
});

after(async () => {
  await stopAll();
  // Kept after a failure, for its logs (nginx's under nginx/).
  if (passed) rmSync(scratch, { recursive: true, force: true });
  else console.log(`cluster logs kept in ${scratch}`);
});

const check = (name, fn) =>
  test(name, async (t) => {
    try {
      await fn(t);
    } catch (error) {
      passed = false;
      throw error;
    }
  });

check('/api/health answers 200 through nginx from both apis', async () => {
  const upstreams = new Set();
  for (let i = 0; i < 8; i++) {
    const response = await fetch(cluster.urls.health);
    assert.equal(response.status, 200);
    assert.equal((await response.json()).status, 'ok');
    upstreams.add(response.headers.get('x-prosign-upstream'));
  }
  assert.deepEqual(
    [...upstreams].sort(),
    cluster.ports.apis.map((port) => `127.0.0.1:${port}`).sort(),
  );
});

/** A process's CPU niceness, field 19 of /proc/<pid>/stat (after the command's closing paren). */
const nicenessOf = (pid) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);

check("the workers' jobs give way to the apis' requests: workers at niceness 10, apis at 0", () => {
  const { apis, workers } = cluster.processes;
  assert.equal(workers.length, 2);
  for (const worker of workers) assert.equal(nicenessOf(worker.pid), 10);
  for (const api of apis) assert.equal(nicenessOf(api.pid), 0);
});

check('only /api and /socket.io reach the apis, with their own headers', async () => {
  const response = await fetch(`${cluster.urls.api}/captcha/config`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('cache-control') ?? '', /no-store/);
  assert.equal((await fetch(`${cluster.urls.balancer}/`)).status, 404);
});

check('a captcha pass one api signed is honoured by the other (one secret for all)', async () => {
  const [first, second] = cluster.urls.replicas;
  const config = await (await fetch(`${first}/captcha/config`)).json();
  const verified = await fetch(`${second}/captcha/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: cluster.env.PUBLIC_SIGNING_URL },
    body: JSON.stringify({ response: config.challenge, linkToken: 'cluster-smoke-link' }),
  });
  assert.equal(verified.status, 200, await verified.clone().text());
  const { pass } = await verified.json();
  assert.ok(pass);
});

check(
  'Socket.IO over WebSocket through nginx, and a Redis broadcast reaches both replicas',
  async () => {
    // least_conn spreads long-lived connections: four sockets land two on each replica.
    const sockets = Array.from({ length: 4 }, () =>
      io(cluster.urls.balancer, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        timeout: 10_000,
      }),
    );
    const redis = new Redis(cluster.urls.redis);
    try {
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise((resolve, reject) => {
              socket.once('connect', resolve);
              socket.once('connect_error', reject);
            }),
        ),
      );
      for (const socket of sockets) assert.equal(socket.io.engine.transport.name, 'websocket');
      // A round trip answered by the api (its ping handler's acknowledgement).
      const pong = await sockets[0].timeout(10_000).emitWithAck('ping');
      assert.equal(pong.pong, true);

      // What the worker does for a live update: publish on Redis under the adapter's key;
      // every replica's adapter delivers it to its own sockets.
      const received = sockets.map(
        (socket) =>
          new Promise((resolve) => socket.once('cluster-smoke', (payload) => resolve(payload))),
      );
      new Emitter(redis, { key: `${QUEUE_PREFIX}:socket.io` }).emit('cluster-smoke', { n: 1 });
      const within = new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the broadcast did not reach every socket')), 10_000),
      );
      assert.deepEqual(await Promise.race([Promise.all(received), within]), [
        { n: 1 },
        { n: 1 },
        { n: 1 },
        { n: 1 },
      ]);
    } finally {
      for (const socket of sockets) socket.disconnect();
      redis.disconnect();
    }
    // nginx logs a WebSocket when it closes (status 101): both replicas had sockets.
    const deadline = Date.now() + 5_000;
    let upgrades = [];
    while (Date.now() < deadline && upgrades.length < 4) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      upgrades = readFileSync(cluster.nginx.accessLog, 'utf8')
        .split('\n')
        .filter((line) => / GET 101 /.test(line))
        .map((line) => line.match(/upstream=(\S+)/)[1]);
    }
    assert.equal(upgrades.length, 4);
    assert.equal(new Set(upgrades).size, 2, `sockets by replica: ${upgrades.join(', ')}`);
  },
);

check('every schedule runs once per tick, however many workers upsert it', async () => {
  const { Queue } = backendRequire('bullmq');
  // Both workers registered every schedule at start; each tick must make one job, not two.
  const schedules = [
    { queue: 'contract-schedules', job: 'expire-unsigned' },
    { queue: 'contract-schedules', job: 'auto-remind' },
    { queue: 'mail', job: 'sweep-deliveries' },
    { queue: 'crm', job: 'sweep-stage-moves' },
  ];
  const waitFor = 5 * SCHEDULE_TICK_MS - (Date.now() - startedAt);
  if (waitFor > 0) await new Promise((resolve) => setTimeout(resolve, waitFor));
  const queues = new Map();
  try {
    for (const { queue: name, job } of schedules) {
      if (!queues.has(name)) {
        queues.set(
          name,
          new Queue(name, { connection: { url: cluster.urls.redis }, prefix: QUEUE_PREFIX }),
        );
      }
      const queue = queues.get(name);
      // A named worker's Redis client is `<prefix>:<queue>:w:<name>` (WORKER_NAME: host#pid).
      const names = new Set(
        (await queue.getWorkers()).map((client) => client.rawname.split(':w:')[1]),
      );
      assert.equal(names.size, 2, `${name}: worker replicas listening: ${[...names]}`);
      const jobs = (await queue.getJobs(['completed', 'failed', 'active'])).filter(
        (j) => j.name === job,
      );
      const ticks = jobs.map((j) => Number(j.id.split(':').at(-1))).sort((a, b) => a - b);
      assert.ok(
        ticks.length >= 3,
        `${name}/${job}: ${ticks.length} runs in ${Date.now() - startedAt} ms`,
      );
      const elapsed = Date.now() - startedAt;
      // One run per tick at most: two workers each running it would double this.
      assert.ok(
        ticks.length <= Math.ceil(elapsed / SCHEDULE_TICK_MS) + 1,
        `${name}/${job}: ${ticks.length} runs in ${elapsed} ms`,
      );
      for (let i = 1; i < ticks.length; i++) {
        assert.ok(
          ticks[i] - ticks[i - 1] >= SCHEDULE_TICK_MS,
          `${name}/${job}: two runs ${ticks[i] - ticks[i - 1]} ms apart`,
        );
      }
      // Each run was taken by one named worker replica.
      for (const j of jobs.filter((j) => j.finishedOn)) {
        assert.ok(names.has(j.processedBy), `${name}/${job} run ${j.id} taken by ${j.processedBy}`);
      }
    }
  } finally {
    await Promise.all([...queues.values()].map((queue) => queue.close()));
  }
});
