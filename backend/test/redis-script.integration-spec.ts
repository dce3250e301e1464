import { Redis } from 'ioredis';
import { RedisScript } from '../src/platform/redis/redis-script';
import { createTestEnv } from './support/test-env';

/**
 * Lua scripts go to Redis by their digest: the rate limit's script ran with its whole text on
 * every signer request. A Redis that lost the script (restart, SCRIPT FLUSH) still runs it.
 */
describe('RedisScript', () => {
  const env = createTestEnv(__filename);
  let redis: Redis;
  const key = () =>
    `${env.config.QUEUE_PREFIX}:redis-script:${Math.random().toString(36).slice(2)}`;
  // Unique to this file, so no other suite's run loads it into Redis's script cache first.
  const countUp = new RedisScript(
    `-- redis-script.integration-spec ${Date.now()}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`,
  );

  beforeAll(() => {
    redis = new Redis(env.config.REDIS_URL);
  });

  afterAll(async () => {
    redis.disconnect();
    await env.cleanup();
  });

  it("sends the script's text once, then only its digest", async () => {
    const evalCalls = jest.spyOn(redis, 'eval');
    const evalshaCalls = jest.spyOn(redis, 'evalsha');
    const counter = key();

    await expect(countUp.run<number>(redis, [counter], [2])).resolves.toBe(2);
    await expect(countUp.run<number>(redis, [counter], [3])).resolves.toBe(5);
    await expect(countUp.run<number>(redis, [counter], [4])).resolves.toBe(9);

    expect(evalCalls).toHaveBeenCalledTimes(1);
    expect(evalshaCalls).toHaveBeenCalledTimes(3);
    expect(await redis.script('EXISTS', countUp.sha1)).toEqual([1]);
    evalCalls.mockRestore();
    evalshaCalls.mockRestore();
  });

  it('runs once, with the same keys and arguments, on a Redis that lost its scripts', async () => {
    const counter = key();
    await countUp.run(redis, [counter], [1]);
    // Other suites' scripts are run through ioredis or RedisScript: both load theirs again.
    await redis.script('FLUSH');
    await expect(countUp.run<number>(redis, [counter], [10])).resolves.toBe(11);
    expect(await redis.get(counter)).toBe('11');
  });

  it("passes the script's own errors on, unchanged", async () => {
    const failing = new RedisScript(`return redis.error_reply('NOT_ALLOWED the script said no')`);
    await expect(failing.run(redis, [key()])).rejects.toThrow('NOT_ALLOWED the script said no');
  });
});
