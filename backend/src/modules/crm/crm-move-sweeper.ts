import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '../../platform/config/app-config';
import { QueueName } from '../../platform/queues/queue-names';
import { sweepLostJobs, type SweepResult } from '../../platform/queues/sweep-lost-jobs';
import { CrmStageMoveRepository, type CrmStageMoveDoc } from './crm-stage-move.repository';
import { CrmJob, enqueueMove, moveJobIdOf, type MoveDealStageJobData } from './crm-stage-moves';

const CRM_SWEEP_SCHEDULER = 'crm.sweep-stage-moves';

/**
 * Re-queues CRM moves left `queued` or `retrying` whose job is gone (Redis
 * lost it) or ended without recording the outcome (stalled out when the worker
 * was killed), on the mail sweep's period (MAIL_SWEEP_EVERY_MS).
 */
@Injectable()
export class CrmMoveSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(CrmMoveSweeper.name);

  constructor(
    private readonly moves: CrmStageMoveRepository,
    @InjectQueue(QueueName.Crm) private readonly queue: Queue<MoveDealStageJobData>,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue
      .upsertJobScheduler(
        CRM_SWEEP_SCHEDULER,
        { every: this.config.MAIL_SWEEP_EVERY_MS },
        { name: CrmJob.Sweep, data: {} as MoveDealStageJobData, opts: { attempts: 1 } },
      )
      .catch((error: unknown) =>
        this.logger.error(`the CRM move sweep could not be scheduled: ${String(error)}`),
      );
  }

  async sweep(now = new Date()): Promise<SweepResult> {
    const result = await sweepLostJobs<CrmStageMoveDoc>({
      records: this.moves,
      queue: this.queue,
      pending: ['queued', 'retrying'],
      olderThan: new Date(now.getTime() - this.config.MAIL_SWEEP_EVERY_MS),
      maxAttempts: this.config.CRM_MOVE_ATTEMPTS,
      jobIdOf: moveJobIdOf,
      enqueue: (move) => enqueueMove(this.queue, move, this.config),
      markFailed: (move, reason) => this.moves.markTryFailed(move._id, 'failed', reason),
    });
    if (result.requeued || result.failed) {
      this.logger.warn(
        `CRM sweep: ${result.requeued} move(s) queued again, ${result.failed} marked failed`,
      );
    }
    return result;
  }
}
