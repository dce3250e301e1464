import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { PdfFileStore } from '../src/integrations/documents';
import { DocumentDraftRepository } from '../src/modules/document-drafts';
import {
  DOCUMENT_CLEANUP_JOB,
  DocumentCleanupService,
  type DocumentCleanupResult,
} from '../src/modules/document-cleanup';
import { DocumentTemplateRepository } from '../src/modules/document-templates';
import { PdfIntakeService } from '../src/modules/pdf-intake';
import { QueueName } from '../src/platform/queues/queue-names';
import { plainPdf } from './support/pdf-intake-fixtures';
import { startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_DAYS = 10;

/**
 * The worker's clean-up of the field builder's leftovers, over the real database: drafts not
 * saved for DOCUMENT_DRAFT_RETENTION_DAYS go, then uploads older than a day that no draft,
 * template version or document uses; everything in use, and every other stored file, stays.
 */
describe('document drafts and uploads clean-up', () => {
  const env = createTestEnv(__filename, { DOCUMENT_DRAFT_RETENTION_DAYS: String(RETENTION_DAYS) });
  let worker: INestApplicationContext;
  let firstRun: DocumentCleanupResult | undefined;

  beforeAll(async () => {
    // The worker schedules the clean-up at start, and a scheduler's first run is at once.
    worker = await startWorker(env.config);
    const queue = worker.get<Queue>(getQueueToken(QueueName.System), { strict: false });
    const deadline = Date.now() + 60_000;
    while (!firstRun && Date.now() < deadline) {
      const [job] = (await queue.getJobs(['completed', 'failed'])).filter(
        (candidate) => candidate.name === DOCUMENT_CLEANUP_JOB,
      );
      if (job?.failedReason) throw new Error(`the clean-up failed: ${job.failedReason}`);
      firstRun = job?.returnvalue as DocumentCleanupResult | undefined;
      if (!firstRun) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await worker?.close();
    await env.cleanup();
  });

  it('runs through the worker on a schedule', () => {
    expect(firstRun).toEqual({ draftsDeleted: 0, uploadsDeleted: 0 });
  });

  it('deletes stale drafts, then the uploads nothing uses; keeps what a draft, template or document uses', async () => {
    const intake = worker.get(PdfIntakeService, { strict: false });
    const drafts = worker.get(DocumentDraftRepository, { strict: false });
    const templates = worker.get(DocumentTemplateRepository, { strict: false });
    const files = worker.get(PdfFileStore, { strict: false });
    const connection = worker.get<Connection>(getConnectionToken(), { strict: false });
    const cleanup = worker.get(DocumentCleanupService, { strict: false });

    const bytes = await plainPdf(1);
    const upload = async (name: string) =>
      (await intake.intake(bytes, `${name}.pdf`, 'staff@prosign.example')).uploadId;
    const [recentDraft, staleDraft, template, document, unused] = await Promise.all(
      ['recent-draft', 'stale-draft', 'template', 'document', 'unused'].map(upload),
    );
    const now = Date.now();
    const draft = (id: string, uploadId: string, daysAgo: number) =>
      drafts.insert({
        _id: id,
        uploadId,
        fileName: 'upload.pdf',
        placement: { pages: [], fields: [] },
        signers: [],
        createdBy: 'staff@prosign.example',
        updatedAt: new Date(now - daysAgo * DAY_MS),
        revision: 1,
      });
    await draft('draft-recent', recentDraft, 1);
    await draft('draft-stale', staleDraft, RETENTION_DAYS + 1);
    await templates.insertVersion({
      _id: 'lien-waiver:1',
      templateId: 'lien-waiver',
      version: 1,
      latest: true,
      archived: false,
      name: 'Lien waiver',
      searchText: 'lien waiver',
      uploadId: template,
      fileName: 'template.pdf',
      placement: { pages: [], fields: [] },
      roles: [],
      pageCount: 1,
      fieldCount: 0,
      createdAt: new Date(now),
      createdBy: 'staff@prosign.example',
    });
    await connection
      .collection<{ _id: string; uploaded: { fileId: string } }>('documents')
      .insertOne({ _id: 'doc-from-upload', uploaded: { fileId: document } });
    // Not an upload: a signature image stored long ago.
    const signature = await files.put(Buffer.from('png'), 'signature.png', { kind: 'signature' });
    const exists = async (id: string) => (await files.describe(id)) !== null;
    const draftExists = async (id: string) => (await drafts.findById(id)) !== null;

    // Today: the stale draft goes; every upload is under a day old, so all stay.
    expect(await cleanup.run(new Date(now))).toEqual({ draftsDeleted: 1, uploadsDeleted: 0 });
    expect(await draftExists('draft-stale')).toBe(false);
    expect(await draftExists('draft-recent')).toBe(true);
    expect(await exists(staleDraft)).toBe(true);
    expect(await exists(unused)).toBe(true);

    // Two days on: the stale draft's upload and the unused one go; the rest stays.
    expect(await cleanup.run(new Date(now + 2 * DAY_MS))).toEqual({
      draftsDeleted: 0,
      uploadsDeleted: 2,
    });
    expect(await exists(staleDraft)).toBe(false);
    expect(await exists(unused)).toBe(false);
    for (const kept of [recentDraft, template, document, signature.fileId]) {
      expect(await exists(kept)).toBe(true);
    }
    expect(await draftExists('draft-recent')).toBe(true);

    // Once the recent draft is past the retention too, it and its upload go.
    expect(await cleanup.run(new Date(now + RETENTION_DAYS * DAY_MS))).toEqual({
      draftsDeleted: 1,
      uploadsDeleted: 1,
    });
    expect(await exists(recentDraft)).toBe(false);
    expect(await exists(template)).toBe(true);
    expect(await exists(document)).toBe(true);
  });

  it('answers its questions from indexes', async () => {
    const connection = worker.get<Connection>(getConnectionToken(), { strict: false });
    const keys = async (collection: string) =>
      (await connection.collection(collection).indexes()).map((index) => index.key);
    expect(await keys('document_drafts')).toEqual(
      expect.arrayContaining([{ updatedAt: 1 }, { uploadId: 1 }]),
    );
    expect(await keys('document_templates')).toContainEqual({ uploadId: 1 });
    expect(await keys('documents')).toContainEqual({ 'uploaded.fileId': 1 });
    expect(await keys(PdfFileStore.COLLECTION)).toContainEqual({
      'metadata.kind': 1,
      uploadedAt: 1,
    });
  });
});
