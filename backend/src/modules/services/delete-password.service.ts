import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { SERVICE_MESSAGES, type PasswordCheck } from '@prosign/domain';
import type { Redis } from 'ioredis';
import { AppConfig } from '../../platform/config/app-config';
import { REDIS_CLIENT } from '../../platform/redis/redis.constants';
import { RedisScript } from '../../platform/redis/redis-script';
import { hashPassword, verifyPassword } from './password-hash';
import { ServiceRepository } from './service.repository';

/** Failed attempts are counted over this window, per session and per client address. */
const ATTEMPT_WINDOW_SECONDS = 15 * 60;
/** One client address may fail this many times the per-session limit. */
const IP_LIMIT_FACTOR = 5;

/**
 * KEYS: attempt counters; ARGV: the limit of each, then the window in seconds.
 * Counts one attempt on every counter unless one is at its limit already (0).
 * The window starts at the first attempt and is not extended by later ones.
 */
const TAKE_ATTEMPT_SCRIPT = new RedisScript(`
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i]) then return 0 end
end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[#KEYS + 1]) end
end
return 1
`);

/**
 * The password that confirms deleting a service (spec 1 §6). Stored only as an
 * scrypt hash; a fresh install starts from SERVICE_DELETE_PASSWORD. A correct
 * password marks the staff session as verified for a short while, and the
 * delete call itself requires (and uses up) that mark.
 */
@Injectable()
export class DeletePasswordService {
  private readonly keyPrefix: string;

  constructor(
    private readonly services: ServiceRepository,
    private readonly config: AppConfig,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {
    this.keyPrefix = `${config.QUEUE_PREFIX}:service-delete:`;
  }

  async verify(
    password: string,
    sessionId: string,
    ip: string | undefined,
  ): Promise<PasswordCheck> {
    const limit = this.config.SERVICE_DELETE_MAX_ATTEMPTS;
    const counters = [`${this.keyPrefix}attempts:session:${sessionId}`];
    const limits = [limit];
    if (ip) {
      counters.push(`${this.keyPrefix}attempts:ip:${ip}`);
      // A whole office may share one address: it gets more tries than one session.
      limits.push(limit * IP_LIMIT_FACTOR);
    }
    // The attempt takes its slot first, in one atomic check-and-count, and only then is the
    // password checked: guesses sent in parallel each see the others' slots and cannot beat
    // the limit. A refused attempt takes no slot (a locked session does not use up its
    // office's allowance).
    const admitted = await TAKE_ATTEMPT_SCRIPT.run(this.redis, counters, [
      ...limits,
      ATTEMPT_WINDOW_SECONDS,
    ]);
    if (admitted !== 1) {
      throw new HttpException(
        SERVICE_MESSAGES.tooManyPasswordAttempts,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }

    if (await verifyPassword(password, await this.currentHash())) {
      // A right password is no failed attempt: the session starts afresh, the address gets its slot back.
      const verified = this.redis
        .multi()
        .set(this.verifiedKey(sessionId), '1', 'EX', this.config.SERVICE_DELETE_VERIFY_TTL_SECONDS)
        .del(counters[0]);
      if (counters[1]) verified.decr(counters[1]);
      await verified.exec();
      return { valid: true, message: 'Password verified.' };
    }

    return { valid: false, message: SERVICE_MESSAGES.wrongPassword };
  }

  /** Uses up the session's recent verification; false when there is none. */
  async consumeVerification(sessionId: string): Promise<boolean> {
    return (await this.redis.getdel(this.verifiedKey(sessionId))) !== null;
  }

  /** Puts a verification back (the delete it was taken for did not happen). */
  async restoreVerification(sessionId: string): Promise<void> {
    await this.redis.set(
      this.verifiedKey(sessionId),
      '1',
      'EX',
      this.config.SERVICE_DELETE_VERIFY_TTL_SECONDS,
    );
  }

  async change(password: string, updatedBy: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.services.storeDeletePassword(passwordHash, updatedBy);
  }

  /** The stored hash; on a fresh install, the configured initial password's (stored once). */
  private async currentHash(): Promise<string> {
    const stored = await this.services.findDeletePassword();
    if (stored) return stored.passwordHash;
    const passwordHash = await hashPassword(this.config.SERVICE_DELETE_PASSWORD);
    await this.services.insertDeletePasswordIfAbsent(passwordHash, 'configuration');
    // Another process may have stored its hash first; read back whichever won.
    const winner = await this.services.findDeletePassword();
    return winner?.passwordHash ?? passwordHash;
  }

  private verifiedKey(sessionId: string): string {
    return `${this.keyPrefix}verified:${sessionId}`;
  }
}
