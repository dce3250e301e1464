import { assertNever } from '@prosign/domain';
import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import { GracefulWorkerHost } from '../../platform/queues/graceful-worker-host';
import { QueueName } from '../../platform/queues/queue-names';
import { validateJobData } from '../../platform/queues/validate-job-data';
import { DocumentCleanupService, type DocumentCleanupResult } from '../document-cleanup';
import { InsightsDigestService, type DigestRunResult } from '../insights';
import { EchoJobData, SystemJob, type EchoJobResult, type SystemJobName } from './echo.job';
import { WORKER_NAME } from '../../platform/queues/worker-name';

@Processor(QueueName.System, { name: WORKER_NAME })
export class SystemProcessor extends GracefulWorkerHost {
  constructor(
    private readonly documentCleanup: DocumentCleanupService,
    private readonly insightsDigest: InsightsDigestService,
  ) {
    super();
  }

  async process(
    job: Job<unknown, unknown, string>,
  ): Promise<EchoJobResult | DocumentCleanupResult | DigestRunResult> {
    const name = job.name as SystemJobName;
    switch (name) {
      case SystemJob.Echo:
        return this.echo(validateJobData(EchoJobData, job));
      case SystemJob.CleanUpDocumentDrafts:
        // Its result (drafts and uploads deleted) is what admins see on the queue board.
        return this.documentCleanup.run();
      case SystemJob.SendInsightsDigests:
        return this.insightsDigest.run();
      default:
        // Compile-time proof that every job name has a handler; at run time an unknown name fails without retries.
        return assertNever(
          name,
          new UnrecoverableError(
            `No handler for job "${job.name}" on the ${QueueName.System} queue`,
          ),
        );
    }
  }

  private async echo({ message, delayMs }: EchoJobData): Promise<EchoJobResult> {
    if (delayMs) await sleep(delayMs);
    return { message, processedAt: new Date().toISOString(), processedBy: 'worker' };
  }
}
