import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Logger, type OnModuleInit } from '@nestjs/common';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { GracefulWorkerHost } from '../../platform/queues/graceful-worker-host';
import { QueueName } from '../../platform/queues/queue-names';
import { WORKER_NAME } from '../../platform/queues/worker-name';
import { InsightsDigestService, type DigestRunResult } from './insights-digest.service';

const INSIGHTS_DIGEST_JOB = 'send-insights-digests';
/** How often a worker looks whether it is Monday morning (the mail goes once a week whatever this is). */
const INSIGHTS_DIGEST_EVERY_MS = 15 * 60_000;

/**
 * Runs the Monday digest. Its schedule is a BullMQ job scheduler: however many workers upsert
 * it, Redis holds one and each tick makes one job, which one worker takes; the digest's mail
 * keys keep a retried or repeated run from mailing anyone twice in a week.
 */
@Processor(QueueName.Insights, { name: WORKER_NAME })
export class InsightsDigestProcessor extends GracefulWorkerHost implements OnModuleInit {
  private readonly logger = new Logger(InsightsDigestProcessor.name);

  constructor(
    private readonly digest: InsightsDigestService,
    @InjectQueue(QueueName.Insights) private readonly queue: Queue,
  ) {
    super();
  }

  async onModuleInit(): Promise<void> {
    await this.queue.upsertJobScheduler(
      INSIGHTS_DIGEST_JOB,
      { every: INSIGHTS_DIGEST_EVERY_MS },
      { name: INSIGHTS_DIGEST_JOB, opts: { attempts: 3 } },
    );
  }

  async process(job: Job<unknown, unknown, string>): Promise<DigestRunResult> {
    if (job.name === INSIGHTS_DIGEST_JOB) return this.digest.run();
    this.logger.warn(`unknown job ${job.name}`);
    throw new UnrecoverableError(`No handler for job "${job.name}" on ${QueueName.Insights}`);
  }
}
