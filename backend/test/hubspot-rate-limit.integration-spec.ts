import { Redis } from 'ioredis';
import { HubSpotCrmAdapter } from '../src/integrations/crm/hubspot-crm.adapter';
import { SlidingWindowLimiter } from '../src/platform/redis/sliding-window-limiter';
import { HttpStandIn } from './support/http-stand-in';
import { createTestEnv } from './support/test-env';

const pipelines = { results: [] };

/**
 * Issue 36 item 5: HubSpot's request limit (190 per 10 s for a private app) holds across every
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
    const granted: number[] = [];
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).acquire().then(() => granted.push(Date.now())),
      ),
    );
    granted.sort((x, y) => x - y);
    expect(granted).toHaveLength(20);
    // Any six grants span more than a window (a little slack for the clocks' rounding).
    for (let i = 0; i + 5 < granted.length; i++) {
      expect(granted[i + 5] - granted[i]).toBeGreaterThanOrEqual(590);
    }
    // 20 at 5 per 600 ms: the last ones wait three windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 590);
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
      const limiter = new SlidingWindowLimiter(
        redis(),
        `${env.config.QUEUE_PREFIX}:adapter-limit-test`,
        2,
        800,
      );
      const adapter = new HubSpotCrmAdapter(config as never, limiter);
      for (let i = 0; i < 4; i++) {
        hubspot.expect({ method: 'GET', path: '/crm/v3/pipelines/deals', reply: pipelines });
      }
      const times: number[] = [];
      await Promise.all(
        Array.from({ length: 4 }, () => adapter.listPipelines().then(() => times.push(Date.now()))),
      );
      hubspot.verify();
      times.sort((x, y) => x - y);
      // Two go at once; the third and fourth wait for the first two to leave the 800 ms window
      // (measured at the answers: the first answer came some milliseconds after its grant).
      expect(times[2] - times[0]).toBeGreaterThanOrEqual(700);
      expect(times[1] - times[0]).toBeLessThan(400);
    } finally {
      await hubspot.stop();
    }
  });
});
