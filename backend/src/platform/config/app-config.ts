// class-transformer's @Type reads design-time metadata; this module may load before Nest does.
import 'reflect-metadata';
import {
  CAPTCHA_ADAPTERS,
  CRM_ADAPTERS,
  DEFAULT_COMPANY_EMAIL_DOMAIN,
  DEFAULT_INVOICE_DUE_DAYS,
  DOCUMENTS_ADAPTERS,
  FILE_SERVICE_ADAPTERS,
  IDENTITY_ADAPTERS,
  MAIL_ADAPTERS,
  MAPS_ADAPTERS,
  SEAL_LEVELS,
  TIMESTAMP_ADAPTERS,
  isCompanyEmail,
  isValidEmailDomain,
  type CaptchaAdapter,
  type CrmAdapter,
  type DocumentsAdapter,
  type FileServiceAdapter,
  type IdentityAdapter,
  type MailAdapter,
  type MapsAdapter,
  type SealLevel,
  type TimestampAdapter,
} from '@prosign/domain';
import { Expose, Transform, Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsEmail,
  IsIn,
  IsInt,
  IsBoolean,
  IsJSON,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  NotEquals,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';

const NODE_ENVS = ['development', 'test', 'production'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// Each port runs its real adapter or the embedded local default (docs/architecture.md#the-pieces); the
// lists live in the domain, with the frontends' runtime configuration.
export {
  type CaptchaAdapter,
  type CrmAdapter,
  type DocumentsAdapter,
  type FileServiceAdapter,
  type IdentityAdapter,
  type MailAdapter,
  type MapsAdapter,
  type SealLevel,
  type TimestampAdapter,
};

export type NodeEnv = (typeof NODE_ENVS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What an invoice says about paying when INVOICE_PAYMENT_INSTRUCTIONS is not set. */
const DEFAULT_INVOICE_PAYMENT_INSTRUCTIONS =
  'Pay by check payable to Bayline Engineering Group, Inc., mailed to 1450 Harbor Bay Parkway, ' +
  'Suite 220, Alameda, CA 94502, or by bank transfer to the account on file with your project ' +
  'manager.';

/** The delete password of a fresh development or test install (spec 1 §6). */
const DEMO_SERVICE_DELETE_PASSWORD = 'prosign-demo';

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
/** An integer variable within [min, max], converted from its environment string. */
function IntegerBetween(min: number, max: number): PropertyDecorator {
  return (target, key) => {
    const message = intBetween(String(key), min, max);
    for (const decorate of [
      Type(() => Number),
      IsInt(message),
      Min(min, message),
      Max(max, message),
    ]) {
      decorate(target, String(key));
    }
  };
}
const httpUrl = { require_protocol: true, require_tld: false, protocols: ['http', 'https'] };

const toBoolean = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? (({ true: true, false: false } as Record<string, boolean>)[value.toLowerCase()] ?? value)
    : value;

/** Ids and property names of the CRM: HubSpot's stage ids, property names and custom object types differ per account. */
const crmIdentifier = (name: string) => ({
  message: `${name} must be a CRM identifier (letters, digits, _ - .)`,
});
const CRM_IDENTIFIER = /^[A-Za-z0-9_.-]{1,100}$/;

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
 * The local mail adapter catches every mail (signing links included) on this
 * machine and shows it on the mailbox page: never in production.
 */
@ValidatorConstraint({ name: 'noLocalMailInProduction' })
class NoLocalMailInProduction implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return !(value === 'local' && (args.object as AppConfig).NODE_ENV === 'production');
  }

  defaultMessage(): string {
    return 'MAIL_ADAPTER=local is refused when NODE_ENV=production: set MAIL_ADAPTER=smtp (and its SMTP_* variables)';
  }
}

/** The local checkbox stops no robot (a script can tick it): never in production. */
@ValidatorConstraint({ name: 'noLocalCaptchaInProduction' })
class NoLocalCaptchaInProduction implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return !(value === 'local' && (args.object as AppConfig).NODE_ENV === 'production');
  }

  defaultMessage(): string {
    return 'CAPTCHA_ADAPTER=local is refused when NODE_ENV=production: set CAPTCHA_ADAPTER=recaptcha (and RECAPTCHA_SECRET, RECAPTCHA_SITE_KEY)';
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
  @IntegerBetween(1, 65535)
  readonly API_PORT: number = 3000;

  /** Sign-in attempts allowed per client address a minute (local and Google sign-in, user-name check). */
  @Expose()
  @IntegerBetween(1, 100000)
  readonly SIGN_IN_RATE_LIMIT_PER_MINUTE: number = 30;

  /**
   * Reverse proxies in front of the api whose X-Forwarded-For is believed (0: none). The address
   * recorded in audit trails and used by rate limits is the one this many hops back.
   */
  @Expose()
  @IntegerBetween(0, 10)
  readonly TRUST_PROXY_HOPS: number = 0;

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

  /**
   * Jobs one worker process runs at once. Most jobs wait on I/O (Redis, MongoDB,
   * SMTP, the CRM), so 16 keeps both cores busy: no-op jobs go through at about
   * twice the rate of 4 (bench/queue).
   */
  @Expose()
  @IntegerBetween(1, 100)
  readonly WORKER_CONCURRENCY: number = 16;

  /**
   * The worker's CPU niceness (0–19): its jobs (seals, mails, CRM writes) give way to the api's
   * requests, which signers wait on, where both share a machine's cores. Raising one's own
   * niceness needs no privilege; 0 leaves it as started.
   */
  @Expose()
  @IntegerBetween(0, 19)
  readonly WORKER_NICENESS: number = 10;

  /** The API as browsers reach it: document links (`docLink`) are built on it. */
  @Expose()
  @IsUrl(httpUrl, { message: 'PUBLIC_API_URL must be an http(s) URL' })
  readonly PUBLIC_API_URL: string = 'http://localhost:3000';

  // --- CRM ---
  @Expose()
  @IsIn(CRM_ADAPTERS, oneOf('CRM_ADAPTER', CRM_ADAPTERS))
  readonly CRM_ADAPTER: CrmAdapter = 'local';

  @Expose()
  @ValidateIf((env: AppConfig) => env.CRM_ADAPTER === 'hubspot')
  @IsNotEmpty(requiredWhen('HUBSPOT_ACCESS_TOKEN', 'CRM_ADAPTER=hubspot'))
  readonly HUBSPOT_ACCESS_TOKEN?: string;

  /** HubSpot's API root; only changed to reach a proxy or a test stand-in. */
  @Expose()
  @IsUrl(httpUrl, { message: 'HUBSPOT_BASE_URL must be an http(s) URL' })
  readonly HUBSPOT_BASE_URL: string = 'https://api.hubapi.com';

  /**
   * HubSpot's request limit for the private app per 10 s (190 on Professional and Enterprise,
   * 100 on Free and Starter), shared through Redis by every api and worker replica.
   */
  @Expose()
  @IntegerBetween(1, 1000)
  readonly HUBSPOT_REQUESTS_PER_10S: number = 190;

  /**
   * How long HubSpot's search may still miss a note or file just created (its index lags the
   * writes by a few seconds): a CRM write whose last try may have created one waits this long
   * after that try before looking it up and creating it again.
   */
  @Expose()
  @IntegerBetween(0, 300_000)
  readonly HUBSPOT_SEARCH_LAG_MS: number = 10_000;

  /** The custom object type of projects in the HubSpot account, e.g. `2-12345678` or `p_projects`. */
  @Expose()
  @ValidateIf((env: AppConfig) => env.CRM_ADAPTER === 'hubspot')
  @IsNotEmpty(requiredWhen('HUBSPOT_PROJECT_OBJECT_TYPE', 'CRM_ADAPTER=hubspot'))
  @Matches(CRM_IDENTIFIER, crmIdentifier('HUBSPOT_PROJECT_OBJECT_TYPE'))
  readonly HUBSPOT_PROJECT_OBJECT_TYPE?: string;

  /** Deal property holding the site address (searched by "deal by address"). */
  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_DEAL_ADDRESS_PROPERTY'))
  readonly CRM_DEAL_ADDRESS_PROPERTY: string = 'address';

  /** Deal property that receives the contract link when the deal moves to "sent" / "signed". */
  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CONTRACT_LINK_PROPERTY'))
  readonly CRM_CONTRACT_LINK_PROPERTY: string = 'contract_link';

  /**
   * Deal properties ProSign keeps current on every CRM write (issue 36 item 4): the agreement's
   * status (sent, viewed, signed, declined, voided, expired, cancelled) and the signing date
   * (YYYY-MM-DD). In HubSpot they must exist on deals; `none` writes no such property.
   */
  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CONTRACT_STATUS_PROPERTY'))
  readonly CRM_CONTRACT_STATUS_PROPERTY: string = 'prosign_contract_status';

  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_SIGNED_DATE_PROPERTY'))
  readonly CRM_SIGNED_DATE_PROPERTY: string = 'prosign_signed_date';

  /** Tries per queued deal move (on send and on signature) before it is marked failed. */
  @Expose()
  @IntegerBetween(1, 30)
  readonly CRM_MOVE_ATTEMPTS: number = 10;

  /** First retry delay of a failed deal move; doubles on each further try. */
  @Expose()
  @IntegerBetween(10, 600000)
  readonly CRM_RETRY_DELAY_MS: number = 5000;

  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CONTRACT_SENT_STAGE'))
  readonly CRM_CONTRACT_SENT_STAGE: string = 'contractsent';

  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CONTRACT_SIGNED_STAGE'))
  readonly CRM_CONTRACT_SIGNED_STAGE: string = 'closedwon';

  /** Deals in this pipeline are change orders: looking one up redirects to /co. */
  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CHANGE_ORDER_PIPELINE'))
  readonly CRM_CHANGE_ORDER_PIPELINE: string = 'change_orders';

  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CHANGE_ORDER_SENT_STAGE'))
  readonly CRM_CHANGE_ORDER_SENT_STAGE: string = 'co_sent';

  @Expose()
  @Matches(CRM_IDENTIFIER, crmIdentifier('CRM_CHANGE_ORDER_SIGNED_STAGE'))
  readonly CRM_CHANGE_ORDER_SIGNED_STAGE: string = 'co_signed';

  // --- Documents ---
  @Expose()
  @IsIn(DOCUMENTS_ADAPTERS, oneOf('DOCUMENTS_ADAPTER', DOCUMENTS_ADAPTERS))
  readonly DOCUMENTS_ADAPTER: DocumentsAdapter = 'local';

  @Expose()
  @ValidateIf((env: AppConfig) => env.DOCUMENTS_ADAPTER === 'google')
  @IsNotEmpty(requiredWhen('GOOGLE_SERVICE_ACCOUNT_JSON', 'DOCUMENTS_ADAPTER=google'))
  @IsJSON({ message: 'GOOGLE_SERVICE_ACCOUNT_JSON must be the JSON key of a service account' })
  readonly GOOGLE_SERVICE_ACCOUNT_JSON?: string;

  /** Overrides the Google API host (a proxy, or the HTTP stand-in of the tests). */
  @Expose()
  @IsOptional()
  @IsUrl(httpUrl, { message: 'GOOGLE_API_ROOT_URL must be an http(s) URL' })
  readonly GOOGLE_API_ROOT_URL?: string;

  /**
   * Certificate sealing final PDFs: a PKCS#12 file, base64-encoded. Required in
   * production (the key never lives beside the data it vouches for); elsewhere,
   * unset, a self-signed one is generated on first start and kept in MongoDB.
   */
  @Expose()
  @ValidateIf(
    (env: AppConfig) => env.NODE_ENV === 'production' || env.SEAL_P12_BASE64 !== undefined,
  )
  @IsNotEmpty(requiredWhen('SEAL_P12_BASE64', 'NODE_ENV=production'))
  @Matches(/^[A-Za-z0-9+/=\s]+$/, {
    message: 'SEAL_P12_BASE64 must be a base64-encoded PKCS#12 file',
  })
  readonly SEAL_P12_BASE64?: string;

  @Expose()
  @IsOptional()
  @IsString({ message: 'SEAL_P12_PASSPHRASE must be a string' })
  readonly SEAL_P12_PASSPHRASE?: string;

  /**
   * The PAdES level of every seal: B-B (no time-stamp), B-T (+ signature time-stamp),
   * B-LT (+ the chains and CRLs in the document security store), B-LTA (+ a document
   * time-stamp over all of it: verifiable after the certificates expire).
   */
  @Expose()
  @IsIn(SEAL_LEVELS, oneOf('SEAL_LEVEL', SEAL_LEVELS))
  readonly SEAL_LEVEL: SealLevel = 'B-LTA';

  // --- Trusted time (RFC 3161) ---
  /**
   * Where seals get their signature time-stamp: `local`, the time-stamp authority
   * inside the stack (chained to the local root that also issues the local seal
   * certificate), or `rfc3161`, the authorities of TSA_URLS. Never the server clock.
   */
  @Expose()
  @IsIn(TIMESTAMP_ADAPTERS, oneOf('TIMESTAMP_ADAPTER', TIMESTAMP_ADAPTERS))
  readonly TIMESTAMP_ADAPTER: TimestampAdapter = 'local';

  /** RFC 3161 time-stamp authorities, comma-separated, tried in order until one answers. */
  @Expose()
  @Transform(toList)
  @ValidateIf(
    (env: AppConfig) => env.TIMESTAMP_ADAPTER === 'rfc3161' || (env.TSA_URLS?.length ?? 0) > 0,
  )
  @ArrayNotEmpty(requiredWhen('TSA_URLS', 'TIMESTAMP_ADAPTER=rfc3161'))
  @IsUrl(httpUrl, {
    each: true,
    message: 'TSA_URLS must be a comma-separated list of http(s) URLs',
  })
  readonly TSA_URLS: string[] = [];

  /** How long one time-stamp authority gets to answer before the next is asked. */
  @Expose()
  @IntegerBetween(100, 120000)
  readonly TSA_TIMEOUT_MS: number = 10000;

  /**
   * Archive re-time-stamping (PAdES B-LTA kept up): a sealed PDF gets a fresh document
   * time-stamp when its newest one's certificates end within this many days.
   */
  @Expose()
  @IntegerBetween(1, 36500)
  readonly ARCHIVE_TIMESTAMP_MARGIN_DAYS: number = 365;

  /** How often (ms) the worker looks for archives due (one job per tick, however many workers). */
  @Expose()
  @IntegerBetween(60000, 604800000)
  readonly ARCHIVE_TIMESTAMP_EVERY_MS: number = 86400000;

  /** Basic auth for the time-stamp authorities (sent to each of TSA_URLS), when set. */
  @Expose()
  @ValidateIf((env: AppConfig) => env.TSA_PASSWORD !== undefined || env.TSA_USERNAME !== undefined)
  @IsNotEmpty(requiredWhen('TSA_USERNAME', 'TSA_PASSWORD is set'))
  @IsString({ message: 'TSA_USERNAME must be a string' })
  readonly TSA_USERNAME?: string;

  @Expose()
  @IsOptional()
  @IsString({ message: 'TSA_PASSWORD must be a string' })
  readonly TSA_PASSWORD?: string;

  // --- Mail ---
  @Expose()
  @IsIn(MAIL_ADAPTERS, oneOf('MAIL_ADAPTER', MAIL_ADAPTERS))
  @Validate(NoLocalMailInProduction)
  readonly MAIL_ADAPTER: MailAdapter = 'local';

  @Expose()
  @ValidateIf((env: AppConfig) => env.MAIL_ADAPTER === 'smtp')
  @IsNotEmpty(requiredWhen('SMTP_HOST', 'MAIL_ADAPTER=smtp'))
  readonly SMTP_HOST?: string;

  @Expose()
  @IntegerBetween(1, 65535)
  readonly SMTP_PORT: number = 587;

  @Expose()
  @IsOptional()
  @IsString()
  readonly SMTP_USER?: string;

  @Expose()
  @IsOptional()
  @IsString()
  readonly SMTP_PASSWORD?: string;

  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  @Expose()
  @Transform(toBoolean)
  @IsBoolean({ message: 'SMTP_SECURE must be true or false' })
  readonly SMTP_SECURE: boolean = false;

  /** Sender of every mail, e.g. `ProSign <contracts@example.com>`. */
  @Expose()
  @IsNotEmpty({ message: 'MAIL_FROM must not be empty' })
  readonly MAIL_FROM: string = 'ProSign <no-reply@prosign.local>';

  /** Port of the local SMTP catcher (MAIL_ADAPTER=local); it listens on 127.0.0.1 only. */
  @Expose()
  @IntegerBetween(1, 65535)
  readonly MAIL_CATCHER_PORT: number = 1025;

  /** Tries per mail before its delivery is marked failed (12 from 30 s, capped at 1 h: about 6 hours). */
  @Expose()
  @IntegerBetween(1, 20)
  readonly MAIL_SEND_ATTEMPTS: number = 12;

  /** First retry delay of a failed send; doubles on each further try, at most one hour. */
  @Expose()
  @IntegerBetween(10, 600000)
  readonly MAIL_RETRY_DELAY_MS: number = 30000;

  /**
   * How often the worker re-queues deliveries left queued, retrying or sending
   * without a live job (lost by Redis, stalled out, a crash), and how old such a
   * delivery must be.
   */
  @Expose()
  @IntegerBetween(500, 3600000)
  readonly MAIL_SWEEP_EVERY_MS: number = 60000;

  // --- Contract lifecycle (spec 2 §4) ---

  /** Hours after a reminder during which Send Reminder is locked. */
  @Expose()
  @IntegerBetween(0, 720)
  readonly REMINDER_LOCK_HOURS: number = 24;

  /** Days after sending that an unsigned contract expires (the worker checks hourly). */
  @Expose()
  @IntegerBetween(1, 3650)
  readonly CONTRACT_EXPIRY_DAYS: number = 30;

  /**
   * How often the worker looks for agreements to expire and automatic reminders due (one
   * job per tick whatever the number of workers). Shorter only for drills and tests.
   */
  @Expose()
  @IntegerBetween(1000, 86400000)
  readonly AGREEMENT_SCHEDULES_EVERY_MS: number = 3600000;

  /** Days between automatic reminders for unsigned contracts; 0 turns them off. */
  @Expose()
  @IntegerBetween(0, 365)
  readonly AUTO_REMINDER_INTERVAL_DAYS: number = 0;

  // --- Invoices (spec 3 §2) ---

  /** Days after its issue date an invoice is due (printed on the invoice). */
  @Expose()
  @IntegerBetween(0, 365)
  readonly INVOICE_DUE_DAYS: number = DEFAULT_INVOICE_DUE_DAYS;

  /** How to pay, printed on every invoice; blank → the default text. */
  @Expose()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() ? value.trim() : DEFAULT_INVOICE_PAYMENT_INSTRUCTIONS,
  )
  @IsString()
  @Matches(/^[\s\S]{1,1000}$/, {
    message: 'INVOICE_PAYMENT_INSTRUCTIONS must be 1 to 1000 characters',
  })
  readonly INVOICE_PAYMENT_INSTRUCTIONS: string = DEFAULT_INVOICE_PAYMENT_INSTRUCTIONS;

  // --- Captcha ---
  @Expose()
  @IsIn(CAPTCHA_ADAPTERS, oneOf('CAPTCHA_ADAPTER', CAPTCHA_ADAPTERS))
  @Validate(NoLocalCaptchaInProduction)
  readonly CAPTCHA_ADAPTER: CaptchaAdapter = 'local';

  @Expose()
  @ValidateIf((env: AppConfig) => env.CAPTCHA_ADAPTER === 'recaptcha')
  @IsNotEmpty(requiredWhen('RECAPTCHA_SECRET', 'CAPTCHA_ADAPTER=recaptcha'))
  readonly RECAPTCHA_SECRET?: string;

  /** The public key the browser's reCAPTCHA widget is rendered with. */
  @Expose()
  @ValidateIf((env: AppConfig) => env.CAPTCHA_ADAPTER === 'recaptcha')
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
    (env: AppConfig) => env.NODE_ENV === 'production' || env.CAPTCHA_PASS_SECRET !== undefined,
  )
  @IsNotEmpty(requiredWhen('CAPTCHA_PASS_SECRET', 'NODE_ENV=production'))
  @Matches(/^.{32,}$/, { message: 'CAPTCHA_PASS_SECRET must be at least 32 characters' })
  readonly CAPTCHA_PASS_SECRET?: string;

  @Expose()
  @IntegerBetween(60, 86400)
  readonly CAPTCHA_PASS_TTL_SECONDS: number = 2 * 60 * 60;

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

  // --- Services ---
  /**
   * Initial password confirming service deletes, on a fresh install only (an
   * admin changes it in the product; only its hash is stored). Outside
   * production it defaults to the demo password.
   */
  @Expose()
  // The demo value is fine outside production (and public, so refused in it).
  @ValidateIf(
    (env: AppConfig) =>
      env.NODE_ENV === 'production' || env.SERVICE_DELETE_PASSWORD !== DEMO_SERVICE_DELETE_PASSWORD,
  )
  @NotEquals(
    DEMO_SERVICE_DELETE_PASSWORD,
    requiredWhen('SERVICE_DELETE_PASSWORD', 'NODE_ENV=production'),
  )
  @Matches(/^.{8,200}$/, { message: 'SERVICE_DELETE_PASSWORD must be 8 to 200 characters' })
  readonly SERVICE_DELETE_PASSWORD: string = DEMO_SERVICE_DELETE_PASSWORD;

  /** How long a verified delete password lets the same session delete a service. */
  @Expose()
  @IntegerBetween(10, 3600)
  readonly SERVICE_DELETE_VERIFY_TTL_SECONDS: number = 300;

  /** Wrong delete passwords allowed per session and per client address in 15 minutes. */
  @Expose()
  @IntegerBetween(1, 100)
  readonly SERVICE_DELETE_MAX_ATTEMPTS: number = 5;

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

  /** Sent as `Authorization: Bearer …` to the affiliate hub when set. */
  @Expose()
  @IsOptional()
  @IsString()
  readonly FILE_SERVICE_TOKEN?: string;

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

  /** CO_COMPANY_CC_EMAIL, else changeorders@<COMPANY_EMAIL_DOMAIN>. */
  get coCompanyCcEmail(): string {
    return this.CO_COMPANY_CC_EMAIL ?? `changeorders@${this.COMPANY_EMAIL_DOMAIN}`;
  }
}
