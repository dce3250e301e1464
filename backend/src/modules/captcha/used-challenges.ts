import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { LOCAL_CHALLENGE_TTL_MS } from '../../integrations/captcha';
import { AppConfig } from '../../platform/config/app-config';
import { REDIS_CLIENT } from '../../platform/redis/redis.constants';

/** A solved challenge is remembered this long: longer than any challenge (local 10 min, reCAPTCHA 2 min) lives. */
const USED_CHALLENGE_TTL_MS = LOCAL_CHALLENGE_TTL_MS;

const CHALLENGE_USED_MESSAGE =
  'This robot check was already used. Please confirm you are not a robot again.';

/**
 * Challenge answers are single-use: the first verify of an answer marks it in
 * Redis (shared by every api process) and any later one is refused, so one
 * solved checkbox or reCAPTCHA response never yields a second pass.
 */
@Injectable()
export class UsedChallenges {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    config: AppConfig,
  ) {
    this.prefix = `${config.QUEUE_PREFIX}:captcha:used:`;
  }

  /** Marks the answer used; 403 when it already was. */
  async consume(response: string): Promise<void> {
    const key = `${this.prefix}${createHash('sha256').update(response).digest('base64url')}`;
    const first = await this.redis.set(key, '1', 'PX', USED_CHALLENGE_TTL_MS, 'NX');
    if (first !== 'OK') throw new ForbiddenException(CHALLENGE_USED_MESSAGE);
  }
}
