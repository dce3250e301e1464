import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { LoggingModule, type ProcessRole } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { QueuesModule } from './queues/queues.module';
import { RealtimeModule } from './realtime/realtime.module';
import { RedisModule } from './redis/redis.module';

/** The cross-cutting modules both processes boot with, so api and worker cannot drift apart. */
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig, role: ProcessRole): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(role),
        DatabaseModule,
        RedisModule,
        RealtimeModule,
        QueuesModule,
        MetricsModule.forRoot(role),
      ],
    };
  }
}
