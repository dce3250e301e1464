import { CAPTCHA_ADAPTERS, type CaptchaAdapter } from '@prosign/domain';
import { Expose } from 'class-transformer';
import { IsIn, IsNotEmpty, IsUrl, Matches, Validate, ValidateIf } from 'class-validator';
import { LifecycleConfig } from './lifecycle-config';
import {
  IntegerBetween,
  NoLocalCaptchaInProduction,
  httpUrl,
  oneOf,
  requiredWhen,
} from '../config-validation';

/** The captcha: its adapter, reCAPTCHA, and the passes handed to signers. */
export class CaptchaConfig extends LifecycleConfig {
  @Expose()
  @IsIn(CAPTCHA_ADAPTERS, oneOf('CAPTCHA_ADAPTER', CAPTCHA_ADAPTERS))
  @Validate(NoLocalCaptchaInProduction)
  readonly CAPTCHA_ADAPTER: CaptchaAdapter = 'local';

  @Expose()
  @ValidateIf((env: CaptchaConfig) => env.CAPTCHA_ADAPTER === 'recaptcha')
  @IsNotEmpty(requiredWhen('RECAPTCHA_SECRET', 'CAPTCHA_ADAPTER=recaptcha'))
  readonly RECAPTCHA_SECRET?: string;

  /** The public key the browser's reCAPTCHA widget is rendered with. */
  @Expose()
  @ValidateIf((env: CaptchaConfig) => env.CAPTCHA_ADAPTER === 'recaptcha')
  @IsNotEmpty(requiredWhen('RECAPTCHA_SITE_KEY', 'CAPTCHA_ADAPTER=recaptcha'))
  readonly RECAPTCHA_SITE_KEY?: string;

  @Expose()
  @IsUrl(httpUrl, { message: 'RECAPTCHA_VERIFY_URL must be an http(s) URL' })
  readonly RECAPTCHA_VERIFY_URL: string = 'https://www.google.com/recaptcha/api/siteverify';

  /**
   * Signs the captcha passes handed to signers. Unset outside production: a
   * random secret per process (passes then die with the process).
   */
  @Expose()
  @ValidateIf(
    (env: CaptchaConfig) => env.NODE_ENV === 'production' || env.CAPTCHA_PASS_SECRET !== undefined,
  )
  @IsNotEmpty(requiredWhen('CAPTCHA_PASS_SECRET', 'NODE_ENV=production'))
  @Matches(/^.{32,}$/, { message: 'CAPTCHA_PASS_SECRET must be at least 32 characters' })
  readonly CAPTCHA_PASS_SECRET?: string;

  @Expose()
  @IntegerBetween(60, 86400)
  readonly CAPTCHA_PASS_TTL_SECONDS: number = 2 * 60 * 60;
}
