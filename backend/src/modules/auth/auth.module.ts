import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../../platform/config/app-config';
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
      inject: [AppConfig],
      useFactory: (config: AppConfig) => [
        {
          name: 'sign-in',
          ttl: SIGN_IN_RATE_WINDOW_MS,
          limit: config.SIGN_IN_RATE_LIMIT_PER_MINUTE,
        },
      ],
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService],
  exports: [AuthService, AccessModule, ThrottlerModule],
})
export class AuthModule {}
