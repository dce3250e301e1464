import { Inject, Injectable } from '@nestjs/common';
import { STAFF_SESSION_TTL_MS } from '@prosign/domain';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.constants';
import { StaffAccessEvents } from './staff-access-events';

/** What the server remembers of a sign-in. Access rights are not copied here: they are read per request. */
interface StaffSessionRecord {
  email: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; fixed at creation (absolute expiry, never extended). */
  expiresAt: string;
  ip?: string;
}

export interface StaffSessionHandle extends StaffSessionRecord {
  id: string;
}

/** 32 random bytes, base64url: 256 bits, 43 characters. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * Server-side staff sessions in Redis: `<prefix>:session:<id>` holds the
 * record with a TTL fixed at creation (12 hours, absolute), and
 * `<prefix>:session:user:<email>` the ids of a person's sessions so they can
 * all be ended at once (user deleted). The id is the only thing the browser
 * holds, in an httpOnly cookie.
 */
@Injectable()
export class SessionService {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    config: AppConfig,
    private readonly events: StaffAccessEvents,
  ) {
    this.prefix = `${config.QUEUE_PREFIX}:session:`;
  }

  async create(email: string, ip?: string): Promise<StaffSessionHandle> {
    const id = randomBytes(32).toString('base64url');
    const now = Date.now();
    const record: StaffSessionRecord = {
      email,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + STAFF_SESSION_TTL_MS).toISOString(),
      ...(ip ? { ip } : {}),
    };
    const userKey = this.userKey(email);
    await this.redis
      .multi()
      .set(this.sessionKey(id), JSON.stringify(record), 'PX', STAFF_SESSION_TTL_MS)
      .sadd(userKey, id)
      // The index lives as long as the newest session it lists.
      .pexpire(userKey, STAFF_SESSION_TTL_MS)
      .exec();
    return { id, ...record };
  }

  /** The live session for an id from a cookie, or null (unknown, malformed or expired). */
  async get(id: string | undefined): Promise<StaffSessionHandle | null> {
    if (!id || !SESSION_ID.test(id)) return null;
    const raw = await this.redis.get(this.sessionKey(id));
    if (!raw) return null;
    const record = JSON.parse(raw) as StaffSessionRecord;
    if (Date.parse(record.expiresAt) <= Date.now()) {
      await this.destroy(id);
      return null;
    }
    return { id, ...record };
  }

  async destroy(id: string): Promise<void> {
    if (!SESSION_ID.test(id)) return;
    const raw = await this.redis.getdel(this.sessionKey(id));
    if (raw) {
      const { email } = JSON.parse(raw) as StaffSessionRecord;
      await this.redis.srem(this.userKey(email), id);
    }
    // Sockets it opened (staff room) close, on whichever api process holds them.
    await this.events.sessionEnded(id);
  }

  /** Ends every session of a person (their user was deleted). Returns how many were live. */
  async destroyAllForUser(email: string): Promise<number> {
    const userKey = this.userKey(email);
    const ids = await this.redis.smembers(userKey);
    if (ids.length === 0) return 0;
    const removed = await this.redis.del(...ids.map((id) => this.sessionKey(id)));
    await this.redis.del(userKey);
    await this.events.userChanged(email);
    return removed;
  }

  private sessionKey(id: string): string {
    return `${this.prefix}${id}`;
  }

  private userKey(email: string): string {
    return `${this.prefix}user:${email.toLowerCase()}`;
  }
}
