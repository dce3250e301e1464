import { Global, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { LocalPki } from './local-pki';
import { LocalTimestampAdapter } from './local-timestamp.adapter';
import { Rfc3161TimestampAdapter } from './rfc3161-timestamp.adapter';
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
 * The timestamp port (TIMESTAMP_ADAPTER) and the local root CA, which issues
 * the local TSA's and the local seal's certificates whichever adapter runs.
 */
@Global()
@Module({
  providers: [
    {
      provide: LocalPki,
      inject: [getConnectionToken()],
      useFactory: (connection: Connection) => new LocalPki(connection),
    },
    {
      provide: TIMESTAMP_PORT,
      inject: [AppConfig, LocalPki],
      useFactory: timestampPortFor,
    },
  ],
  exports: [TIMESTAMP_PORT, LocalPki],
})
export class TimestampIntegrationModule {}
