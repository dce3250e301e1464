import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Job, Worker } from 'bullmq';
import { ProductMetrics } from './product-metrics';

/** Job names are constants of the code; anything else is counted as `other`, never as a label of its own. */
const JOB_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

const nameOf = (job: Job) => (JOB_NAME.test(job.name) ? job.name : 'other');
const secondsOf = (job: Job) =>
  job.processedOn ? Math.max(0, ((job.finishedOn ?? Date.now()) - job.processedOn) / 1000) : 0;

/**
 * Times every job of every processor of this process (the worker's `WorkerHost`s, found once
 * started) from BullMQ's own events: no processor changes to be measured.
 */
@Injectable()
export class JobMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly metrics: ProductMetrics,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (instance instanceof WorkerHost) this.observe(instance.worker);
    }
  }

  private observe(worker: Worker): void {
    const queue = worker.name;
    worker.on('completed', (job) => {
      this.metrics.jobDuration.observe(
        { queue, name: nameOf(job), outcome: 'completed' },
        secondsOf(job),
      );
    });
    worker.on('failed', (job) => {
      if (!job) return;
      this.metrics.jobDuration.observe(
        { queue, name: nameOf(job), outcome: 'failed' },
        secondsOf(job),
      );
      this.metrics.jobFailures.inc({ queue, name: nameOf(job) });
    });
  }
}
