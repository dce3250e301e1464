import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { RedisScript } from '../redis/redis-script';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One fixed window per key: count the hit, start the window on the first one, and once the
 * count passes the limit block the key for `blockDuration`. Atomic in Redis, so every api
 * process counts against the same window.
 * Returns [hits, window ms left, blocked 0|1, block ms left].
 */
const HIT_SCRIPT = new RedisScript(`
local blockLeft = redis.call('PTTL', KEYS[2])
if blockLeft > 0 then
  return {tonumber(redis.call('GET', KEYS[1]) or '0'), math.max(redis.call('PTTL', KEYS[1]), 0), 1, blockLeft}
end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local windowLeft = redis.call('PTTL', KEYS[1])
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return {hits, windowLeft, 1, tonumber(ARGV[3])}
end
return {hits, windowLeft, 0, 0}
`);

/**
 * Rate-limit counters in Redis rather than in each process's memory: with several api
 * processes behind a load balancer, a client's limit stays the configured one, not one per
 * process, and a restart does not reset it.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly prefix: string;

  /** `keyPrefix`: the deployment's Redis key prefix (QUEUE_PREFIX). */
  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
  ) {
    this.prefix = `${keyPrefix}:throttle:`;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}${throttlerName}:${key}`;
    const [totalHits, windowLeftMs, blocked, blockLeftMs] = await HIT_SCRIPT.run<
      [number, number, number, number]
    >(
      this.redis,
      [`${base}:hits`, `${base}:blocked`],
      [String(ttl), String(limit), String(blockDuration > 0 ? blockDuration : ttl)],
    );
    return {
      totalHits,
      // The guard reports these in seconds (Retry-After).
      timeToExpire: Math.ceil(windowLeftMs / 1000),
      isBlocked: blocked === 1,
      timeToBlockExpire: Math.ceil(blockLeftMs / 1000),
    };
  }
}
