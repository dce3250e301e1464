import { Logger, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AppConfig } from '../config/app-config';

/** Logs when the driver loses and finds the database server again (its monitor's view). */
function watchDatabaseServer(connection: Connection): void {
  const logger = new Logger('Database');
  const client = connection.getClient();
  client.on('serverDescriptionChanged', (event) => {
    const before = event.previousDescription.type;
    const after = event.newDescription.type;
    if (before === after) return;
    if (after === 'Unknown') {
      logger.warn(
        `database ${event.address} unreachable: ${event.newDescription.error?.message ?? before}`,
      );
    } else logger.log(`database ${event.address} is ${after} again`);
  });
}

/**
 * The MongoDB connection. Production runs MongoDB, development and tests run
 * FerretDB v1: code sticks to the subset both support (no transactions, no
 * $lookup/$facet; see docs/architecture.md#the-pieces).
 */
@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        uri: config.MONGODB_URI,
        // Surface an unreachable database within seconds, not the driver's 30 s.
        serverSelectionTimeoutMS: 5000,
        connectionFactory: (connection: Connection) => {
          watchDatabaseServer(connection);
          return connection;
        },
      }),
    }),
  ],
})
export class DatabaseModule {}
