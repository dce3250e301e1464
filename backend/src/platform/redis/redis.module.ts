import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from './redis.constants';

/**
 * One general-purpose Redis connection for health checks, locks and counters.
 * BullMQ and the Socket.IO adapter open their own connections (blocking reads
 * and subscriptions cannot share one).
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const redis = new Redis(config.REDIS_URL, {
          connectionName: `${config.QUEUE_PREFIX}-general`,
          // Fail a command fast while Redis is away instead of queueing it for ever.
          maxRetriesPerRequest: 1,
        });
        // ioredis reconnects by itself; the listener keeps an outage from becoming an unhandled 'error' event.
        const logger = new Logger('Redis');
        redis.on('error', (error: Error) => logger.warn(`Redis: ${error.message}`));
        return redis;
      },
    },
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status !== 'end') await this.redis.quit();
  }
}
