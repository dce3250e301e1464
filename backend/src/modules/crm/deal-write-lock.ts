import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../../platform/config/app-config';
import { REDIS_CLIENT } from '../../platform/redis/redis.constants';
import { RedisScript } from '../../platform/redis/redis-script';

/** How long a held lock lives if its worker dies holding it. */
const HELD_FOR_MS = 30_000;
/** How long a write waits for another write of the same deal before it fails (and is retried). */
const WAIT_MS = 10_000;
const POLL_MS = 50;

/** Deletes the lock only if this holder still holds it. */
const RELEASE = new RedisScript(
  `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`,
);

/**
 * One write of a deal's properties at a time, over every worker (Redis). A write looks whether a
 * later event's write already wrote the deal, writes the deal, then records itself written: two
 * writes of one deal side by side (retries after a CRM outage) could both look before either
 * recorded itself, and a late "sent" would take a signed deal back.
 */
@Injectable()
export class DealWriteLock {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  async whileHeld<T>(dealId: string, work: () => Promise<T>): Promise<T> {
    const key = `${this.config.QUEUE_PREFIX}:crm-deal-write:${dealId}`;
    const holder = randomBytes(12).toString('base64url');
    const giveUpAt = Date.now() + WAIT_MS;
    while ((await this.redis.set(key, holder, 'PX', HELD_FOR_MS, 'NX')) !== 'OK') {
      if (Date.now() >= giveUpAt) {
        throw new Error(`another write of deal ${dealId} is under way`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      return await work();
    } finally {
      await RELEASE.run(this.redis, [key], [holder]).catch(() => undefined);
    }
  }
}
