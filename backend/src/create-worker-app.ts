import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from './platform/config/app-config';
import { WorkerModule } from './worker.module';
import { AppLogger } from './platform/logging/app-logger';
import { withTracing } from './platform/tracing/tracing.module';

/**
 * Builds and starts the worker: an application context (no HTTP) whose BullMQ
 * workers begin taking jobs as soon as it is initialised. Shared by
 * main.worker.ts and the integration tests.
 */
export async function createWorkerApp(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(
    withTracing(WorkerModule.forRoot(config)),
    {
      bufferLogs: true,
    },
  );
  app.useLogger(app.get(AppLogger));
  return app;
}
