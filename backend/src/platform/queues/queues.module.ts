import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { TracedQueue, TracedWorker } from '../tracing/traced-queue';
import { DEFAULT_JOB_OPTIONS } from './default-job-options';
import { QUEUE_NAMES } from './queue-names';
import { QueueStatsService } from './queue-stats.service';

/**
 * BullMQ with one connection config (REDIS_URL) and key prefix (QUEUE_PREFIX)
 * shared by api and worker: pointing them at different Redis instances would
 * leave jobs waiting for ever. Every queue is registered here so any feature can
 * `@InjectQueue(QueueName.X)`; processors live in their feature folders and are
 * only loaded by the worker.
 */
// Every queue and worker carries a job's trace context from who queued it to its run (README,
// "Traces"); set before registerQueue below reads it.
BullModule.queueClass = TracedQueue;
BullModule.workerClass = TracedWorker;

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.REDIS_URL, connectionName: `${config.QUEUE_PREFIX}-bullmq` },
        prefix: config.QUEUE_PREFIX,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
    BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
  ],
  providers: [QueueStatsService],
  exports: [BullModule, QueueStatsService],
})
export class QueuesModule {}
