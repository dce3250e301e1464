import type { INestApplication } from '@nestjs/common';
import mongoose from 'mongoose';
import { extractDocId } from '@prosign/domain';
import { seedBaseData } from './support/seed';
import {
  openAndSaveSignature,
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

interface Operation {
  collection: string;
  method: string;
  filter: Record<string, unknown>;
}

/**
 * What one signer's calls read from the database (issue 38 item 3): every signing is paid in
 * database commands, so a finish reads no record it already has, and a signer's next call
 * resolves their link without reading it again.
 */
describe('signing: the reads a signer costs', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let http: StaffHttp;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    http = await staffHttp(api, 'csm@prosign.example');
  });

  afterEach(() => {
    mongoose.set('debug', false);
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  /** The operations Mongoose sends while `run` runs. */
  async function operationsOf(run: () => Promise<unknown>): Promise<Operation[]> {
    const operations: Operation[] = [];
    mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
      const filter = (args[0] ?? {}) as Record<string, unknown>;
      operations.push({ collection, method, filter });
    });
    try {
      await run();
    } finally {
      mongoose.set('debug', false);
    }
    return operations;
  }

  const readsOf = (operations: Operation[], collection: string, id: unknown) =>
    operations.filter(
      (op) =>
        op.collection === collection &&
        ['findOne', 'find'].includes(op.method) &&
        String(op.filter._id) === String(id),
    );

  it("reads the agreement's document record once in a finish, and never the audit trail it just wrote", async () => {
    const { token, docLink } = await sendContract(http);
    await openAndSaveSignature(api, token, 'Maria Elena Alvarez');
    let finished: { auditTrailDocLink: string; signedDocLink: string } | undefined;

    const operations = await operationsOf(async () => {
      const res = await signerHttp(api).post('/api/signing/finish').send({ token }).expect(200);
      finished = res.body as typeof finished;
    });

    expect(finished?.signedDocLink).toContain('/api/documents/d/');
    const documentWrites = operations.filter((op) => op.collection === 'documents');
    // Counted at all: the finish places the signature and creates the trail and the sealed copy.
    expect(documentWrites.length).toBeGreaterThanOrEqual(3);
    // Placing the signature reads the record; the trail and the seal take it from that step.
    expect(readsOf(operations, 'documents', extractDocId(docLink))).toHaveLength(1);
    expect(readsOf(operations, 'documents', extractDocId(finished!.auditTrailDocLink))).toEqual([]);
    // The revision the placement created (1 is the agreement as sent) has no stored PDF to look
    // for: the finish renders it without asking.
    expect(readsOf(operations, 'document_pdfs', `${extractDocId(docLink)}.2`)).toEqual([]);
    // Nor the sealed copy, a document made in this finish.
    expect(
      readsOf(operations, 'document_pdfs', `${extractDocId(finished!.signedDocLink)}.1`),
    ).toEqual([]);
  });

  it("resolves a signer's link once per process: the next calls read the agreement alone", async () => {
    const { token } = await sendContract(http);
    const signer = signerHttp(api);
    await signer.post('/api/verifyToken').send({ token, prefix: 'contract' }).expect(200);

    const operations = await operationsOf(async () => {
      await signer.post('/api/verifyToken').send({ token, prefix: 'contract' }).expect(200);
      await signer
        .post('/api/template/upload-signature')
        .send({ token, textSignature: 'Maria E. Alvarez', clientname: 'Maria Elena Alvarez' })
        .expect(200);
    });

    expect(readsOf(operations, 'agreement_links', token)).toEqual([]);
    expect(operations.some((op) => op.collection === 'agreements')).toBe(true);
  });
});
