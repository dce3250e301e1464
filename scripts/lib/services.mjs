// The stack's own data services: embedded MongoDB (FerretDB) and redis-server,
// each on its own port and data directory so they never touch a MongoDB or
// Redis the machine already runs.
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort, sleep, startProcess, stopProcess } from './processes.mjs';
import { DATA_DIR, MONGO_BINARY, ensureMongoBinary, ensureRedisServer } from './setup.mjs';

/** Starts embedded MongoDB and waits until it answers `ping`. Returns {child, uri}. */
export async function startMongo({ port, dataDir, logFile }) {
  await ensureMongoBinary();
  mkdirSync(dataDir, { recursive: true });
  const child = startProcess(
    'mongo',
    MONGO_BINARY,
    ['-listen', `127.0.0.1:${port}`, '-data', dataDir, '-log-level', 'warn'],
    { logFile },
  );
  const uri = `mongodb://127.0.0.1:${port}`;
  await waitForMongoPing(uri, child);
  return { child, uri };
}

async function waitForMongoPing(uri, child, timeoutMs = 60_000) {
  // The driver comes with mongoose; this runs after npm packages are installed.
  const { MongoClient } = await import('mongodb');
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`embedded MongoDB exited with code ${child.exitCode}`);
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 1000 });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await client.close().catch(() => {});
    }
    await sleep(300);
  }
  throw new Error(`embedded MongoDB did not answer ping at ${uri}: ${lastError?.message}`);
}

/** Starts redis-server with AOF and noeviction (BullMQ needs both) and waits for PONG. */
export async function startRedis({ port, dataDir, logFile }) {
  await ensureRedisServer();
  mkdirSync(dataDir, { recursive: true });
  const child = startProcess(
    'redis',
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dataDir,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--save',
      '',
      '--daemonize',
      'no',
    ],
    { logFile },
  );
  await waitForRedisPong(port, child);
  return { child, url: `redis://127.0.0.1:${port}` };
}

async function waitForRedisPong(port, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    if (await redisPing(port)) return;
    await sleep(200);
  }
  throw new Error(`redis-server did not answer PING on port ${port}`);
}

function redisPing(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Makes sure MONGODB_URI and REDIS_URL point at running services: when unset,
 * starts throw-away instances on free ports (data removed on stop). Used by
 * the test runner and by Jest's global setup when a suite is run on its own.
 */
export async function ensureTestServices() {
  const stoppers = [];
  const scratch = path.join(DATA_DIR, `test-${process.pid}`);
  if (!process.env.MONGODB_URI) {
    const mongo = await startMongo({
      port: await freePort(),
      dataDir: path.join(scratch, 'mongo'),
      logFile: path.join(scratch, 'mongo.log'),
    });
    process.env.MONGODB_URI = mongo.uri;
    stoppers.push(() => stopProcess(mongo.child));
  }
  if (!process.env.REDIS_URL) {
    const redis = await startRedis({
      port: await freePort(),
      dataDir: path.join(scratch, 'redis'),
      logFile: path.join(scratch, 'redis.log'),
    });
    process.env.REDIS_URL = redis.url;
    stoppers.push(() => stopProcess(redis.child));
  }
  return {
    async stop() {
      await Promise.all(stoppers.map((stop) => stop()));
      if (stoppers.length) rmSync(scratch, { recursive: true, force: true });
    },
  };
}
