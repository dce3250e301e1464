import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AccessModule } from '../access/access.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';

/**
 * Public sign-in endpoints allow this many attempts per client address a
 * minute: enough for a person retyping their name, too few to enumerate users.
 */
export const SIGN_IN_RATE_LIMIT = { ttl: 60_000, limit: 30 } as const;

/** Staff sessions over the identity adapters: session, sign-out, user-name check. */
@Module({
  imports: [AccessModule, ThrottlerModule.forRoot([{ name: 'sign-in', ...SIGN_IN_RATE_LIMIT }])],
  controllers: [AuthController],
  providers: [AuthService],
  exports: [AuthService, AccessModule, ThrottlerModule],
})
export class AuthModule {}
