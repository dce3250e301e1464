import { Redis } from 'ioredis';
import { RedisScript } from '../src/platform/redis/redis-script';
import { createTestEnv } from './support/test-env';

/**
 * Lua scripts go to Redis by their digest: the rate limit's script ran with its whole text on
 * every signer request. A Redis that does not hold the script (restarted, flushed) still runs it.
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

  // No SCRIPT FLUSH here: the suites beside this one share the Redis (a pipeline of BullMQ's
  // scripts meeting NOSCRIPT fails). A script it never held is the same case.
  it('runs once, with the same keys and arguments, on a Redis that does not hold it', async () => {
    const unknown = new RedisScript(
      `-- redis-script.integration-spec ${Date.now()} ${Math.random()}\n` +
        `return {redis.call('SET', KEYS[1], ARGV[1]), redis.call('APPEND', KEYS[2], ARGV[2])}`,
    );
    const [first, second] = [key(), key()];
    expect(await redis.script('EXISTS', unknown.sha1)).toEqual([0]);
    await expect(unknown.run(redis, [first, second], ['one', 'two'])).resolves.toEqual(['OK', 3]);
    expect([await redis.get(first), await redis.get(second)]).toEqual(['one', 'two']);
    expect(await redis.script('EXISTS', unknown.sha1)).toEqual([1]);
  });

  it("passes the script's own errors on, unchanged", async () => {
    const failing = new RedisScript(`return redis.error_reply('NOT_ALLOWED the script said no')`);
    await expect(failing.run(redis, [key()])).rejects.toThrow('NOT_ALLOWED the script said no');
  });
});
