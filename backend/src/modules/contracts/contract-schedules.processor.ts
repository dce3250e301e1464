import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Logger, type OnModuleInit } from '@nestjs/common';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { GracefulWorkerHost } from '../../platform/queues/graceful-worker-host';
import { QueueName } from '../../platform/queues/queue-names';
import { ContractSchedulesService } from './contract-schedules.service';

/** The contract schedules' own queue, registered with every queue of the system. */
export const CONTRACT_SCHEDULES_QUEUE = QueueName.ContractSchedules;

export const ContractScheduleJob = {
  ExpireUnsigned: 'expire-unsigned',
  AutoRemind: 'auto-remind',
} as const;

const HOUR_MS = 3600_000;

/**
 * Runs the contract schedules. They are BullMQ job schedulers: however many
 * workers upsert them, Redis holds one scheduler per id and each tick makes
 * one job, which one worker takes.
 */
@Processor(CONTRACT_SCHEDULES_QUEUE)
export class ContractSchedulesProcessor extends GracefulWorkerHost implements OnModuleInit {
  private readonly logger = new Logger(ContractSchedulesProcessor.name);

  constructor(
    private readonly schedules: ContractSchedulesService,
    @InjectQueue(CONTRACT_SCHEDULES_QUEUE) private readonly queue: Queue,
  ) {
    super();
  }

  /** Registers (or updates) the schedulers at start; the queue exists before the worker runs. */
  async onModuleInit(): Promise<void> {
    await this.queue.upsertJobScheduler(
      ContractScheduleJob.ExpireUnsigned,
      { every: HOUR_MS },
      { name: ContractScheduleJob.ExpireUnsigned, opts: { attempts: 3 } },
    );
    if (this.config.AUTO_REMINDER_INTERVAL_DAYS > 0) {
      await this.queue.upsertJobScheduler(
        ContractScheduleJob.AutoRemind,
        { every: HOUR_MS },
        { name: ContractScheduleJob.AutoRemind, opts: { attempts: 3 } },
      );
    } else {
      await this.queue.removeJobScheduler(ContractScheduleJob.AutoRemind);
    }
  }

  async process(job: Job<unknown, unknown, string>): Promise<{ changed: number }> {
    switch (job.name) {
      case ContractScheduleJob.ExpireUnsigned:
        return { changed: await this.schedules.expireDue() };
      case ContractScheduleJob.AutoRemind:
        return { changed: await this.schedules.remindDue() };
      default:
        this.logger.warn(`unknown job ${job.name}`);
        throw new UnrecoverableError(
          `No handler for job "${job.name}" on ${CONTRACT_SCHEDULES_QUEUE}`,
        );
    }
  }
}
