import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { QueueCounts } from '@prosign/domain';
import type { Queue } from 'bullmq';
import { QUEUE_NAMES, type QueueName } from './queue-names';

/** Job counts of every queue, for health and admin screens. */
@Injectable()
export class QueueStatsService {
  constructor(private readonly moduleRef: ModuleRef) {}

  async countsByQueue(): Promise<Record<QueueName, QueueCounts>> {
    const entries = await Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
        const counts = await queue.getJobCounts('waiting', 'active', 'failed', 'delayed');
        return [
          name,
          {
            waiting: counts.waiting ?? 0,
            active: counts.active ?? 0,
            failed: counts.failed ?? 0,
            delayed: counts.delayed ?? 0,
          },
        ] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<QueueName, QueueCounts>;
  }
}
