import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Logger, type OnModuleInit } from '@nestjs/common';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { GracefulWorkerHost } from '../../platform/queues/graceful-worker-host';
import { QueueName } from '../../platform/queues/queue-names';
import { AgreementSchedulesService } from './agreement-schedules.service';
import { WORKER_NAME } from '../../platform/queues/worker-name';

/** The agreement schedules' own queue (named `contract-schedules` in Redis), registered with every queue of the system. */
export const AGREEMENT_SCHEDULES_QUEUE = QueueName.AgreementSchedules;

const AgreementScheduleJob = {
  ExpireUnsigned: 'expire-unsigned',
  AutoRemind: 'auto-remind',
} as const;

/**
 * Runs the agreement schedules of every family. They are BullMQ job schedulers: however many
 * workers upsert them, Redis holds one scheduler per id and each tick makes
 * one job, which one worker takes.
 */
@Processor(AGREEMENT_SCHEDULES_QUEUE, { name: WORKER_NAME })
export class AgreementSchedulesProcessor extends GracefulWorkerHost implements OnModuleInit {
  private readonly logger = new Logger(AgreementSchedulesProcessor.name);

  constructor(
    private readonly schedules: AgreementSchedulesService,
    @InjectQueue(AGREEMENT_SCHEDULES_QUEUE) private readonly queue: Queue,
  ) {
    super();
  }

  /** Registers (or updates) the schedulers at start; the queue exists before the worker runs. */
  async onModuleInit(): Promise<void> {
    await this.queue.upsertJobScheduler(
      AgreementScheduleJob.ExpireUnsigned,
      { every: this.config.AGREEMENT_SCHEDULES_EVERY_MS },
      { name: AgreementScheduleJob.ExpireUnsigned, opts: { attempts: 3 } },
    );
    if (this.config.AUTO_REMINDER_INTERVAL_DAYS > 0) {
      await this.queue.upsertJobScheduler(
        AgreementScheduleJob.AutoRemind,
        { every: this.config.AGREEMENT_SCHEDULES_EVERY_MS },
        { name: AgreementScheduleJob.AutoRemind, opts: { attempts: 3 } },
      );
    } else {
      await this.queue.removeJobScheduler(AgreementScheduleJob.AutoRemind);
    }
  }

  async process(job: Job<unknown, unknown, string>): Promise<{ changed: number }> {
    switch (job.name) {
      case AgreementScheduleJob.ExpireUnsigned:
        return { changed: await this.schedules.expireDue() };
      case AgreementScheduleJob.AutoRemind:
        return { changed: await this.schedules.remindDue() };
      default:
        this.logger.warn(`unknown job ${job.name}`);
        throw new UnrecoverableError(
          `No handler for job "${job.name}" on ${AGREEMENT_SCHEDULES_QUEUE}`,
        );
    }
  }
}
