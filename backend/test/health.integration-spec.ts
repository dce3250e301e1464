import type { INestApplication } from '@nestjs/common';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { REDIS_CLIENT } from '../src/platform/redis/redis.constants';
import { startApi } from './support/test-apps';
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
      },
      adapters: {
        crm: 'local',
        documents: 'local',
        mail: 'local',
        captcha: 'local',
        identity: 'local',
        maps: 'local',
        fileService: 'local',
      },
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
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
  });
});
