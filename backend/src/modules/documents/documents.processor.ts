import { assertNever } from '@prosign/domain';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { AppConfig } from '../../platform/config/app-config';
import { GracefulWorkerHost } from '../../platform/queues/graceful-worker-host';
import { QueueName } from '../../platform/queues/queue-names';
import { validateJobData } from '../../platform/queues/validate-job-data';
import { ArchiveTimestampsService, type ArchiveRunResult } from './archive-timestamps.service';
import {
  ARCHIVE_TIMESTAMPS_SCHEDULER,
  DocumentJobData,
  DocumentsJob,
  type DocumentsJobName,
} from './documents.jobs';
import { DocumentPdfService } from './document-pdf.service';
import { WORKER_NAME } from '../../platform/queues/worker-name';

/**
 * Renders PDFs the user does not wait for. Output is a pure function of the
 * document record, so a retried or duplicated job stores the same bytes once.
 */
@Processor(QueueName.Documents, { name: WORKER_NAME })
export class DocumentsProcessor extends GracefulWorkerHost {
  constructor(
    private readonly documentPdfs: DocumentPdfService,
    private readonly archives: ArchiveTimestampsService,
  ) {
    super();
  }

  async process(job: Job<unknown, unknown, string>): Promise<ArchiveRunResult | void> {
    const name = job.name as DocumentsJobName;
    switch (name) {
      case DocumentsJob.ExtendArchives:
        // Its result (looked at, extended, waiting) is what admins see on the queue board.
        return this.archives.run();
      case DocumentsJob.RenderDocument:
      case DocumentsJob.BuildDerivedDocument: {
        const { docId } = validateJobData(DocumentJobData, job);
        try {
          await this.documentPdfs.ensurePdf(docId);
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

/** Registers the archive re-time-stamping schedule (one scheduler, whatever the number of workers). */
@Injectable()
export class ArchiveTimestampsScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.Documents) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      ARCHIVE_TIMESTAMPS_SCHEDULER,
      { every: this.config.ARCHIVE_TIMESTAMP_EVERY_MS },
      { name: DocumentsJob.ExtendArchives, data: {}, opts: { attempts: 1 } },
    );
  }
}
