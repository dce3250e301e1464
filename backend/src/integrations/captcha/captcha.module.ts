import { Global, Logger, Module } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../../platform/config/app-config';
import { CAPTCHA_PORT, CAPTCHA_SECRET, type CaptchaPort } from './captcha.port';
import { LocalCaptchaAdapter } from './local-captcha.adapter';
import { RecaptchaCaptchaAdapter } from './recaptcha-captcha.adapter';

/** The captcha port (reCAPTCHA v2 or the local checkbox) and the secret that signs passes. */
@Global()
@Module({
  providers: [
    {
      provide: CAPTCHA_SECRET,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Buffer => {
        if (config.CAPTCHA_PASS_SECRET) return Buffer.from(config.CAPTCHA_PASS_SECRET, 'utf8');
        // Config validation requires the variable in production; elsewhere passes live as long as the process.
        new Logger('Captcha').warn(
          'CAPTCHA_PASS_SECRET is not set: using a random secret for this process',
        );
        return randomBytes(32);
      },
    },
    {
      provide: CAPTCHA_PORT,
      inject: [AppConfig, CAPTCHA_SECRET],
      useFactory: (config: AppConfig, secret: Buffer): CaptchaPort =>
        config.CAPTCHA_ADAPTER === 'recaptcha'
          ? new RecaptchaCaptchaAdapter(config)
          : new LocalCaptchaAdapter(secret),
    },
  ],
  exports: [CAPTCHA_PORT, CAPTCHA_SECRET],
})
export class CaptchaIntegrationModule {}
