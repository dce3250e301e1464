import type { Redis } from 'ioredis';
import { RedisScript } from './redis-script';

/**
 * Admits one request if fewer than `limit` were admitted in the last `windowMs` (by Redis's own
 * clock, so every replica counts alike): answers {1, the admission time in ms}; else {0, how
 * long to wait for the oldest to leave the window}. KEYS[1] the window's sorted set; ARGV limit,
 * windowMs, a unique member.
 */
const ADMIT = new RedisScript(`
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], ms, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, ms}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, math.max(1, tonumber(oldest[2]) + window - ms)}
`);

let sequence = 0;

/**
 * A rate limit shared by every process on one Redis: at most `limit` requests in any
 * `windowMs` (a sliding window, not fixed buckets, so no burst of twice the limit at a
 * bucket's edge). `acquire` waits its turn. Used for HubSpot's 190 requests per 10 s of a
 * private app, however many api and worker replicas call it.
 */
export class SlidingWindowLimiter {
  private readonly member = `${process.pid}.${Math.random().toString(36).slice(2)}`;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Resolves when this request may go (it is then counted), with its admission time (Redis's clock, ms). */
  async acquire(): Promise<number> {
    for (;;) {
      const [admitted, value] = await ADMIT.run<[number, number]>(
        this.redis,
        [this.key],
        [this.limit, this.windowMs, `${this.member}.${(sequence += 1)}`],
      );
      if (Number(admitted) === 1) return Number(value);
      await new Promise((resolve) => setTimeout(resolve, Number(value)));
    }
  }
}
