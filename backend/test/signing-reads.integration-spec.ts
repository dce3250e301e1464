import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';
import { extractDocId } from '@prosign/domain';
import { DocumentLayoutService } from '../src/modules/documents';
import { coDealFixture, sendCo } from './support/co-fixtures';
import { seedBaseData } from './support/seed';
import {
  openAndSaveSignature,
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sealedFinish,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { sowBody } from './support/sow-fixtures';
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
 * What one signer's calls read from the database: every signing is paid in
 * database commands, so a finish reads no record it already has, and a signer's next call
 * resolves their link without reading it again. The finish answers once the signature is
 * recorded and the worker seals: the seal's reads are counted in the worker.
 */
describe('signing: the reads a signer costs', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let http: StaffHttp;
  let pm: StaffHttp;
  let apiConnection: Connection;
  let workerConnection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    http = await staffHttp(api, 'csm@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
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
    // Then Insights' summary of the agreement (agreement_insights), written after the change,
    // and what it changed added to Insights' totals.
    expect(finishOps.map((op) => [op.collection, op.method])).toEqual([
      ['agreements', 'findOne'],
      ['agreements', 'findOneAndUpdate'],
      ['agreement_insights', 'findOneAndUpdate'],
      ['agreement_insight_totals', 'bulkWrite'],
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
  /** The document store: document records, their rendered PDFs and stored files. */
  const DOCUMENT_STORE = /^(documents|document_pdfs|stored_files|document_files)/;
  const apiCommandsOf = (operations: Operation[]) =>
    operations.filter((op) => op.by === 'api').map((op) => `${op.collection}.${op.method}`);
  const agreementOf = (token: string) =>
    apiConnection
      .collection('agreements')
      .findOne({ $or: [{ token }, { 'recipients.token': token }] });

  /** A standard contract with a second client signer (at once) and the firm's countersigner. */
  async function sendWithSigners() {
    const sent = await sendContract(http, {
      additional_signers: [{ name: 'Luis Alvarez', email: 'luis.alvarez@example.com' }],
      countersigner: { email: 'admin@prosign.example', name: 'Dana Whitfield', title: 'Principal' },
      signing_order: 'parallel',
    });
    return sent.token;
  }

  it("answers every family's link check from the agreement: no document read, only the commands it needs", async () => {
    const documentLayout = api.get(DocumentLayoutService);
    const checks: Array<{
      name: string;
      token: string;
      call: () => Promise<{ body: { bookmarks: unknown } }>;
      recipientId?: string;
    }> = [];
    const standard = (await sendContract(http)).token;
    checks.push({
      name: 'standard',
      token: standard,
      call: () =>
        signerHttp(api)
          .post('/api/verifyToken')
          .send({ token: standard, prefix: 'contract' })
          .expect(200),
    });
    const several = await sendWithSigners();
    const luis = (
      (await agreementOf(several))?.recipients as Array<{ id: string; token?: string }>
    )[1];
    checks.push({
      name: 'several signers: the first',
      token: several,
      call: () =>
        signerHttp(api)
          .post('/api/verifyToken')
          .send({ token: several, prefix: 'contract' })
          .expect(200),
    });
    checks.push({
      name: 'several signers: the second',
      token: luis.token as string,
      recipientId: luis.id,
      call: () =>
        signerHttp(api)
          .post('/api/verifyToken')
          .send({ token: luis.token, prefix: 'contract' })
          .expect(200),
    });
    const firm = (
      (await agreementOf(several))?.recipients as Array<{ id: string; role: string }>
    ).find((recipient) => recipient.role === 'countersigner');
    const severalId = String((await agreementOf(several))?._id);
    const principal = await staffHttp(api, 'admin@prosign.example');
    checks.push({
      name: 'several signers: the countersigner',
      token: several,
      recipientId: firm?.id,
      call: () => principal().get(`/api/countersign/${severalId}`).expect(200),
    });
    const sowBodyOf = sowBody();
    const sowCreated = await pm().post('/api/sow/create-contract').send(sowBodyOf).expect(200);
    const sow = (
      await pm()
        .post('/api/sow/send-contract')
        .send({ ...sowBodyOf, docLink: sowCreated.body.docLink })
        .expect(200)
    ).body.customId as string;
    const co = (await sendCo(http, await coDealFixture(http))).customId;
    for (const [family, customId] of [
      ['sow', sow],
      ['co', co],
    ] as const) {
      checks.push({
        name: `${family}: the view`,
        token: customId,
        call: () =>
          signerHttp(api, { linkToken: customId })
            .post(`/api/${family}/increase-viewed-times/${customId}`)
            .expect(200),
      });
      checks.push({
        name: `${family}: the page`,
        token: customId,
        call: () =>
          signerHttp(api, { linkToken: customId })
            .get(`/api/${family}/get-contract/${customId}`)
            .expect(200),
      });
    }

    const seen: Record<string, string[]> = {};
    for (const check of checks) {
      let answered: { body: { bookmarks: unknown } } | undefined;
      const operations = await operationsOf(async () => {
        answered = await check.call();
      });
      // What the page needs, as the document's layout says it.
      const agreement = await agreementOf(check.token);
      const expected = await documentLayout.signingBookmarks(
        agreement?.docLink as string,
        check.recipientId,
      );
      expect(expected?.signature).toBeTruthy();
      expect(JSON.stringify(answered?.body.bookmarks)).toBe(JSON.stringify(expected));
      expect(operations.filter((op) => DOCUMENT_STORE.test(op.collection))).toEqual([]);
      seen[check.name] = apiCommandsOf(operations);
    }
    // A first view: the link resolved, the agreement read, the view written with its event (a
    // second signer's first tries the move to viewed, which the first signer's view made). A
    // SOW's and a CO's view also records the CRM's note of it; their page then reads the
    // agreement alone (the link resolved by the view). Nothing else: the bookmarks are on it.
    // Each write is followed by Insights' summary of the agreement (agreement_insights) and,
    // when the summary changed, what it changed added to Insights' totals.
    const firstView = [
      'agreement_links.findOne',
      'agreements.findOne',
      'agreements.findOneAndUpdate',
      'agreement_insights.findOneAndUpdate',
      'agreement_insight_totals.bulkWrite',
    ];
    expect(seen).toEqual({
      standard: firstView,
      'several signers: the first': firstView,
      // The second signer's first view: its own view written, then the agreement's move to
      // viewed tried (the first signer's view made it), then the summary, which it left as
      // it was (the agreement was viewed already): no totals to change.
      'several signers: the second': [
        'agreement_links.findOne',
        'agreements.findOne',
        'agreements.findOneAndUpdate',
        'agreements.findOne',
        'agreements.findOneAndUpdate',
        'agreement_insights.findOneAndUpdate',
      ],
      // Staff: their session's user, then the agreement.
      'several signers: the countersigner': ['users.findOne', 'agreements.findOne'],
      'sow: the view': [...firstView, 'crm_stage_moves.insertMany'],
      'sow: the page': ['agreements.findOne'],
      'co: the view': [...firstView, 'crm_stage_moves.insertMany'],
      'co: the page': ['agreements.findOne'],
    });
  });

  it('computes and stores the signing places of an agreement sent before they were kept, once, answering the same bookmarks', async () => {
    const { token, docLink } = await sendContract(http);
    const verify = () =>
      signerHttp(api).post('/api/verifyToken').send({ token, prefix: 'contract' }).expect(200);
    const asSent = (await agreementOf(token))?.signingPlaces;
    expect(asSent).toMatchObject({ laidOut: true });
    const first = await verify();

    // As an agreement stored before signing places were kept: none.
    await apiConnection
      .collection('agreements')
      .updateOne({ token }, { $unset: { signingPlaces: 1 } });
    let backfilled: { body: unknown } | undefined;
    const backfill = await operationsOf(async () => {
      backfilled = await verify();
    });
    // Computed from the document once, and kept.
    expect(backfill.some((op) => op.by === 'api' && op.collection === 'documents')).toBe(true);
    expect((await agreementOf(token))?.signingPlaces).toEqual(asSent);
    let again: { body: unknown } | undefined;
    const next = await operationsOf(async () => {
      again = await verify();
    });
    expect(next.filter((op) => DOCUMENT_STORE.test(op.collection))).toEqual([]);

    // The same answer, byte for byte, whether computed from the document or read from the record.
    const today = await api.get(DocumentLayoutService).signingBookmarks(docLink);
    expect(JSON.stringify((first.body as { bookmarks: unknown }).bookmarks)).toBe(
      JSON.stringify(today),
    );
    expect(JSON.stringify(backfilled?.body)).toBe(JSON.stringify(again?.body));
    expect(JSON.stringify((backfilled?.body as { bookmarks: unknown }).bookmarks)).toBe(
      JSON.stringify(today),
    );
  });

  it('keeps the signing places of the document as it is after a hand-over prints the new name', async () => {
    const { token, docLink } = await sendContract(http);
    await signerHttp(api)
      .post('/api/signing/hand-over')
      .send({ token, name: 'Jane Whitmore', email: 'jane.whitmore@example.com' })
      .expect(200);
    const handed = await apiConnection.collection('agreements').findOne({ docLink });
    const now = await api.get(DocumentLayoutService).signingPlaces(docLink);
    expect(JSON.stringify(handed?.signingPlaces)).toBe(JSON.stringify(now));
  });
});
