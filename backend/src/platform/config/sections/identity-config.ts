import {
  DEFAULT_COMPANY_EMAIL_DOMAIN,
  IDENTITY_ADAPTERS,
  type IdentityAdapter,
} from '@prosign/domain';
import { Expose, Transform } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsUrl,
  Validate,
  ValidateIf,
} from 'class-validator';
import { CaptchaConfig } from './captcha-config';
import {
  CompanyEmails,
  EmailDomain,
  NoLocalSignInInProduction,
  httpUrl,
  oneOf,
  requiredWhen,
  toLowerCaseList,
} from '../config-validation';

/** Staff identity: its adapter, the company's e-mail domain and addresses, the public app URLs, Google sign-in. */
export class IdentityConfig extends CaptchaConfig {
  @Expose()
  @IsIn(IDENTITY_ADAPTERS, oneOf('IDENTITY_ADAPTER', IDENTITY_ADAPTERS))
  @Validate(NoLocalSignInInProduction)
  readonly IDENTITY_ADAPTER: IdentityAdapter = 'local';

  /** Staff type a user name; this domain is appended (spec 1 §2.3). */
  @Expose()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  )
  @Validate(EmailDomain)
  readonly COMPANY_EMAIL_DOMAIN: string = DEFAULT_COMPANY_EMAIL_DOMAIN;

  /**
   * Made admins with every flag on each api start, so a fresh install can be
   * administered. Required in production; elsewhere see `bootstrapAdminEmails`.
   */
  @Expose()
  @Transform(toLowerCaseList)
  @ValidateIf(
    (env: IdentityConfig) =>
      env.NODE_ENV === 'production' || env.BOOTSTRAP_ADMIN_EMAILS !== undefined,
  )
  @ArrayNotEmpty(requiredWhen('BOOTSTRAP_ADMIN_EMAILS', 'NODE_ENV=production'))
  @Validate(CompanyEmails)
  readonly BOOTSTRAP_ADMIN_EMAILS?: string[];

  /** The PM every PM list starts with (spec 1 §6); see `defaultPmEmail`. */
  @Expose()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  )
  @IsOptional()
  @Validate(CompanyEmails)
  readonly DEFAULT_PM_EMAIL?: string;

  /** The company address the CO cc choices always start with (spec 3 §2); see `coCompanyCcEmail`. */
  @Expose()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() || undefined : value,
  )
  @IsOptional()
  @IsEmail({}, { message: 'CO_COMPANY_CC_EMAIL must be an e-mail address' })
  readonly CO_COMPANY_CC_EMAIL?: string;

  /** Where the shell is, for the redirect after Google sign-in. */
  @Expose()
  @IsUrl(httpUrl, { message: 'PUBLIC_SHELL_URL must be an http(s) URL' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\/+$/, '') : value,
  )
  readonly PUBLIC_SHELL_URL: string = 'http://localhost:8080';

  /** Where clients open signing links (the signing app): links are `{PUBLIC_SIGNING_URL}/{token}?docLink=…&prefix=…`. */
  @Expose()
  @IsUrl(httpUrl, { message: 'PUBLIC_SIGNING_URL must be an http(s) URL' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\/+$/, '') : value,
  )
  readonly PUBLIC_SIGNING_URL: string = 'http://localhost:8084';

  @Expose()
  @ValidateIf((env: IdentityConfig) => env.IDENTITY_ADAPTER === 'google')
  @IsNotEmpty(requiredWhen('GOOGLE_CLIENT_ID', 'IDENTITY_ADAPTER=google'))
  readonly GOOGLE_CLIENT_ID?: string;

  @Expose()
  @ValidateIf((env: IdentityConfig) => env.IDENTITY_ADAPTER === 'google')
  @IsNotEmpty(requiredWhen('GOOGLE_CLIENT_SECRET', 'IDENTITY_ADAPTER=google'))
  readonly GOOGLE_CLIENT_SECRET?: string;

  @Expose()
  @ValidateIf((env: IdentityConfig) => env.IDENTITY_ADAPTER === 'google')
  @IsNotEmpty(requiredWhen('GOOGLE_CALLBACK_URL', 'IDENTITY_ADAPTER=google'))
  @IsUrl(httpUrl, { message: 'GOOGLE_CALLBACK_URL must be an http(s) URL' })
  readonly GOOGLE_CALLBACK_URL?: string;
}
