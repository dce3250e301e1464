import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.constants';

/**
 * What ended or changed a staff member's standing, for whoever holds something
 * a session opened (the staff room's sockets). Session ids travel hashed.
 */
export type StaffAccessEvent =
  { kind: 'session-ended'; sessionKey: string } | { kind: 'user-changed'; email: string };

/** The form a session id travels in on the channel (never the id itself: it is a credential). */
export function sessionKeyOf(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

/**
 * Announces sign-outs and access changes on a Redis channel
 * (`<QUEUE_PREFIX>:staff-access`), so every api process can drop what the
 * session or the flag no longer allows (StaffRoomGateway). Best effort: a
 * Redis hiccup never fails the sign-out or the change; the gateway's periodic
 * re-check catches up.
 */
@Injectable()
export class StaffAccessEvents {
  private readonly logger = new Logger(StaffAccessEvents.name);
  readonly channel: string;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    config: AppConfig,
  ) {
    this.channel = `${config.QUEUE_PREFIX}:staff-access`;
  }

  sessionEnded(sessionId: string): Promise<void> {
    return this.publish({ kind: 'session-ended', sessionKey: sessionKeyOf(sessionId) });
  }

  userChanged(email: string): Promise<void> {
    return this.publish({ kind: 'user-changed', email: email.toLowerCase() });
  }

  private async publish(event: StaffAccessEvent): Promise<void> {
    try {
      await this.redis.publish(this.channel, JSON.stringify(event));
    } catch (error) {
      this.logger.warn(`Staff access event not published: ${(error as Error).message}`);
    }
  }
}
