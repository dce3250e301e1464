import type { INestApplication } from '@nestjs/common';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { MongoClient } from 'mongodb';
import { OUTAGE_MESSAGES } from '../src/platform/errors/dependency-outage';
import { startApi } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

/** The embedded MongoDB the repository builds (scripts/lib/setup.mjs). */
const EMBEDDED_MONGO = path.resolve(__dirname, '../../tools/embedded-mongo/bin/embedded-mongo');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function answersPing(uri: string): Promise<boolean> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500 });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * A database server of this test's own, so it can be stopped and started
 * again: the api answers 503 with a clear body while it is down, and serves
 * again by itself once it is back.
 */
describe('database outage: 503 while the database is down, served again once it is back', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosign-outage-'));
  let port: number;
  let database: ChildProcess | undefined;
  let env: TestEnv;
  let api: INestApplication;

  async function startDatabase(): Promise<void> {
    database = spawn(EMBEDDED_MONGO, ['-listen', `127.0.0.1:${port}`, '-data', dataDir], {
      stdio: 'ignore',
    });
    await waitFor(
      () => answersPing(`mongodb://127.0.0.1:${port}`),
      (up) => up,
      { timeoutMs: 60_000, intervalMs: 200 },
    );
  }

  async function stopDatabase(): Promise<void> {
    const child = database;
    database = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  beforeAll(async () => {
    port = await freePort();
    await startDatabase();
    env = createTestEnv(__filename, { MONGODB_URI: `mongodb://127.0.0.1:${port}/outage` });
    ({ app: api } = await startApi(env.config));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    if (database) await env?.cleanup();
    await stopDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with what is down, then serves again without a restart', async () => {
    const http = () => request(api.getHttpServer());
    // Up: a staff route without a session is refused by the guard, not the gate.
    await http().get('/api/service/get-services').expect(401);

    await stopDatabase();
    const down = await waitFor(
      () => http().get('/api/service/get-services'),
      (res) => res.status === 503,
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    expect(down.body).toMatchObject({ statusCode: 503, message: OUTAGE_MESSAGES.database });
    expect(down.headers['retry-after']).toBeDefined();
    // Health still answers, and says the database is down.
    const health = await http().get('/api/health');
    expect(JSON.stringify(health.body)).toMatch(/database/i);

    await startDatabase();
    // Back by itself: the guard answers again, and so do database reads.
    await waitFor(
      () => http().get('/api/service/get-services'),
      (res) => res.status === 401,
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const after = await http().get('/api/health');
    expect(after.status).toBe(200);
  }, 120_000);
});
