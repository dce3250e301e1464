import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.constants';
import { RedisScript } from '../redis/redis-script';

const MINUTE_MS = 60_000;

/**
 * GCRA (the generic cell rate algorithm): one number a key, its "theoretical arrival time".
 * Each request moves it on by period/limit; a request is refused while it would lie more than
 * a period ahead of now. So `limit` requests may come at once, then one every period/limit,
 * with no edge where two fixed windows let twice the limit through. Redis's own clock, so every
 * replica counts alike. KEYS[1] the key's arrival time; ARGV limit, period (ms).
 * Answers {admitted 0|1, remaining, ms until the full quota is back, ms until the next may go}.
 */
const CONSUME = new RedisScript(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local limit = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local interval = period / limit
local arrival = tonumber(redis.call('GET', KEYS[1]) or now)
if arrival < now then arrival = now end
local after = arrival + interval
local allowedAt = after - period
if now < allowedAt then
  return {0, 0, math.ceil(arrival - now), math.ceil(allowedAt - now)}
end
redis.call('SET', KEYS[1], string.format('%.3f', after), 'PX', math.ceil(after - now))
return {1, math.floor((now + period - after) / interval), math.ceil(after - now), 0}
`);

/** Where a key stands after a request was counted (or refused). */
export interface RateLimitDecision {
  admitted: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the key's whole quota is back. */
  resetSeconds: number;
  /** Seconds until the next request may go; 0 when this one was admitted. */
  retryAfterSeconds: number;
}

/** The rate limit of each API key on the public api, shared by every api replica through Redis. */
@Injectable()
export class ApiKeyRateLimiter {
  private readonly limit: number;
  private readonly prefix: string;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    config: AppConfig,
  ) {
    this.limit = config.API_RATE_LIMIT_PER_MINUTE;
    this.prefix = `${config.QUEUE_PREFIX}:api-rate:`;
  }

  /** Counts one request of this key, unless the key is over its limit. */
  async consume(keyId: string): Promise<RateLimitDecision> {
    const [admitted, remaining, resetMs, retryMs] = await CONSUME.run<number[]>(
      this.redis,
      [`${this.prefix}${keyId}`],
      [this.limit, MINUTE_MS],
    );
    return {
      admitted: Number(admitted) === 1,
      limit: this.limit,
      remaining: Math.max(0, Number(remaining)),
      resetSeconds: Math.ceil(Number(resetMs) / 1000),
      retryAfterSeconds:
        Number(admitted) === 1 ? 0 : Math.max(1, Math.ceil(Number(retryMs) / 1000)),
    };
  }

  /** The `RateLimit-*` headers (IETF draft-ietf-httpapi-ratelimit-headers) for a decision. */
  headersOf(decision: RateLimitDecision): Record<string, string> {
    return {
      'RateLimit-Limit': String(decision.limit),
      'RateLimit-Remaining': String(decision.remaining),
      'RateLimit-Reset': String(decision.resetSeconds),
      'RateLimit-Policy': `${decision.limit};w=60`,
      ...(decision.admitted ? {} : { 'Retry-After': String(decision.retryAfterSeconds) }),
    };
  }
}
