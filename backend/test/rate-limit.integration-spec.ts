import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const LIMIT = 5;

/**
 * Two api processes behind one load balancer count a client's sign-in attempts together:
 * the limit is the configured one, not one per process.
 */
describe('rate limits shared by every api process (Redis)', () => {
  const env = createTestEnv(__filename, { SIGN_IN_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  let first: INestApplication;
  let second: INestApplication;

  beforeAll(async () => {
    ({ app: first } = await startApi(env.config));
    ({ app: second } = await startApi(env.config));
  });

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await env.cleanup();
  });

  const checkUser = (app: INestApplication) =>
    request(app.getHttpServer()).post('/api/auth/check-user').send({ email: 'probe' });

  it('refuses the attempt past the limit whichever process it reaches, and says when to retry', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      statuses.push((await checkUser(attempt % 2 === 0 ? first : second)).status);
    }
    expect(statuses).toEqual(Array(LIMIT).fill(200));

    for (const app of [first, second]) {
      const refused = await checkUser(app);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after-sign-in']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('keeps the counters under the deployment prefix, expiring with the window', async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const keys = await redis.keys(`${env.prefix}:throttle:sign-in:*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        const ttl = await redis.pttl(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(60_000);
      }
    } finally {
      redis.disconnect();
    }
  });
});
