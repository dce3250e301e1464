import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { AppConfig } from '../../platform/config/app-config';
import { REDIS_CLIENT } from '../../platform/redis/redis.constants';
import { RedisThrottlerStorage } from '../../platform/security/redis-throttler.storage';
import { AccessModule } from '../access/access.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';

/**
 * Public sign-in endpoints allow SIGN_IN_RATE_LIMIT_PER_MINUTE attempts per
 * client address a minute: enough for a person retyping their name, too few
 * to enumerate users.
 */
const SIGN_IN_RATE_WINDOW_MS = 60_000;

/** Staff sessions over the identity adapters: session, sign-out, user-name check. */
@Module({
  imports: [
    AccessModule,
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS_CLIENT],
      useFactory: (config: AppConfig, redis: Redis) => ({
        throttlers: [
          {
            name: 'sign-in',
            ttl: SIGN_IN_RATE_WINDOW_MS,
            limit: config.SIGN_IN_RATE_LIMIT_PER_MINUTE,
          },
        ],
        // Counted in Redis: one limit per client across every api process.
        storage: new RedisThrottlerStorage(redis, config.QUEUE_PREFIX),
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService],
  exports: [AuthService, AccessModule, ThrottlerModule],
})
export class AuthModule {}
