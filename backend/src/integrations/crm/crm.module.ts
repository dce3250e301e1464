import { Global, Logger, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import { AppConfig } from '../../platform/config/app-config';
import { REDIS_CLIENT } from '../../platform/redis/redis.constants';
import { SlidingWindowLimiter } from '../../platform/redis/sliding-window-limiter';
import { CRM_PORT, type CrmPort } from './crm.port';
import { HubSpotCrmAdapter } from './hubspot-crm.adapter';
import { LocalCrmAdapter } from './local-crm.adapter';

/** The CRM port: HubSpot or the local CRM in MongoDB, chosen by CRM_ADAPTER. */
@Global()
@Module({
  providers: [
    {
      provide: CRM_PORT,
      inject: [AppConfig, getConnectionToken(), REDIS_CLIENT],
      useFactory: (config: AppConfig, connection: Connection, redis: Redis): CrmPort => {
        const adapter =
          config.CRM_ADAPTER === 'hubspot'
            ? new HubSpotCrmAdapter(
                config,
                new SlidingWindowLimiter(
                  redis,
                  `${config.QUEUE_PREFIX}:hubspot:requests`,
                  config.HUBSPOT_REQUESTS_PER_10S,
                  10_000,
                ),
              )
            : new LocalCrmAdapter(connection);
        new Logger('CrmModule').log(`CRM adapter: ${adapter.adapter}`);
        return adapter;
      },
    },
  ],
  exports: [CRM_PORT],
})
export class CrmIntegrationModule {}
