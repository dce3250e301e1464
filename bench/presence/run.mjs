// Presence benchmark: BENCH_SOCKETS (default 5,000) idle signer sockets on one
// api process. Starts Redis and the embedded MongoDB of its own (or
// BENCH_MONGODB_URI / REDIS_URL), seeds one sent agreement per socket
// (bench/lib/agreements.mjs), starts the built api, and connects the sockets as
// the signing page does (Socket.IO over WebSocket, `query: {token}`), BENCH_RAMP
// at a time (with BENCH_REPORT=1 each reports `user-active` once), then keeps
// them idle with Engine.IO's heartbeats for BENCH_HOLD_S seconds (default 60:
// two ping intervals). Prints
// the api's RSS before and after (target: 5,000 sockets in ≤ 300 MB), the
// sockets still connected at the end, and the load average. See bench/README.md.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  freePort,
  sleep,
  startProcess,
  stopAll,
  stopProcess,
  waitForPort,
} from '../../scripts/lib/processes.mjs';
import { seedDemoData } from '../../scripts/lib/seed.mjs';
import { ROOT } from '../../scripts/lib/setup.mjs';
import { BACKEND_NODE_ARGS, stackEnv, stackPorts } from '../../scripts/lib/stack.mjs';
import { benchServices, loadavg } from '../lib/services.mjs';
import {
  BENCH_DATA_VERSION,
  insertBenchAgreements,
  removeBenchAgreements,
} from '../lib/agreements.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));
const { io } = require(path.join(ROOT, 'node_modules/socket.io-client'));

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const RAMP = Number(process.env.BENCH_RAMP ?? 100);
const HOLD_MS = Number(process.env.BENCH_HOLD_S ?? 60) * 1000;
const TARGET_MB = 300;
/** BENCH_REPORT=1: each socket reports `user-active` once (a presence write per socket). */
const REPORT = process.env.BENCH_REPORT === '1';
const DB = `bench_presence_${SOCKETS}`;
function rssMb(pid) {
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!rss) throw new Error(`the api (pid ${pid}) has exited`);
  return Number(rss[1]) / 1024;
}

let api;

async function seed(mongoUri, env) {
  const client = new MongoClient(mongoUri);
  await client.connect();
  const db = client.db(DB);
  const marker = await db.collection('bench_meta').findOne({ _id: 'agreements' });
  if (marker?.count !== SOCKETS || marker.version !== BENCH_DATA_VERSION) {
    await removeBenchAgreements(db, 'presence');
    await insertBenchAgreements(db, {
      count: SOCKETS,
      prefix: 'presence',
      publicUrls: { api: env.PUBLIC_API_URL, signing: env.PUBLIC_SIGNING_URL },
    });
    await db
      .collection('bench_meta')
      .updateOne(
        { _id: 'agreements' },
        { $set: { count: SOCKETS, version: BENCH_DATA_VERSION } },
        { upsert: true },
      );
  }
  await client.close();
}

function connect(url, origin, i) {
  return new Promise((resolve, reject) => {
    const token = `presence-${i}`;
    const socket = io(url, {
      transports: ['websocket'],
      query: { token },
      extraHeaders: { origin },
      reconnection: false,
      timeout: 60_000,
    });
    socket.once('connect', () => {
      if (REPORT) socket.emit('user-active', { token, docLink: '' });
      resolve(socket);
    });
    socket.once('connect_error', reject);
  });
}

async function main() {
  const { mongoBase, redisUrl } = await benchServices('presence');
  const ports = { ...stackPorts(), api: await freePort(), mailCatcher: await freePort() };
  const mongoUri = `${mongoBase.replace(/\/$/, '')}/${DB}`;
  const env = {
    ...stackEnv(ports, { mongoUri, redisUrl }),
    QUEUE_PREFIX: `bench-presence-${process.pid}`,
    // Not the warnings of the presence writes the bench's own disconnects cut short at the end.
    LOG_LEVEL: 'error',
    // e.g. --heapsnapshot-signal=SIGUSR2 to look at what the sockets hold.
    ...(process.env.BENCH_API_NODE_OPTIONS
      ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS }
      : {}),
  };
  await seedDemoData(env);
  await seed(mongoUri, env);
  // e.g. BENCH_API_NODE_ARGS=--trace-gc: when the api's heap grows and is collected.
  const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  api = startProcess(
    'api',
    process.execPath,
    [...BACKEND_NODE_ARGS, ...apiNodeArgs, 'dist/main.api.js'],
    {
      cwd: path.join(ROOT, 'backend'),
      env,
    },
  );
  await waitForPort(ports.api, { timeoutMs: 120_000, child: api });
  const url = `http://127.0.0.1:${ports.api}`;
  const origin = new URL(env.PUBLIC_SIGNING_URL).origin;
  await sleep(2000);
  const before = rssMb(api.pid);
  const loadBefore = loadavg();

  const sockets = [];
  let disconnected = 0;
  const started = performance.now();
  for (let from = 0; from < SOCKETS; from += RAMP) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(RAMP, SOCKETS - from) }, (_, k) =>
        connect(url, origin, from + k),
      ),
    );
    for (const socket of batch) socket.once('disconnect', () => (disconnected += 1));
    sockets.push(...batch);
  }
  const connectSeconds = (performance.now() - started) / 1000;
  const connectedRss = rssMb(api.pid);
  let peak = connectedRss;
  const holdUntil = performance.now() + HOLD_MS;
  while (performance.now() < holdUntil) {
    await sleep(1000);
    peak = Math.max(peak, rssMb(api.pid));
  }
  const after = rssMb(api.pid);
  const still = sockets.filter((socket) => socket.connected).length;
  const lost = disconnected;
  for (const socket of sockets) socket.disconnect();

  console.log(
    `sockets:      ${SOCKETS} signer sockets (WebSocket${REPORT ? ', one user-active each' : ', idle'}), connected in ${connectSeconds.toFixed(1)} s, ${RAMP} at a time`,
  );
  console.log(
    `api RSS:      ${before.toFixed(0)} MB before, ${connectedRss.toFixed(0)} MB connected, ${after.toFixed(0)} MB after ${HOLD_MS / 1000} s idle (peak ${peak.toFixed(0)} MB; target ≤ ${TARGET_MB} MB: ${peak <= TARGET_MB ? 'met' : 'MISSED'})`,
  );
  console.log(
    `per socket:   ${(((after - before) * 1024) / SOCKETS).toFixed(1)} KB; still connected after the hold: ${still}/${SOCKETS} (${lost} disconnects)`,
  );
  console.log(`load average: ${loadBefore} before, ${loadavg()} after`);
  if (still < SOCKETS) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    if (api) await stopProcess(api);
    await stopAll();
  });
