import {
  DISPLAY_TIME_ZONE,
  DOCUMENTS_ADAPTERS,
  SEAL_LEVELS,
  type DocumentsAdapter,
  type SealLevel,
} from '@prosign/domain';
import { Expose } from 'class-transformer';
import {
  IsIn,
  IsJSON,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { CrmConfig } from './crm-config';
import { httpUrl, IntegerBetween, oneOf, requiredWhen } from '../config-validation';

/** Documents: their adapter (Google or local) and the seal of final PDFs. */
export class DocumentsConfig extends CrmConfig {
  @Expose()
  @IsIn(DOCUMENTS_ADAPTERS, oneOf('DOCUMENTS_ADAPTER', DOCUMENTS_ADAPTERS))
  readonly DOCUMENTS_ADAPTER: DocumentsAdapter = 'local';

  @Expose()
  @ValidateIf((env: DocumentsConfig) => env.DOCUMENTS_ADAPTER === 'google')
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
    (env: DocumentsConfig) => env.NODE_ENV === 'production' || env.SEAL_P12_BASE64 !== undefined,
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

  /** The largest PDF staff may upload for a "document" agreement, in MB (POST /api/documents/upload). */
  @Expose()
  @IntegerBetween(1, 100)
  readonly PDF_UPLOAD_MAX_MB: number = 25;

  /** The most pages an uploaded PDF may have. */
  @Expose()
  @IntegerBetween(1, 2000)
  readonly PDF_UPLOAD_MAX_PAGES: number = 200;

  /**
   * Days a field builder draft is kept after its last save: the worker then deletes it, and
   * the upload it was made from once nothing else uses that.
   */
  @Expose()
  @IntegerBetween(1, 3650)
  readonly DOCUMENT_DRAFT_RETENTION_DAYS: number = 30;

  /**
   * The firm's IANA time zone: a document made from an uploaded PDF keeps it, and its dates
   * (date signed) are drawn in it.
   */
  @Expose()
  @ValidateBy(
    {
      name: 'isTimeZone',
      validator: { validate: isTimeZone },
      constraints: [],
    },
    { message: 'FIRM_TIME_ZONE must be an IANA time zone, e.g. America/Los_Angeles' },
  )
  readonly FIRM_TIME_ZONE: string = DISPLAY_TIME_ZONE;
}

/** Whether the runtime knows `value` as a time zone. */
function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || !value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
