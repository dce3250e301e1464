import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AgreementsModule } from '../modules/agreements/agreements.module';
import type { AppConfig } from '../platform/config/app-config';
import {
  runMigrations,
  type MigrationOutcome,
  type MigrationRunOptions,
} from '../platform/migrations/migration-runner';
import { PlatformModule } from '../platform/platform.module';
import { MIGRATIONS } from './migrations';

/** The migrate process: platform and the stores the migrations write, no HTTP, no workers. */
@Module({})
export class MigrateModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MigrateModule,
      imports: [PlatformModule.forRoot(config, 'migrate'), AgreementsModule],
      providers: [...MIGRATIONS],
    };
  }
}

/** Applies the pending migrations of MigrateModule's app, in order. */
export function migrate(
  app: INestApplicationContext,
  options?: MigrationRunOptions,
): Promise<MigrationOutcome[]> {
  return runMigrations(
    app.get<Connection>(getConnectionToken()),
    MIGRATIONS.map((type) => app.get(type)),
    options,
  );
}
