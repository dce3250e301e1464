import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  crmFilePath,
  type CrmRecordActivityView,
  type FinishSigningResponse,
} from '@prosign/domain';
import type { Queue } from 'bullmq';
import { Types, type Connection } from 'mongoose';
import request from 'supertest';
import type { FileDoc } from '../src/integrations/crm/local-crm.collections';
import { AgreementLifecycleService } from '../src/modules/agreements';
import { crmMarkerOf } from '../src/modules/crm/crm-agreement-record';
import { enqueueMove } from '../src/modules/crm/crm-stage-moves';
import { QueueName } from '../src/platform/queues/queue-names';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sealedFinish,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { asStaff, signIn, staffHttp, TEST_ADMIN } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const DEAL_ID = '40000007';

function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/**
 * The CRM record of an agreement, on the local CRM: a standard contract sent and signed leaves on its
 * deal a note per event, and the sealed PDF as a private file in the family's folder attached
 * to the "signed" note; a retry of a write after a crash (its progress lost) finds both by the
 * write's marker and creates neither again.
 */
describe('the agreement on its CRM record', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let connection: Connection;
  let agreementId: string;
  let signedPdf: Buffer;
  const moved = (id: string) =>
    waitFor(
      () => connection.collection('crm_stage_moves').findOne({ _id: id as never }),
      (doc) => doc?.status === 'moved',
      { timeoutMs: 20_000, intervalMs: 100 },
    );

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    connection = api.get<Connection>(getConnectionToken(), { strict: false });
    const sent = await sendContract(await staffHttp(api, 'csm@prosign.example'), {
      hsDealId: DEAL_ID,
    });
    const signer = signerHttp(api);
    await signer
      .post('/api/verifyToken')
      .send({ token: sent.token, prefix: 'contract' })
      .expect(200);
    await saveSignatureAndConsent(api, sent.token);
    const answer = (
      await signer.post('/api/signing/finish').send({ token: sent.token }).expect(200)
    ).body as FinishSigningResponse;
    // The finish answers once the signature is recorded; the worker seals the PDF after.
    expect(answer).toMatchObject({ status: 'signed', signedDocLink: '', auditTrailDocLink: '' });
    const done = await sealedFinish(api, sent.token);
    const agreement = await connection
      .collection('agreements')
      .findOne({ token: sent.token }, { projection: { _id: 1 } });
    agreementId = String(agreement!._id);
    signedPdf = (
      await request(api.getHttpServer())
        .get(new URL(done.signedDocLink!).pathname)
        .buffer(true)
        .parse(binary)
        .expect(200)
    ).body as Buffer;
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  it('notes the send, and the signature with the sealed PDF attached as a private file of the family’s folder', async () => {
    const sentMove = await moved(`standard-sent.${agreementId}`);
    const signedMove = await moved(`standard-signed.${agreementId}`);

    const sentNote = await connection
      .collection('crm_notes')
      .findOne({ marker: crmMarkerOf(`standard-sent.${agreementId}`) });
    expect(sentNote).toMatchObject({ dealId: DEAL_ID, attachmentIds: [] });
    expect(sentNote!.body).toMatch(/was sent for signature in ProSign\.\nOpen in ProSign: http/);
    // Never the signer's link in a note.
    expect(sentNote!.body).not.toContain(PUBLIC_SIGNING_URL);
    expect(sentMove?.noteId).toBe(sentNote!._id);

    const files = await connection
      .collection('crm_files')
      .find({ folder: '/ProSign/Service agreements' })
      .toArray();
    const file = files.find((candidate) =>
      String(candidate.name).endsWith(`${crmMarkerOf(`standard-signed.${agreementId}`)}.pdf`),
    );
    expect(file).toBeDefined();
    // Its bytes are a document of their own: a lookup by folder and name reads the record alone.
    expect(file!.bytes).toBeUndefined();
    const content = await connection.collection('crm_file_contents').findOne({ _id: file!._id });
    expect(Buffer.from(content!.bytes.buffer).equals(signedPdf)).toBe(true);
    const signedNote = await connection
      .collection('crm_notes')
      .findOne({ marker: crmMarkerOf(`standard-signed.${agreementId}`) });
    expect(signedNote).toMatchObject({ dealId: DEAL_ID, attachmentIds: [file!._id] });
    expect(signedNote!.body).toContain('was signed in ProSign. The sealed PDF');
    expect(signedMove).toMatchObject({ fileId: file!._id, noteId: signedNote!._id });
  });

  it('a retry whose progress was lost (a crash between upload and note) writes neither twice', async () => {
    const id = `standard-signed.${agreementId}`;
    const moves = connection.collection('crm_stage_moves');
    // As if the worker died after the upload and the note, before recording either.
    await moves.updateOne(
      { _id: id as never },
      { $set: { status: 'queued', fileId: null, noteId: null }, $inc: { requeues: 1 } },
    );
    const move = await moves.findOne({ _id: id as never });
    const queue = worker.get<Queue>(getQueueToken(QueueName.Crm), { strict: false });
    await enqueueMove(queue as never, move as never, env.config);
    const again = await moved(id);
    const marker = crmMarkerOf(id);
    expect(await connection.collection('crm_notes').countDocuments({ marker })).toBe(1);
    const files = await connection
      .collection('crm_files')
      .countDocuments({ name: { $regex: `${marker}\\.pdf$` } });
    expect(files).toBe(1);
    expect(again?.fileId).toBeTruthy();
    expect(again?.noteId).toBeTruthy();
  });

  it('admins see the deal with its notes, the file and the stage history in the CRM record view', async () => {
    const admin = asStaff(api, await signIn(api, TEST_ADMIN));
    const view = (await admin.get(`/api/admin/crm/records/deals/${DEAL_ID}`).expect(200))
      .body as CrmRecordActivityView;
    expect(view).toMatchObject({ type: 'deals', id: DEAL_ID });
    expect(view.stage).toEqual({
      id: env.config.CRM_CONTRACT_SIGNED_STAGE,
      label: 'Contract Signed',
    });
    const signedNote = view.notes.find((note) => note.body.includes('was signed in ProSign'))!;
    expect(signedNote.attachments).toHaveLength(1);
    expect(view.notes.some((note) => note.body.includes('was sent for signature'))).toBe(true);
    expect(view.files.map((file) => file.id)).toContain(signedNote.attachments[0].id);
    expect(view.stageHistory.map((change) => change.to.label)).toEqual(
      expect.arrayContaining(['Contract Sent', 'Contract Signed']),
    );

    const file = await admin
      .get(crmFilePath(signedNote.attachments[0].id))
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((file.body as Buffer).equals(signedPdf)).toBe(true);

    // A file stored before the bytes had a document of their own still downloads.
    const legacyBytes = Buffer.from('%PDF-1.7 stored with its record');
    await connection.collection<FileDoc>('crm_files').insertOne({
      _id: '89900001',
      folder: '/ProSign/Service agreements',
      name: 'Older agreement (signed).pdf',
      contentType: 'application/pdf',
      size: legacyBytes.length,
      bytes: legacyBytes,
      createdAt: new Date(),
    });
    const legacy = await admin.get(crmFilePath('89900001')).buffer(true).parse(binary).expect(200);
    expect((legacy.body as Buffer).equals(legacyBytes)).toBe(true);

    await admin.get('/api/admin/crm/records/deals/1').expect(404);
    await admin.get('/api/admin/crm/records/contacts/1').expect(400);
    const csm = asStaff(api, await signIn(api, 'csm@prosign.example'));
    await csm.get(`/api/admin/crm/records/deals/${DEAL_ID}`).expect(403);
  });

  it('the first view is noted once, and a write that ends late never takes the deal back', async () => {
    const viewed = await moved(`standard-viewed.${agreementId}`);
    const viewNote = await connection
      .collection('crm_notes')
      .findOne({ marker: crmMarkerOf(`standard-viewed.${agreementId}`) });
    expect(viewNote!.body).toContain('was opened by the signer for the first time');
    expect(viewed?.noteId).toBe(viewNote!._id);

    // A "sent" write of this deal retried through an outage, ending after the signature's.
    const moves = connection.collection('crm_stage_moves');
    const late = `standard-sent.late-${agreementId}`;
    const signedAt = (await moves.findOne({ _id: `standard-signed.${agreementId}` as never }))!
      .createdAt as Date;
    await moves.insertOne({
      _id: late as never,
      dealId: DEAL_ID,
      milestone: 'sent',
      link: 'https://sign.example/late',
      status: 'queued',
      attempts: 0,
      requeues: 0,
      lastError: null,
      dealstage: null,
      createdAt: new Date(signedAt.getTime() - 60_000),
      updatedAt: new Date(),
      movedAt: null,
    });
    const queue = worker.get<Queue>(getQueueToken(QueueName.Crm), { strict: false });
    await enqueueMove(queue as never, { _id: late, requeues: 0 }, env.config);
    const done = await moved(late);
    expect(done?.dealstage).toBeNull();
    // Its note is on the record; the deal stays signed, its link the sealed PDF's.
    expect(
      await connection.collection('crm_notes').countDocuments({ marker: crmMarkerOf(late) }),
    ).toBe(1);
    const deal = await connection.collection('crm_deals').findOne({ _id: DEAL_ID as never });
    expect(deal!.properties).toMatchObject({
      dealstage: env.config.CRM_CONTRACT_SIGNED_STAGE,
      prosign_contract_status: 'signed',
    });
    expect(deal!.properties.contract_link).not.toBe('https://sign.example/late');
  });

  it('a first view whose CRM request was lost is asked for again by the next open, and noted once', async () => {
    const sent = await sendContract(await staffHttp(api, 'csm@prosign.example'), {
      hsDealId: DEAL_ID,
    });
    const id = String(
      (await connection.collection('agreements').findOne({ token: sent.token }))!._id,
    );
    const key = `standard-viewed.${id}`;
    const open = () =>
      signerHttp(api)
        .post('/api/verifyToken')
        .send({ token: sent.token, prefix: 'contract' })
        .expect(200);
    // The first open's view was written, and the database went before its CRM request was:
    // the agreement is viewed and no write asks for the note.
    await connection
      .collection('agreements')
      .updateOne(
        { _id: new Types.ObjectId(id) },
        { $set: { status: 'viewed', viewedAt: new Date() } },
      );
    expect(
      await connection.collection('crm_stage_moves').findOne({ _id: key as never }),
    ).toBeNull();

    await open();
    await moved(key);
    await open();
    await moved(key);
    expect(
      await connection.collection('crm_notes').countDocuments({ marker: crmMarkerOf(key) }),
    ).toBe(1);
  });

  it('a void keeps the VOID-stamped PDF on the record and says so on the deal', async () => {
    const lifecycle = api.get(AgreementLifecycleService, { strict: false });
    const voided = await lifecycle.void(
      'standard',
      { id: agreementId },
      {
        email: TEST_ADMIN,
        isAdmin: true,
        userAccessAccess: true,
      },
    );
    const move = await moved(`standard-voided.${agreementId}`);
    const marker = crmMarkerOf(`standard-voided.${agreementId}`);
    const file = await connection
      .collection('crm_files')
      .findOne({ name: { $regex: `\\(void\\) ${marker}\\.pdf$` } });
    expect(file?.folder).toBe('/ProSign/Service agreements');
    const note = await connection.collection('crm_notes').findOne({ marker });
    expect(note).toMatchObject({ attachmentIds: [file!._id] });
    expect(note!.body).toContain('was voided in ProSign. The VOID-stamped PDF is attached.');
    expect(move).toMatchObject({ fileId: file!._id, noteId: note!._id });
    const deal = await connection.collection('crm_deals').findOne({ _id: DEAL_ID as never });
    expect(deal!.properties).toMatchObject({
      prosign_contract_status: 'voided',
      contract_link: voided.voidDocLink,
    });
  });
});
