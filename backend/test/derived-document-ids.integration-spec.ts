import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { extractDocId, STANDARD_TEMPLATE_DOC_IDS } from '@prosign/domain';
import type { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { DocumentRepository } from '../src/integrations/documents/store/document.repository';
import { migrate, MigrateModule } from '../src/migrations/migrate.module';
import { DocumentsJob } from '../src/modules/documents/documents.jobs';
import { DerivedDocumentsService } from '../src/modules/documents/derived-documents.service';
import { DocumentPdfService } from '../src/modules/documents/document-pdf.service';
import { DocumentsService } from '../src/modules/documents/documents.service';
import { QueueName } from '../src/platform/queues/queue-names';
import {
  contractFormData,
  documentModel,
  seedTemplates,
  storedPdfModel,
} from './support/document-fixtures';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const PUBLIC_API_URL = 'https://prosign.example.com';
/** 128 random bits as base64url, the shape of every document id ProSign draws. */
const RANDOM_DOCUMENT_ID = /^[A-Za-z0-9_-]{22}$/;
const TOKEN = 'tok_derived_ids_0001';
const VOIDED_AT = new Date('2026-04-02T19:45:00Z');

/**
 * The audit trail, the sealed copy and the void copy of an agreement are
 * served to whoever holds their links, so their ids are drawn at random (128 bits), not
 * computed from their sources; still, repeating or racing a build makes one document.
 */
describe('derived document ids: random, drawn once', () => {
  /** Two installations: each its own database, the same agreement document in both. */
  const envs = [0, 1].map(() => createTestEnv(__filename, { PUBLIC_API_URL }));
  const apis: INestApplication[] = [];
  const documentsOf = (i: number) => apis[i].get(DocumentsService, { strict: false });
  const derivedDocumentsOf = (i: number) => apis[i].get(DerivedDocumentsService, { strict: false });
  const documentPdfsOf = (i: number) => apis[i].get(DocumentPdfService, { strict: false });
  const repositoryOf = (i: number) => apis[i].get(DocumentRepository, { strict: false });
  const recordsOf = (i: number) => documentModel(apis[i]);
  let agreement: string;

  beforeAll(async () => {
    for (const env of envs) apis.push((await startApi(env.config)).app);
    await seedTemplates(apis[0]);
    const { docLink } = await documentsOf(0).createContract(
      `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
      contractFormData(),
    );
    agreement = docLink;
    await copyToSecond(extractDocId(docLink)!);
  });

  afterAll(async () => {
    for (const api of apis) await api.close();
    for (const env of envs) await env.cleanup();
  });

  /** A document of the first installation, stored under the same id in the second. */
  async function copyToSecond(docId: string): Promise<void> {
    await recordsOf(1).create(await repositoryOf(0).get(docId));
  }

  /** The finish's documents (audit trail, sealed copy) and a void of the sealed copy, in one installation. */
  async function sealAndVoid(i: number) {
    const derivedDocuments = derivedDocumentsOf(i);
    const trail = await derivedDocuments.createAuditTrail({
      agreement,
      documentTitle: 'Professional Engineering Services Agreement',
      signer: { name: 'Maria Elena Alvarez', email: 'maria.alvarez@example.com' },
      events: [{ type: 'signed', at: new Date('2026-03-14T17:26:53Z'), ip: '198.51.100.77' }],
      contractToken: TOKEN,
    });
    const { docId: sealed } = await derivedDocuments.mergeDocuments(
      agreement,
      trail.docLink,
      TOKEN,
    );
    const { docId: voided } = await derivedDocuments.voidDocument(
      sealed,
      'admin@prosign.test',
      VOIDED_AT,
    );
    return { trail: trail.docId, sealed, voided };
  }

  it('draws each id at random: the same inputs in two databases give different ids of 128 bits', async () => {
    const first = await sealAndVoid(0);
    const second = await sealAndVoid(1);
    for (const kind of ['trail', 'sealed', 'voided'] as const) {
      expect(first[kind]).toMatch(RANDOM_DOCUMENT_ID);
      expect(second[kind]).toMatch(RANDOM_DOCUMENT_ID);
      expect(second[kind]).not.toBe(first[kind]);
    }
    // The void copy's id is no function of the sealed copy's: voiding the same sealed copy
    // (its record copied over, same id) in the other database draws another id.
    await copyToSecond(first.sealed);
    const { docId: otherVoid } = await derivedDocumentsOf(1).voidDocument(
      first.sealed,
      'admin@prosign.test',
      VOIDED_AT,
    );
    expect(otherVoid).toMatch(RANDOM_DOCUMENT_ID);
    expect(otherVoid).not.toBe(first.voided);
  });

  it('repeated and concurrent builds of one derived document keep one id, one record, one job, one PDF', async () => {
    const documentPdfs = documentPdfsOf(0);
    const records = recordsOf(0);
    const first = await sealAndVoid(0);
    const [again, racing] = await Promise.all([sealAndVoid(0), sealAndVoid(0)]);
    expect(again).toEqual(first);
    expect(racing).toEqual(first);
    for (const id of Object.values(first)) {
      expect(await records.countDocuments({ _id: id })).toBe(1);
    }
    expect(await records.countDocuments({ kind: 'combined' })).toBe(1);
    expect(await records.countDocuments({ kind: 'void', sources: [first.sealed] })).toBe(1);

    // The void copy's build is queued under its id: one job, however often it was asked for.
    const queue = apis[0].get<Queue>(getQueueToken(QueueName.Documents), { strict: false });
    const builds = (await queue.getJobs()).filter(
      (job) => job.name === DocumentsJob.BuildDerivedDocument && job.data.docId === first.voided,
    );
    expect(builds).toHaveLength(1);
    // Two workers building it at once store one PDF.
    await Promise.all([documentPdfs.ensurePdf(first.voided), documentPdfs.ensurePdf(first.voided)]);
    expect(await storedPdfModel(apis[0]).countDocuments({ docId: first.voided })).toBe(1);
  });

  it('keeps documents stored under the hash ids of before: served, and found again instead of made twice', async () => {
    const records = recordsOf(0);
    const { docLink } = await documentsOf(0).createContract(
      `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
      contractFormData(),
    );
    const source = extractDocId(docLink)!;
    // A void copy made before ids were random: its id was the hash of its kind and source.
    const hashId = createHash('sha256').update(`void\u0000${source}`).digest('hex').slice(0, 24);
    await records.create({
      _id: hashId,
      kind: 'void',
      title: 'VOID: Professional Engineering Services Agreement',
      contractKind: 'standard',
      sources: [source],
      voided: { by: 'admin@prosign.test', at: VOIDED_AT },
      revision: 1,
      documentDate: VOIDED_AT,
    });

    const res = await request(apis[0].getHttpServer())
      .get(`/api/documents/d/${hashId}/view`)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');

    // The deployment's data migration records the old id under its key, once.
    const migrateApp = await NestFactory.createApplicationContext(
      MigrateModule.forRoot(envs[0].config),
      { logger: false },
    );
    try {
      expect(await migrate(migrateApp)).toContainEqual({
        id: '2026-12-06-derived-ids-of-hash-documents',
        result: 'applied',
        summary: '1 of 1 hash-identified derived document(s) recorded',
      });
    } finally {
      await migrateApp.close();
    }

    const { docId } = await derivedDocumentsOf(0).voidDocument(
      docLink,
      'admin@prosign.test',
      VOIDED_AT,
    );
    expect(docId).toBe(hashId);
    expect(await records.countDocuments({ kind: 'void', sources: [source] })).toBe(1);
  });
});
