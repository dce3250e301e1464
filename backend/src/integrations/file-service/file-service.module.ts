import { Global, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { FILE_SERVICE_PORT, type FileServicePort } from './file-service.port';
import { HttpFileServiceAdapter } from './http-file-service.adapter';
import { LocalFileServiceAdapter } from './local-file-service.adapter';

@Global()
@Module({
  providers: [
    {
      provide: FILE_SERVICE_PORT,
      inject: [AppConfig, getConnectionToken()],
      useFactory: (config: AppConfig, connection: Connection): FileServicePort =>
        config.FILE_SERVICE_ADAPTER === 'http'
          ? new HttpFileServiceAdapter(config)
          : new LocalFileServiceAdapter(connection),
    },
  ],
  exports: [FILE_SERVICE_PORT],
})
export class FileServiceIntegrationModule {}
