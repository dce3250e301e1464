import { MAIL_ADAPTERS, type MailAdapter } from '@prosign/domain';
import { Expose, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Validate,
  ValidateIf,
} from 'class-validator';
import { TimestampConfig } from './timestamp-config';
import {
  IntegerBetween,
  NoLocalMailInProduction,
  oneOf,
  requiredWhen,
  toBoolean,
} from '../config-validation';

/** Mail: its adapter, SMTP, the sender, and the tries of a delivery. */
export class MailConfig extends TimestampConfig {
  @Expose()
  @IsIn(MAIL_ADAPTERS, oneOf('MAIL_ADAPTER', MAIL_ADAPTERS))
  @Validate(NoLocalMailInProduction)
  readonly MAIL_ADAPTER: MailAdapter = 'local';

  @Expose()
  @ValidateIf((env: MailConfig) => env.MAIL_ADAPTER === 'smtp')
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
}
