import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { QUEUE_NAMES } from '../queues/queue-names';
import type { ClusterReadings } from './product-metrics';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Every queue's job counts and the age of its oldest waiting job, as the api's gauges read them. */
@Injectable()
export class QueueReadings implements Pick<ClusterReadings, 'queueJobs' | 'oldestWaitingAges'> {
  constructor(private readonly moduleRef: ModuleRef) {}

  async queueJobs(): Promise<Array<{ queue: string; state: string; count: number }>> {
    const counts = await Promise.all(
      QUEUE_NAMES.map(async (queue) => ({
        queue,
        counts: await this.queue(queue).getJobCounts(...STATES),
      })),
    );
    return counts.flatMap(({ queue, counts: byState }) =>
      STATES.map((state) => ({ queue, state, count: byState[state] ?? 0 })),
    );
  }

  /** The wait list's tail is its oldest job; it waited since it was added (or its delay ran out). */
  async oldestWaitingAges(now = Date.now()): Promise<Array<{ queue: string; seconds: number }>> {
    return Promise.all(
      QUEUE_NAMES.map(async (queue) => {
        const [oldest] = await this.queue(queue).getJobs(['waiting'], 0, 0, true);
        const since = oldest ? oldest.timestamp + (oldest.delay ?? 0) : now;
        return { queue, seconds: Math.max(0, (now - since) / 1000) };
      }),
    );
  }

  private queue(name: string): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }
}
