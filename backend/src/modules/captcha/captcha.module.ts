import {
  Global,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { AuthModule } from '../auth/auth.module';
import { CaptchaLinkBodyPipe, CurrentRequestMiddleware } from './captcha-link-body.pipe';
import { CaptchaController } from './captcha.controller';
import { CaptchaPassGuard } from './captcha-pass.guard';
import { CaptchaPassService } from './captcha-pass.service';
import { UsedChallenges } from './used-challenges';

/** Captcha config and verification endpoints, and the pass guard signer endpoints use. */
@Global()
@Module({
  // AuthModule registers the Redis-backed rate limiter the captcha calls use.
  imports: [AuthModule],
  controllers: [CaptchaController],
  providers: [
    CaptchaPassService,
    CaptchaPassGuard,
    UsedChallenges,
    { provide: APP_PIPE, useClass: CaptchaLinkBodyPipe },
  ],
  exports: [CaptchaPassService, CaptchaPassGuard],
})
export class CaptchaModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(CurrentRequestMiddleware)
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
