import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { UploadedFileUsers } from '../../integrations/documents';
import { AppConfig } from '../../platform/config/app-config';
import { QueueName } from '../../platform/queues/queue-names';
import { DocumentDraftRepository } from '../document-drafts';
import { DocumentTemplateRepository } from '../document-templates';
import { PdfIntakeService } from '../pdf-intake';

/** The `system` queue job that runs the clean-up (diagnostics' processor hands it here). */
export const DOCUMENT_CLEANUP_JOB = 'clean-up-document-drafts';
const DOCUMENT_CLEANUP_SCHEDULER = 'document-drafts-cleanup';
/** How often it runs: its questions are indexed, and nothing waits on it. */
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** An upload nothing uses yet is kept this long: the builder makes its draft right after the upload. */
const UNUSED_UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;
/** Uploads looked at per batch: a run goes on until a batch finds nothing more to delete. */
const UPLOAD_BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DocumentCleanupResult {
  draftsDeleted: number;
  uploadsDeleted: number;
}

/**
 * Deletes the field builder's drafts nobody saved for DOCUMENT_DRAFT_RETENTION_DAYS, then the
 * uploads (older than a day) that no draft, template version or document uses: an upload
 * that was never made into anything, or whose drafts just went.
 */
@Injectable()
export class DocumentCleanupService {
  private readonly logger = new Logger(DocumentCleanupService.name);

  constructor(
    private readonly drafts: DocumentDraftRepository,
    private readonly templates: DocumentTemplateRepository,
    private readonly documents: UploadedFileUsers,
    private readonly intake: PdfIntakeService,
    private readonly config: AppConfig,
  ) {}

  async run(now = new Date()): Promise<DocumentCleanupResult> {
    const draftsBefore = new Date(
      now.getTime() - this.config.DOCUMENT_DRAFT_RETENTION_DAYS * DAY_MS,
    );
    const draftsDeleted = await this.drafts.deleteUntouchedBefore(draftsBefore);
    const uploadsBefore = new Date(now.getTime() - UNUSED_UPLOAD_KEPT_MS);
    let uploadsDeleted = 0;
    // Kept uploads stay candidates; the window moves past them, oldest first.
    const kept = new Set<string>();
    for (;;) {
      const batch = (
        await this.intake.uploadsStoredBefore(uploadsBefore, UPLOAD_BATCH + kept.size)
      ).filter((id) => !kept.has(id));
      if (batch.length === 0) break;
      for (const uploadId of batch) {
        if (await this.inUse(uploadId)) kept.add(uploadId);
        else {
          await this.intake.deleteUpload(uploadId);
          uploadsDeleted += 1;
        }
      }
    }
    if (draftsDeleted || uploadsDeleted) {
      this.logger.log(`clean-up: ${draftsDeleted} draft(s), ${uploadsDeleted} upload(s) deleted`);
    }
    return { draftsDeleted, uploadsDeleted };
  }

  private async inUse(uploadId: string): Promise<boolean> {
    return (
      (await this.drafts.usesUpload(uploadId)) ||
      (await this.templates.usesUpload(uploadId)) ||
      (await this.documents.documentUses(uploadId))
    );
  }
}

/** Registers the clean-up's schedule (one scheduler, whatever the number of workers). */
@Injectable()
export class DocumentCleanupScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(DocumentCleanupScheduler.name);

  constructor(@InjectQueue(QueueName.System) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue
      .upsertJobScheduler(
        DOCUMENT_CLEANUP_SCHEDULER,
        { every: CLEANUP_EVERY_MS },
        { name: DOCUMENT_CLEANUP_JOB, data: {}, opts: { attempts: 1 } },
      )
      .catch((error: unknown) =>
        this.logger.error(`the document clean-up could not be scheduled: ${String(error)}`),
      );
  }
}
