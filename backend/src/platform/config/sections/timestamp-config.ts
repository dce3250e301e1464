import { TIMESTAMP_ADAPTERS, type TimestampAdapter } from '@prosign/domain';
import { Expose, Transform } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  ValidateIf,
} from 'class-validator';
import { DocumentsConfig } from './documents-config';
import { IntegerBetween, httpUrl, oneOf, requiredWhen, toList } from '../config-validation';

/** Trusted time (RFC 3161): where seals get their time-stamps, and archive re-time-stamping. */
export class TimestampConfig extends DocumentsConfig {
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
    (env: TimestampConfig) =>
      env.TIMESTAMP_ADAPTER === 'rfc3161' || (env.TSA_URLS?.length ?? 0) > 0,
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
  @ValidateIf(
    (env: TimestampConfig) => env.TSA_PASSWORD !== undefined || env.TSA_USERNAME !== undefined,
  )
  @IsNotEmpty(requiredWhen('TSA_USERNAME', 'TSA_PASSWORD is set'))
  @IsString({ message: 'TSA_USERNAME must be a string' })
  readonly TSA_USERNAME?: string;

  @Expose()
  @IsOptional()
  @IsString({ message: 'TSA_PASSWORD must be a string' })
  readonly TSA_PASSWORD?: string;
}
