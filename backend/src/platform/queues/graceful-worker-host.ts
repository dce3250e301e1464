import { WorkerHost } from '@nestjs/bullmq';
import {
  type BeforeApplicationShutdown,
  Inject,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AppConfig } from '../config/app-config';

/**
 * Base class of every processor.
 *
 * - Concurrency comes from WORKER_CONCURRENCY (the @Processor decorator only takes constants).
 * - On shutdown the worker is closed *before* application shutdown, i.e. while
 *   MongoDB and Redis connections are still open: `Worker.close()` stops taking
 *   new jobs and resolves once the in-flight ones have finished, so a SIGTERM
 *   never cuts a job in half. (@nestjs/bullmq closes workers only in
 *   onApplicationShutdown, alongside the connections the jobs still need.)
 */
export abstract class GracefulWorkerHost
  extends WorkerHost
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  @Inject(AppConfig) protected readonly config: AppConfig;

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.WORKER_CONCURRENCY;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
