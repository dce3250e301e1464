import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  DocumentRepository,
  type ArchiveExtension,
  type DocumentRecord,
} from '../../integrations/documents';
import { AppConfig } from '../../platform/config/app-config';
import { lastDocumentTimestampExpiry } from './pdf/pades-ltv';
import { PdfSealerService } from './pdf/pdf-sealer.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Archives looked at, and extended, per run at most: a run stays short; the next tick goes on. */
const PER_RUN = 100;

/** What one archive run did: shown as the job's result on the admins' queue board. */
export interface ArchiveRunResult {
  /** Sealed documents looked at for the first time. */
  checked: number;
  /** Archives given a fresh document time-stamp. */
  extended: number;
  /** Archives that could not be extended this run (no time-stamp or CRL answered); retried next run. */
  waiting: number;
  /** Documents extended, with the end of their new time-stamp (for the board). */
  documents: { docId: string; revision: number; timestampExpiresAt: string | null }[];
  /** The first waiting archive's error, if any. */
  error?: string;
}

/**
 * Keeps sealed archives at PAdES B-LTA for as long as they are kept: a
 * document time-stamp can be checked only while its TSA's certificate is valid, so before it
 * ends (ARCHIVE_TIMESTAMP_MARGIN_DAYS) the archive gets that time-stamp's validation data and
 * a fresh document time-stamp over everything (PdfSealerService.extendArchive), stored as the
 * document's next revision. Earlier revisions stay stored: the copy mailed at signing is a
 * prefix of every later one, byte for byte.
 */
@Injectable()
export class ArchiveTimestampsService {
  private readonly logger = new Logger(ArchiveTimestampsService.name);

  constructor(
    private readonly documents: DocumentRepository,
    private readonly sealer: PdfSealerService,
    private readonly config: AppConfig,
  ) {}

  /** One run: note the expiry of sealed documents not looked at yet, then extend those due. */
  async run(now = new Date()): Promise<ArchiveRunResult> {
    const result: ArchiveRunResult = { checked: 0, extended: 0, waiting: 0, documents: [] };
    for (const record of await this.documents.archivesNotChecked(PER_RUN)) {
      const pdf = await this.documents.readCurrentPdf(record);
      if (!pdf) continue; // Not sealed yet (a finish under way): the next run looks again.
      await this.documents.noteArchiveExpiry(record, lastDocumentTimestampExpiry(pdf));
      result.checked += 1;
    }
    const before = new Date(now.getTime() + this.config.ARCHIVE_TIMESTAMP_MARGIN_DAYS * DAY_MS);
    for (const record of await this.documents.archivesDue(before, PER_RUN)) {
      try {
        const extension = await this.extend(record, now);
        if (!extension) continue;
        result.extended += 1;
        result.documents.push({
          docId: record._id,
          revision: extension.revision,
          timestampExpiresAt: extension.timestampExpiresAt?.toISOString() ?? null,
        });
      } catch (error) {
        result.waiting += 1;
        result.error ??= `${record._id}: ${(error as Error).message}`;
        this.logger.warn(`archive ${record._id} not extended: ${(error as Error).message}`);
      }
    }
    return result;
  }

  /**
   * Extends one archive: stores the extended PDF as the next revision (first store wins), then
   * moves the record to it if no other run did. Null when another run got there first.
   */
  async extend(record: DocumentRecord, now = new Date()): Promise<ArchiveExtension | null> {
    const current = await this.documents.readPdf(record._id, record.revision);
    if (!current) return null;
    const extended = await this.sealer.extendArchive(current.pdf);
    const next = { ...record, revision: record.revision + 1 };
    const stored = await this.documents.storePdf(next, extended, current.pageCount);
    const kept =
      stored.sha256 === createHash('sha256').update(extended).digest('hex')
        ? extended
        : await this.documents.getFile(stored.fileId);
    const extension: ArchiveExtension = {
      revision: next.revision,
      at: now,
      sha256: stored.sha256,
      timestampExpiresAt: lastDocumentTimestampExpiry(kept),
    };
    return (await this.documents.advanceArchive(record, extension)) ? extension : null;
  }
}
