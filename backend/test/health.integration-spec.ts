import type { INestApplication } from '@nestjs/common';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { REDIS_CLIENT } from '../src/platform/redis/redis.constants';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

describe('GET /api/health', () => {
  const env = createTestEnv(__filename);
  let app: INestApplication;

  beforeAll(async () => {
    ({ app } = await startApi(env.config));
  });

  afterAll(async () => {
    await app.close();
    await env.cleanup();
  });

  it('reports MongoDB and Redis up, queue counts, adapters and version', async () => {
    const res = await request(app.getHttpServer()).get('/api/health').expect(200);

    const emptyQueue = { waiting: 0, active: 0, failed: 0, delayed: 0 };
    expect(res.body).toEqual({
      status: 'ok',
      database: { up: true, latencyMs: expect.any(Number) },
      redis: { up: true, latencyMs: expect.any(Number) },
      queues: {
        documents: emptyQueue,
        mail: emptyQueue,
        crm: emptyQueue,
        system: emptyQueue,
        signing: emptyQueue,
        'contract-schedules': emptyQueue,
        webhooks: emptyQueue,
        insights: emptyQueue,
      },
      // No worker runs in this test.
      workers: { alive: 0, lastSeenMsAgo: null },
      adapters: {
        crm: 'local',
        documents: 'local',
        mail: 'local',
        captcha: 'local',
        identity: 'local',
        maps: 'local',
        fileService: 'local',
        timestamp: 'local',
      },
      sealLevel: 'B-LTA',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it("reads the workers' heartbeats from Redis", async () => {
    const worker = await startWorker(env.config);
    try {
      const res = await request(app.getHttpServer()).get('/api/health').expect(200);
      expect(res.body.workers).toEqual({ alive: 1, lastSeenMsAgo: expect.any(Number) });
    } finally {
      await worker.close();
    }
    // A worker that stops takes its heartbeat with it.
    const after = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(after.body.workers).toMatchObject({ alive: 0 });
  });

  it('answers 503 with the same body when a dependency is down', async () => {
    // Cut the api's Redis connection for good (disconnect() does not reconnect).
    app.get<Redis>(REDIS_CLIENT).disconnect();

    const res = await request(app.getHttpServer()).get('/api/health').expect(503);

    expect(res.body).toMatchObject({
      status: 'degraded',
      database: { up: true },
      redis: { up: false, latencyMs: null },
      queues: null,
      adapters: { crm: 'local' },
    });
    // Every other route answers 503 at once, in words, while Redis is down.
    const refused = await request(app.getHttpServer()).get('/api/auth/options').expect(503);
    expect(refused.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: expect.stringMatching(/^ProSign cannot reach its job queue \(Redis\) right now/),
    });
    expect(refused.headers['retry-after']).toBe('30');
  });
});
