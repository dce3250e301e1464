import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';

/**
 * A Lua script Redis runs by its digest (EVALSHA). EVAL sent the script's whole text with every
 * call (the rate limit's, once per signer request) and Redis hashed it again each time. A Redis
 * that does not hold the script (restarted, flushed, another node) answers NOSCRIPT and is sent
 * the text once, with the same keys and arguments.
 */
export class RedisScript {
  readonly sha1: string;

  constructor(readonly lua: string) {
    this.sha1 = createHash('sha1').update(lua).digest('hex');
  }

  async run<T>(redis: Redis, keys: string[], args: (string | number)[] = []): Promise<T> {
    try {
      return (await redis.evalsha(this.sha1, keys.length, ...keys, ...args)) as T;
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return (await redis.eval(this.lua, keys.length, ...keys, ...args)) as T;
    }
  }
}
