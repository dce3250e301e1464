import { Global, Logger, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { CRM_PORT, type CrmPort } from './crm.port';
import { HubSpotCrmAdapter } from './hubspot-crm.adapter';
import { LocalCrmAdapter } from './local-crm.adapter';

/** The CRM port: HubSpot or the local CRM in MongoDB, chosen by CRM_ADAPTER. */
@Global()
@Module({
  providers: [
    {
      provide: CRM_PORT,
      inject: [AppConfig, getConnectionToken()],
      useFactory: (config: AppConfig, connection: Connection): CrmPort => {
        const adapter =
          config.CRM_ADAPTER === 'hubspot'
            ? new HubSpotCrmAdapter(config)
            : new LocalCrmAdapter(connection);
        new Logger('CrmModule').log(`CRM adapter: ${adapter.adapter}`);
        return adapter;
      },
    },
  ],
  exports: [CRM_PORT],
})
export class CrmIntegrationModule {}
