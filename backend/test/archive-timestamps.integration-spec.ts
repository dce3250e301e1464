import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { DocumentRepository } from '../src/integrations/documents';
import { LocalPki } from '../src/integrations/timestamp';
import {
  ArchiveTimestampsService,
  type ArchiveRunResult,
} from '../src/modules/documents/archive-timestamps.service';
import {
  ARCHIVE_TIMESTAMPS_SCHEDULER,
  DocumentsJob,
} from '../src/modules/documents/documents.jobs';
import { lastSignatureContents } from '../src/modules/documents/pdf/pades-ltv';
import { QueueName } from '../src/platform/queues/queue-names';
import { opensslVerifyToken, pdfsig } from './support/pdf-timestamp';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const DAY_MS = 24 * 60 * 60 * 1000;
const MARGIN_DAYS = 36500;

function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** The bytes a document time-stamp covers: the whole file but its /Contents. */
function coveredBytes(pdf: Buffer): Buffer {
  const { start, end } = lastSignatureContents(pdf);
  return Buffer.concat([pdf.subarray(0, start), pdf.subarray(end)]);
}

/**
 * Archives stay B-LTA. The worker's scheduled job gives a sealed PDF whose
 * newest document time-stamp ends within ARCHIVE_TIMESTAMP_MARGIN_DAYS (here 100 years, so
 * every archive is due) that time-stamp's validation data and a fresh document time-stamp,
 * as the document's next revision; checked by poppler's pdfsig and OpenSSL.
 */
describe('archive re-time-stamping', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    PUBLIC_SIGNING_URL,
    ARCHIVE_TIMESTAMP_MARGIN_DAYS: String(MARGIN_DAYS),
  });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let signedDocLink: string;
  let original: Buffer;
  let rootPem: string;
  let firstRun: ArchiveRunResult | undefined;

  const pdfAt = async (link: string): Promise<Buffer> =>
    (
      await request(api.getHttpServer())
        .get(new URL(link).pathname)
        .buffer(true)
        .parse(binary)
        .expect(200)
    ).body as Buffer;
  const docIdOf = (link: string) => /\/d\/([^/]+)/.exec(link)![1];

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    rootPem = (await api.get(LocalPki, { strict: false }).load()).root.certificate.toString();
    const { token } = await sendContract(await staffHttp(api, 'csm@prosign.example'));
    const signer = signerHttp(api);
    await signer.post('/api/verifyToken').send({ token, prefix: 'contract' }).expect(200);
    await saveSignatureAndConsent(api, token);
    // Sealed before the worker starts (the spec's merge-docs seals before answering): the
    // schedule's first run, at the worker's start, finds this archive.
    const merged = (
      await signer
        .post('/api/template/merge-docs')
        .send({ doc1: 'the agreement', doc2: 'its audit trail', token })
        .expect(201)
    ).body as { combinedDocLink: string };
    signedDocLink = merged.combinedDocLink;
    original = await pdfAt(signedDocLink);
    // The worker registers the schedule at start, and a job scheduler's first run is at once:
    // that run, through the queue, is the one checked below (what admins see on the board).
    worker = await startWorker(env.config);
    const queue = worker.get<Queue>(getQueueToken(QueueName.Documents), { strict: false });
    const deadline = Date.now() + 60_000;
    while (!firstRun && Date.now() < deadline) {
      const [job] = (await queue.getJobs(['completed', 'failed'])).filter(
        (candidate) => candidate.name === DocumentsJob.ExtendArchives,
      );
      if (job?.failedReason) throw new Error(`the archive job failed: ${job.failedReason}`);
      firstRun = job?.returnvalue as ArchiveRunResult | undefined;
      if (!firstRun) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  it('the worker schedules the job once a day by default', async () => {
    const queue = worker.get<Queue>(getQueueToken(QueueName.Documents), { strict: false });
    const scheduler = await queue.getJobScheduler(ARCHIVE_TIMESTAMPS_SCHEDULER);
    expect(scheduler).toMatchObject({ name: DocumentsJob.ExtendArchives, every: DAY_MS });
  });

  it('extends a due archive: the same bytes first, then a DSS for the old time-stamp and a new one over everything', async () => {
    const documents = worker.get(DocumentRepository, { strict: false });
    const docId = docIdOf(signedDocLink);

    // The demo data's signed agreements are archives too: every one is due with this margin.
    expect(firstRun).toBeDefined();
    expect(firstRun!.waiting).toBe(0);
    expect(firstRun!.extended).toBe(firstRun!.checked);
    expect(firstRun!.documents).toContainEqual(expect.objectContaining({ docId, revision: 2 }));

    const extended = await pdfAt(signedDocLink);
    // The copy mailed at signing is the archive's first bytes, unchanged.
    expect(extended.length).toBeGreaterThan(original.length);
    expect(extended.subarray(0, original.length).equals(original)).toBe(true);

    const report = pdfsig(extended);
    const [seal, firstStamp, secondStamp, extra] = report.split(/^Signature #\d+:$/m).slice(1);
    expect(extra).toBeUndefined();
    expect(seal).toContain('Signature Validation: Signature is Valid.');
    expect(firstStamp).toContain('Signature Field Name: DocumentTimeStamp1');
    expect(secondStamp).toContain('Signature Field Name: DocumentTimeStamp2');
    expect(secondStamp).toContain('Total document signed');
    // OpenSSL checks the new token over the whole file but itself, against the local root.
    expect(
      opensslVerifyToken(lastSignatureContents(extended).bytes, coveredBytes(extended), rootPem),
    ).toContain('Verification: OK');

    const record = await documents.get(docId);
    expect(record.revision).toBe(2);
    expect(record.archiveExtensions).toEqual([
      expect.objectContaining({
        revision: 2,
        sha256: createHash('sha256').update(extended).digest('hex'),
      }),
    ]);
    expect(record.archiveTimestampExpiresAt).toBeInstanceOf(Date);
    // The first revision stays stored: the mailed copy can still be read as it was.
    const first = await documents.readPdf(docId, 1);
    expect(first?.pdf.equals(original)).toBe(true);
  });

  it('extends nothing before the margin, and two runs at once extend an archive once', async () => {
    const archives = worker.get(ArchiveTimestampsService, { strict: false });
    const documents = worker.get(DocumentRepository, { strict: false });
    const docId = docIdOf(signedDocLink);
    const before = await documents.get(docId);
    const expiresAt = before.archiveTimestampExpiresAt!.getTime();

    // A day before the margin starts: not due.
    const early = await archives.run(new Date(expiresAt - MARGIN_DAYS * DAY_MS - DAY_MS));
    expect(early).toMatchObject({ extended: 0, waiting: 0 });
    expect((await documents.get(docId)).revision).toBe(before.revision);

    const [a, b] = await Promise.all([archives.extend(before), archives.extend(before)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const after = await documents.get(docId);
    expect(after.revision).toBe(before.revision + 1);
    expect(after.archiveExtensions).toHaveLength(2);
    expect(pdfsig(await pdfAt(signedDocLink))).toContain('DocumentTimeStamp3');
  });
});
