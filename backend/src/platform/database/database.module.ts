import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AppConfig } from '../config/app-config';

/**
 * The MongoDB connection. Production runs MongoDB, development and tests run
 * FerretDB v1: code sticks to the subset both support (no transactions, no
 * $lookup/$facet; see ARCHITECTURE §4).
 */
@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        uri: config.MONGODB_URI,
        // Surface an unreachable database within seconds, not the driver's 30 s.
        serverSelectionTimeoutMS: 5000,
      }),
    }),
  ],
})
export class DatabaseModule {}
