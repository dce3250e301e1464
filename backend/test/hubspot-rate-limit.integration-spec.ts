import { Redis } from 'ioredis';
import { HubSpotCrmAdapter } from '../src/integrations/crm/hubspot-crm.adapter';
import { SlidingWindowLimiter } from '../src/platform/redis/sliding-window-limiter';
import { HttpStandIn } from './support/http-stand-in';
import { createTestEnv } from './support/test-env';

const pipelines = { results: [] };

/**
 * HubSpot's request limit (190 per 10 s for a private app) holds across every
 * replica: one sliding window in Redis that all of them count in and wait on.
 */
describe('HubSpot request limit shared through Redis', () => {
  const env = createTestEnv(__filename);
  const connections: Redis[] = [];
  const redis = () => {
    const connection = new Redis(env.config.REDIS_URL);
    connections.push(connection);
    return connection;
  };

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.quit()));
    await env.cleanup();
  });

  it('two replicas together never pass more than the limit in any window', async () => {
    const key = `${env.config.QUEUE_PREFIX}:limit-test`;
    const [a, b] = [redis(), redis()].map(
      (connection) => new SlidingWindowLimiter(connection, key, 5, 600),
    );
    const started = Date.now();
    // Each admission's time by Redis's clock, the one the window is kept by.
    const granted = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).acquire()),
    );
    granted.sort((x, y) => x - y);
    expect(granted).toHaveLength(20);
    // Any six admissions span at least a window: never more than five in 600 ms.
    for (let i = 0; i + 5 < granted.length; i++) {
      expect(granted[i + 5] - granted[i]).toBeGreaterThanOrEqual(600);
    }
    // 20 at 5 per 600 ms: the last ones waited three windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 600);
  });

  it('every HubSpot call of the adapter waits its turn', async () => {
    const hubspot = new HttpStandIn();
    await hubspot.start();
    try {
      const config = {
        ...env.config,
        HUBSPOT_ACCESS_TOKEN: 'pat-test',
        HUBSPOT_BASE_URL: hubspot.url,
        HUBSPOT_PROJECT_OBJECT_TYPE: '2-1',
      };
      const window = new SlidingWindowLimiter(
        redis(),
        `${env.config.QUEUE_PREFIX}:adapter-limit-test`,
        2,
        800,
      );
      // Each call's admission, and the requests HubSpot had received by then.
      const admissions: Array<{ at: number; received: number }> = [];
      const limiter = {
        acquire: async () => {
          const at = await window.acquire();
          admissions.push({ at, received: hubspot.requests.length });
          return at;
        },
      };
      const adapter = new HubSpotCrmAdapter(config as never, limiter);
      for (let i = 0; i < 4; i++) {
        hubspot.expect({ method: 'GET', path: '/crm/v3/pipelines/deals', reply: pipelines });
      }
      await Promise.all(Array.from({ length: 4 }, () => adapter.listPipelines()));
      hubspot.verify();
      // Every call was admitted first; the third and fourth a window after the first two.
      expect(admissions).toHaveLength(4);
      expect(admissions[2].at - admissions[0].at).toBeGreaterThanOrEqual(800);
      expect(admissions[3].at - admissions[1].at).toBeGreaterThanOrEqual(800);
      // No request reached HubSpot before its admission: the first two had gone when the
      // third was admitted, never more.
      expect(admissions[2].received).toBeLessThanOrEqual(2);
    } finally {
      await hubspot.stop();
    }
  });
});
