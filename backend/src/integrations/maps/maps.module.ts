import { Global, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { GoogleMapsAdapter } from './google-maps.adapter';
import { LocalMapsAdapter } from './local-maps.adapter';
import { MAPS_PORT, type MapsPort } from './maps.port';

@Global()
@Module({
  providers: [
    {
      provide: MAPS_PORT,
      inject: [AppConfig, getConnectionToken()],
      useFactory: (config: AppConfig, connection: Connection): MapsPort =>
        config.MAPS_ADAPTER === 'google'
          ? new GoogleMapsAdapter()
          : new LocalMapsAdapter(connection, config.CRM_DEAL_ADDRESS_PROPERTY),
    },
  ],
  exports: [MAPS_PORT],
})
export class MapsIntegrationModule {}
