// class-transformer's @Type reads design-time metadata; this module may load before Nest does.
import 'reflect-metadata';
import { DEFAULT_COMPANY_EMAIL_DOMAIN, isCompanyEmail, isValidEmailDomain } from '@prosign/domain';
import { Expose, Transform, Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsIn,
  IsInt,
  IsJSON,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// Each port runs its real adapter or the embedded local default (ARCHITECTURE §2).
export const CRM_ADAPTERS = ['local', 'hubspot'] as const;
export const DOCUMENTS_ADAPTERS = ['local', 'google'] as const;
export const MAIL_ADAPTERS = ['local', 'smtp'] as const;
export const CAPTCHA_ADAPTERS = ['local', 'recaptcha'] as const;
export const IDENTITY_ADAPTERS = ['local', 'google'] as const;
export const MAPS_ADAPTERS = ['local', 'google'] as const;
export const FILE_SERVICE_ADAPTERS = ['local', 'http'] as const;

export type NodeEnv = (typeof NODE_ENVS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];
export type CrmAdapter = (typeof CRM_ADAPTERS)[number];
export type DocumentsAdapter = (typeof DOCUMENTS_ADAPTERS)[number];
export type MailAdapter = (typeof MAIL_ADAPTERS)[number];
export type CaptchaAdapter = (typeof CAPTCHA_ADAPTERS)[number];
export type IdentityAdapter = (typeof IDENTITY_ADAPTERS)[number];
export type MapsAdapter = (typeof MAPS_ADAPTERS)[number];
export type FileServiceAdapter = (typeof FILE_SERVICE_ADAPTERS)[number];

export const DEFAULT_CORS_ORIGINS = [8080, 8081, 8082, 8083, 8084].map(
  (port) => `http://localhost:${port}`,
);

const oneOf = (name: string, values: readonly string[]) => ({
  message: `${name} must be one of: ${values.join(', ')}`,
});
const requiredWhen = (name: string, condition: string) => ({
  message: `${name} is required when ${condition}`,
});
const intBetween = (name: string, min: number, max: number) => ({
  message: `${name} must be an integer between ${min} and ${max}`,
});
const httpUrl = { require_protocol: true, require_tld: false, protocols: ['http', 'https'] };

const toList = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

const toLowerCaseList = ({ value }: { value: unknown }): unknown => {
  const list = toList({ value });
  return Array.isArray(list) ? list.map((item) => String(item).toLowerCase()) : list;
};

@ValidatorConstraint({ name: 'companyEmails' })
class CompanyEmails implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const domain = (args.object as AppConfig).COMPANY_EMAIL_DOMAIN;
    const list = Array.isArray(value) ? value : [value];
    return list.every((item) => typeof item === 'string' && isCompanyEmail(item, domain));
  }

  defaultMessage(args: ValidationArguments): string {
    const domain = (args.object as AppConfig).COMPANY_EMAIL_DOMAIN;
    return `${args.property} must list e-mail addresses in the company domain (@${domain})`;
  }
}

@ValidatorConstraint({ name: 'emailDomain' })
class EmailDomain implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isValidEmailDomain(value);
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be a domain name such as firm.com`;
  }
}

/** The local sign-in trusts whoever types a listed address: never in production. */
@ValidatorConstraint({ name: 'noLocalSignInInProduction' })
class NoLocalSignInInProduction implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return !(value === 'local' && (args.object as AppConfig).NODE_ENV === 'production');
  }

  defaultMessage(): string {
    return 'IDENTITY_ADAPTER=local is refused when NODE_ENV=production: set IDENTITY_ADAPTER=google (and its GOOGLE_* variables)';
  }
}

/**
 * Every environment variable the api and the worker read, validated once at boot
 * (see `loadConfig`). Property initialisers are the defaults. Injected as a
 * provider, so code never reads `process.env` directly.
 */
export class AppConfig {
  @Expose()
  @IsIn(NODE_ENVS, oneOf('NODE_ENV', NODE_ENVS))
  readonly NODE_ENV: NodeEnv = 'development';

  @Expose()
  @Type(() => Number)
  @IsInt(intBetween('API_PORT', 1, 65535))
  @Min(1, intBetween('API_PORT', 1, 65535))
  @Max(65535, intBetween('API_PORT', 1, 65535))
  readonly API_PORT: number = 3000;

  @Expose()
  @IsNotEmpty({ message: 'MONGODB_URI is required' })
  @Matches(/^mongodb(\+srv)?:\/\/\S+$/, {
    message: 'MONGODB_URI must be a mongodb:// or mongodb+srv:// URI',
  })
  readonly MONGODB_URI: string;

  @Expose()
  @IsNotEmpty({ message: 'REDIS_URL is required' })
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  readonly REDIS_URL: string;

  /** Namespace of every Redis key we own: BullMQ queues and Socket.IO channels. */
  @Expose()
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/, {
    message: 'QUEUE_PREFIX must be 1-64 characters of letters, digits, _ . -',
  })
  readonly QUEUE_PREFIX: string = 'prosign';

  @Expose()
  @IsIn(LOG_LEVELS, oneOf('LOG_LEVEL', LOG_LEVELS))
  readonly LOG_LEVEL: LogLevel = 'info';

  @Expose()
  @Transform(toList)
  @IsUrl(httpUrl, {
    each: true,
    message: 'CORS_ORIGINS must be a comma-separated list of http(s) origins',
  })
  readonly CORS_ORIGINS: string[] = DEFAULT_CORS_ORIGINS;

  @Expose()
  @Type(() => Number)
  @IsInt(intBetween('WORKER_CONCURRENCY', 1, 100))
  @Min(1, intBetween('WORKER_CONCURRENCY', 1, 100))
  @Max(100, intBetween('WORKER_CONCURRENCY', 1, 100))
  readonly WORKER_CONCURRENCY: number = 4;

  // --- CRM ---
  @Expose()
  @IsIn(CRM_ADAPTERS, oneOf('CRM_ADAPTER', CRM_ADAPTERS))
  readonly CRM_ADAPTER: CrmAdapter = 'local';

  @Expose()
  @ValidateIf((env: AppConfig) => env.CRM_ADAPTER === 'hubspot')
  @IsNotEmpty(requiredWhen('HUBSPOT_ACCESS_TOKEN', 'CRM_ADAPTER=hubspot'))
  readonly HUBSPOT_ACCESS_TOKEN?: string;

  // --- Documents ---
  @Expose()
  @IsIn(DOCUMENTS_ADAPTERS, oneOf('DOCUMENTS_ADAPTER', DOCUMENTS_ADAPTERS))
  readonly DOCUMENTS_ADAPTER: DocumentsAdapter = 'local';

  @Expose()
  @ValidateIf((env: AppConfig) => env.DOCUMENTS_ADAPTER === 'google')
  @IsNotEmpty(requiredWhen('GOOGLE_SERVICE_ACCOUNT_JSON', 'DOCUMENTS_ADAPTER=google'))
  @IsJSON({ message: 'GOOGLE_SERVICE_ACCOUNT_JSON must be the JSON key of a service account' })
  readonly GOOGLE_SERVICE_ACCOUNT_JSON?: string;

  // --- Mail ---
  @Expose()
  @IsIn(MAIL_ADAPTERS, oneOf('MAIL_ADAPTER', MAIL_ADAPTERS))
  readonly MAIL_ADAPTER: MailAdapter = 'local';

  @Expose()
  @ValidateIf((env: AppConfig) => env.MAIL_ADAPTER === 'smtp')
  @IsNotEmpty(requiredWhen('SMTP_HOST', 'MAIL_ADAPTER=smtp'))
  readonly SMTP_HOST?: string;

  @Expose()
  @Type(() => Number)
  @IsInt(intBetween('SMTP_PORT', 1, 65535))
  @Min(1, intBetween('SMTP_PORT', 1, 65535))
  @Max(65535, intBetween('SMTP_PORT', 1, 65535))
  readonly SMTP_PORT: number = 587;

  @Expose()
  @IsOptional()
  @IsString()
  readonly SMTP_USER?: string;

  @Expose()
  @IsOptional()
  @IsString()
  readonly SMTP_PASSWORD?: string;

  // --- Captcha ---
  @Expose()
  @IsIn(CAPTCHA_ADAPTERS, oneOf('CAPTCHA_ADAPTER', CAPTCHA_ADAPTERS))
  readonly CAPTCHA_ADAPTER: CaptchaAdapter = 'local';

  @Expose()
  @ValidateIf((env: AppConfig) => env.CAPTCHA_ADAPTER === 'recaptcha')
  @IsNotEmpty(requiredWhen('RECAPTCHA_SECRET', 'CAPTCHA_ADAPTER=recaptcha'))
  readonly RECAPTCHA_SECRET?: string;

  // --- Staff identity ---
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
    (env: AppConfig) => env.NODE_ENV === 'production' || env.BOOTSTRAP_ADMIN_EMAILS !== undefined,
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

  /** Where the shell is, for the redirect after Google sign-in. */
  @Expose()
  @IsUrl(httpUrl, { message: 'PUBLIC_SHELL_URL must be an http(s) URL' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\/+$/, '') : value,
  )
  readonly PUBLIC_SHELL_URL: string = 'http://localhost:8080';

  @Expose()
  @ValidateIf((env: AppConfig) => env.IDENTITY_ADAPTER === 'google')
  @IsNotEmpty(requiredWhen('GOOGLE_CLIENT_ID', 'IDENTITY_ADAPTER=google'))
  readonly GOOGLE_CLIENT_ID?: string;

  @Expose()
  @ValidateIf((env: AppConfig) => env.IDENTITY_ADAPTER === 'google')
  @IsNotEmpty(requiredWhen('GOOGLE_CLIENT_SECRET', 'IDENTITY_ADAPTER=google'))
  readonly GOOGLE_CLIENT_SECRET?: string;

  @Expose()
  @ValidateIf((env: AppConfig) => env.IDENTITY_ADAPTER === 'google')
  @IsNotEmpty(requiredWhen('GOOGLE_CALLBACK_URL', 'IDENTITY_ADAPTER=google'))
  @IsUrl(httpUrl, { message: 'GOOGLE_CALLBACK_URL must be an http(s) URL' })
  readonly GOOGLE_CALLBACK_URL?: string;

  // --- Maps ---
  @Expose()
  @IsIn(MAPS_ADAPTERS, oneOf('MAPS_ADAPTER', MAPS_ADAPTERS))
  readonly MAPS_ADAPTER: MapsAdapter = 'local';

  @Expose()
  @ValidateIf((env: AppConfig) => env.MAPS_ADAPTER === 'google')
  @IsNotEmpty(requiredWhen('GOOGLE_MAPS_API_KEY', 'MAPS_ADAPTER=google'))
  readonly GOOGLE_MAPS_API_KEY?: string;

  // --- File service (affiliate hub) ---
  @Expose()
  @IsIn(FILE_SERVICE_ADAPTERS, oneOf('FILE_SERVICE_ADAPTER', FILE_SERVICE_ADAPTERS))
  readonly FILE_SERVICE_ADAPTER: FileServiceAdapter = 'local';

  @Expose()
  @ValidateIf((env: AppConfig) => env.FILE_SERVICE_ADAPTER === 'http')
  @IsNotEmpty(requiredWhen('FILE_SERVICE_URL', 'FILE_SERVICE_ADAPTER=http'))
  @IsUrl(httpUrl, { message: 'FILE_SERVICE_URL must be an http(s) URL' })
  readonly FILE_SERVICE_URL?: string;

  // Defaults that depend on other variables (class-transformer defaults cannot).

  /** BOOTSTRAP_ADMIN_EMAILS, else admin@<COMPANY_EMAIL_DOMAIN> outside production. */
  get bootstrapAdminEmails(): readonly string[] {
    if (this.BOOTSTRAP_ADMIN_EMAILS) return this.BOOTSTRAP_ADMIN_EMAILS;
    return this.NODE_ENV === 'production' ? [] : [`admin@${this.COMPANY_EMAIL_DOMAIN}`];
  }

  /** DEFAULT_PM_EMAIL, else pm@<COMPANY_EMAIL_DOMAIN>. */
  get defaultPmEmail(): string {
    return this.DEFAULT_PM_EMAIL ?? `pm@${this.COMPANY_EMAIL_DOMAIN}`;
  }
}
