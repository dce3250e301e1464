import {
  FILE_SERVICE_ADAPTERS,
  MAPS_ADAPTERS,
  type FileServiceAdapter,
  type MapsAdapter,
} from '@prosign/domain';
import { Expose } from 'class-transformer';
import {
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  NotEquals,
  ValidateIf,
} from 'class-validator';
import { IdentityConfig } from './identity-config';
import { IntegerBetween, httpUrl, oneOf, requiredWhen } from '../config-validation';
import { DEMO_SERVICE_DELETE_PASSWORD } from '../config-values';

/** Services (their delete password), maps and the file service (affiliate hub). */
export class ServicesConfig extends IdentityConfig {
  // --- Services ---
  /**
   * Initial password confirming service deletes, on a fresh install only (an
   * admin changes it in the product; only its hash is stored). Outside
   * production it defaults to the demo password.
   */
  @Expose()
  // The demo value is fine outside production (and public, so refused in it).
  @ValidateIf(
    (env: ServicesConfig) =>
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
  @ValidateIf((env: ServicesConfig) => env.MAPS_ADAPTER === 'google')
  @IsNotEmpty(requiredWhen('GOOGLE_MAPS_API_KEY', 'MAPS_ADAPTER=google'))
  readonly GOOGLE_MAPS_API_KEY?: string;

  // --- File service (affiliate hub) ---
  @Expose()
  @IsIn(FILE_SERVICE_ADAPTERS, oneOf('FILE_SERVICE_ADAPTER', FILE_SERVICE_ADAPTERS))
  readonly FILE_SERVICE_ADAPTER: FileServiceAdapter = 'local';

  @Expose()
  @ValidateIf((env: ServicesConfig) => env.FILE_SERVICE_ADAPTER === 'http')
  @IsNotEmpty(requiredWhen('FILE_SERVICE_URL', 'FILE_SERVICE_ADAPTER=http'))
  @IsUrl(httpUrl, { message: 'FILE_SERVICE_URL must be an http(s) URL' })
  readonly FILE_SERVICE_URL?: string;

  /** Sent as `Authorization: Bearer …` to the affiliate hub when set. */
  @Expose()
  @IsOptional()
  @IsString()
  readonly FILE_SERVICE_TOKEN?: string;
}
