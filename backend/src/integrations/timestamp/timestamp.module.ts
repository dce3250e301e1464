import { Global, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { LocalPki, LocalRootRevocationSource, localCrlUrl } from './local-pki';
import { LocalTimestampAdapter } from './local-timestamp.adapter';
import { Rfc3161TimestampAdapter } from './rfc3161-timestamp.adapter';
import { HttpRevocationSource, REVOCATION_PORT, type RevocationPort } from './revocation';
import { TIMESTAMP_PORT, type TimestampPort } from './timestamp.port';

/** The adapter TIMESTAMP_ADAPTER selects (also for tests and benchmarks that build a sealer by hand). */
export function timestampPortFor(
  config: Pick<
    AppConfig,
    'TIMESTAMP_ADAPTER' | 'TSA_URLS' | 'TSA_TIMEOUT_MS' | 'TSA_USERNAME' | 'TSA_PASSWORD'
  >,
  pki: LocalPki,
): TimestampPort {
  return config.TIMESTAMP_ADAPTER === 'rfc3161'
    ? new Rfc3161TimestampAdapter({
        urls: config.TSA_URLS,
        timeoutMs: config.TSA_TIMEOUT_MS,
        username: config.TSA_USERNAME,
        password: config.TSA_PASSWORD,
      })
    : new LocalTimestampAdapter(pki);
}

/**
 * Where the sealer gets revocation data for B-LT: the local root's CRL for its
 * own certificates, each other certificate's distribution points over HTTP
 * (TSA_TIMEOUT_MS each).
 */
export function revocationPortFor(
  config: Pick<AppConfig, 'TSA_TIMEOUT_MS'>,
  pki: LocalPki,
): RevocationPort {
  return new LocalRootRevocationSource(pki, new HttpRevocationSource(config.TSA_TIMEOUT_MS));
}

/**
 * The timestamp port (TIMESTAMP_ADAPTER), the revocation source and the local root
 * CA, which issues the local TSA's and the local seal's certificates whichever
 * adapter runs and publishes its CRL at PUBLIC_API_URL/api/timestamp/root.crl.
 */
@Global()
@Module({
  providers: [
    {
      provide: LocalPki,
      inject: [getConnectionToken(), AppConfig],
      useFactory: (connection: Connection, config: AppConfig) =>
        new LocalPki(connection, undefined, localCrlUrl(config.PUBLIC_API_URL)),
    },
    {
      provide: REVOCATION_PORT,
      inject: [AppConfig, LocalPki],
      useFactory: revocationPortFor,
    },
    {
      provide: TIMESTAMP_PORT,
      inject: [AppConfig, LocalPki],
      useFactory: timestampPortFor,
    },
  ],
  exports: [TIMESTAMP_PORT, REVOCATION_PORT, LocalPki],
})
export class TimestampIntegrationModule {}
