import { Global, Module } from '@nestjs/common';
import { CaptchaController } from './captcha.controller';
import { CaptchaPassGuard } from './captcha-pass.guard';
import { CaptchaPassService } from './captcha-pass.service';

/** Captcha config and verification endpoints, and the pass guard signer endpoints use. */
@Global()
@Module({
  controllers: [CaptchaController],
  providers: [CaptchaPassService, CaptchaPassGuard],
  exports: [CaptchaPassService, CaptchaPassGuard],
})
export class CaptchaModule {}
