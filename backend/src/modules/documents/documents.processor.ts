import { assertNever } from '@prosign/domain';
import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { GracefulWorkerHost } from '../../platform/queues/graceful-worker-host';
import { QueueName } from '../../platform/queues/queue-names';
import { validateJobData } from '../../platform/queues/validate-job-data';
import { DocumentJobData, DocumentsJob, type DocumentsJobName } from './documents.jobs';
import { DocumentsService } from './documents.service';
import { WORKER_NAME } from '../../platform/queues/worker-name';

/**
 * Renders PDFs the user does not wait for. Output is a pure function of the
 * document record, so a retried or duplicated job stores the same bytes once.
 */
@Processor(QueueName.Documents, { name: WORKER_NAME })
export class DocumentsProcessor extends GracefulWorkerHost {
  constructor(private readonly documents: DocumentsService) {
    super();
  }

  async process(job: Job<unknown, unknown, string>): Promise<void> {
    const name = job.name as DocumentsJobName;
    switch (name) {
      case DocumentsJob.RenderDocument:
      case DocumentsJob.BuildDerivedDocument: {
        const { docId } = validateJobData(DocumentJobData, job);
        try {
          await this.documents.ensurePdf(docId);
        } catch (error) {
          // A document that does not exist will not appear by retrying.
          if ((error as { status?: number }).status === 404) {
            throw new UnrecoverableError((error as Error).message);
          }
          throw error;
        }
        return;
      }
      default:
        return assertNever(
          name,
          new UnrecoverableError(
            `No handler for job "${job.name}" on the ${QueueName.Documents} queue`,
          ),
        );
    }
  }
}
