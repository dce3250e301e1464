import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';
import { extractDocId } from '@prosign/domain';
import { seedBaseData } from './support/seed';
import {
  openAndSaveSignature,
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sealedFinish,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

interface Operation {
  collection: string;
  method: string;
  filter: Record<string, unknown>;
  /** Who sent it: the api, the worker (each has its own connection), or another. */
  by: 'api' | 'worker' | 'other';
}

/**
 * What one signer's calls read from the database (issue 38 item 3): every signing is paid in
 * database commands, so a finish reads no record it already has, and a signer's next call
 * resolves their link without reading it again. The finish answers once the signature is
 * recorded and the worker seals: the seal's reads are counted in the worker.
 */
describe('signing: the reads a signer costs', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let http: StaffHttp;
  let apiConnection: Connection;
  let workerConnection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    http = await staffHttp(api, 'csm@prosign.example');
    apiConnection = api.get(getConnectionToken(), { strict: false });
    workerConnection = worker.get(getConnectionToken(), { strict: false });
  });

  afterEach(() => {
    mongoose.set('debug', false);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  /**
   * The operations Mongoose sends (the api's and the worker's) while `run` runs; `run` may ask
   * how many were sent so far.
   */
  async function operationsOf(
    run: (sentSoFar: () => number) => Promise<unknown>,
  ): Promise<Operation[]> {
    const operations: Operation[] = [];
    mongoose.set(
      'debug',
      function (this: { conn?: unknown }, collection: string, method: string, ...args: unknown[]) {
        const filter = (args[0] ?? {}) as Record<string, unknown>;
        const by =
          this?.conn === apiConnection
            ? 'api'
            : this?.conn === workerConnection
              ? 'worker'
              : 'other';
        operations.push({ collection, method, filter, by });
      },
    );
    try {
      await run(() => operations.length);
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

  it("reads the agreement's document record once in a finish (its seal, in the worker), and never the audit trail it just wrote", async () => {
    const { token, docLink } = await sendContract(http);
    await openAndSaveSignature(api, token, 'Maria Elena Alvarez');
    let claimed: { signedDocLink: string } | undefined;
    let finished: { auditTrailDocLink: string; signedDocLink: string } | undefined;
    let answered = 0;

    const operations = await operationsOf(async (sentSoFar) => {
      const res = await signerHttp(api).post('/api/signing/finish').send({ token }).expect(200);
      claimed = res.body as typeof claimed;
      // Not counted as the api's: what follows is this test polling for the seal.
      answered = sentSoFar();
      finished = await sealedFinish(api, token);
    });
    const finishOps = operations.slice(0, answered).filter((op) => op.by === 'api');
    const sealOps = operations.filter((op) => op.by === 'worker');

    // The api's finish records the signature and queues the seal, answering before the PDF: it
    // reads the agreement once (its link resolved already) and writes the claim, nothing else.
    // It used to read the document record once and write 3+ documents too: the seal's reads and
    // writes happen in the worker now, counted below.
    expect(claimed?.signedDocLink).toBe('');
    const agreementId = (await apiConnection.collection('agreements').findOne({ token }))?._id;
    expect(readsOf(finishOps, 'agreements', agreementId)).toHaveLength(1);
    expect(finishOps.map((op) => [op.collection, op.method])).toEqual([
      ['agreements', 'findOne'],
      ['agreements', 'findOneAndUpdate'],
    ]);

    expect(finished?.signedDocLink).toContain('/api/documents/d/');
    const documentWrites = sealOps.filter((op) => op.collection === 'documents');
    // Counted at all: the seal places the signature and creates the trail and the sealed copy.
    expect(documentWrites.length).toBeGreaterThanOrEqual(3);
    // Placing the signature reads the record; the trail and the seal take it from that step.
    expect(readsOf(sealOps, 'documents', extractDocId(docLink))).toHaveLength(1);
    expect(readsOf(sealOps, 'documents', extractDocId(finished!.auditTrailDocLink))).toEqual([]);
    // The revision the placement created (1 is the agreement as sent) has no stored PDF to look
    // for: the seal renders it without asking.
    expect(readsOf(sealOps, 'document_pdfs', `${extractDocId(docLink)}.2`)).toEqual([]);
    // Nor the sealed copy, a document made in this seal.
    expect(readsOf(sealOps, 'document_pdfs', `${extractDocId(finished!.signedDocLink)}.1`)).toEqual(
      [],
    );
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

    const apiOps = operations.filter((op) => op.by === 'api');
    expect(readsOf(apiOps, 'agreement_links', token)).toEqual([]);
    expect(apiOps.some((op) => op.collection === 'agreements')).toBe(true);
  });
});
