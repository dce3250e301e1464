import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CaptchaController } from './captcha.controller';
import { CaptchaPassGuard } from './captcha-pass.guard';
import { CaptchaPassService } from './captcha-pass.service';
import { CaptchaUploadLinkInterceptor } from './captcha-upload';
import { UsedChallenges } from './used-challenges';

/** Captcha config and verification endpoints, and the pass guard signer endpoints use. */
@Global()
@Module({
  // AuthModule registers the Redis-backed rate limiter the captcha calls use.
  imports: [AuthModule],
  controllers: [CaptchaController],
  providers: [CaptchaPassService, CaptchaPassGuard, UsedChallenges, CaptchaUploadLinkInterceptor],
  exports: [CaptchaPassService, CaptchaPassGuard, CaptchaUploadLinkInterceptor],
})
export class CaptchaModule {}
