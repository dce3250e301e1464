import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { STANDARD_TEMPLATE_DOC_IDS, type AgreementCardCore } from '@prosign/domain';
import type { Connection } from 'mongoose';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { SigningFinishService } from '../src/modules/signing/signing-finish.service';
import { contractFormData, contractSendBody } from './support/document-fixtures';
import { pdfText } from './support/pdf-text';
import { seedBaseData } from './support/seed';
import {
  openAndSaveSignature,
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sealedFinish,
  signerHttp,
  signStandardAs,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const LUIS = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com', phone: '+14155550124' };

/**
 * Several signers on a standard contract: each signs through their
 * own link; in order, the second is invited only once the first signed; in
 * parallel, both at once; the last signature seals the agreement once, with
 * every signature stamped, and every signer gets the signed copy.
 */
describe('several signers: own links, in order or in parallel, sealed by the last signature', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let csm: StaffHttp;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    csm = await staffHttp(api, 'csm@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  async function sendWithLuis(order: 'parallel' | 'sequential', email = LUIS.email) {
    const created = await csm()
      .post('/api/template/create-contract')
      .send({
        docLink: `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
        formData: contractFormData({}),
        additional_signers: [{ ...LUIS, email }],
      })
      .expect(201);
    const docLink = created.body.docLink as string;
    const sent = await csm()
      .post('/api/contracts/send')
      .send({
        ...contractSendBody(docLink),
        additional_signers: [{ ...LUIS, email }],
        signing_order: order,
      });
    return { docLink, sent };
  }
  const stored = (token: string) => connection.collection('agreements').findOne({ token });
  const cardOf = async (token: string) =>
    (await csm().get(`/api/contracts/by-token/${token}`).expect(200)).body as AgreementCardCore;
  const linkMailsTo = async (agreementId: string, email: string) =>
    (await mailDeliveries(connection).find({ agreementId }).toArray()).filter(
      (mail) => mail.to.includes(email) && mail.template !== 'signed-copy',
    );
  const readyToFinish = (token: string, name: string) => openAndSaveSignature(api, token, name);
  const signAs = (token: string, name: string) => signStandardAs(api, token, name);

  it('in order: the second signer is invited only after the first signed; the last signature seals it', async () => {
    const { sent } = await sendWithLuis('sequential');
    expect(sent.status).toBe(200);
    const maria = sent.body.token as string;
    const record = await stored(maria);
    const agreementId = String(record?._id);
    const luis = record?.recipients[1].token as string;
    expect(luis).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(luis).not.toBe(maria);

    const sentCard = await cardOf(maria);
    expect(sentCard.recipients.map((r) => [r.id, r.role, r.order, r.state])).toEqual([
      ['signer-1', 'signer', 1, 'invited'],
      ['signer-2', 'signer', 2, 'waiting'],
      ['cc-1', 'cc', 3, 'waiting'],
    ]);
    // No token in a card: each signer's link is theirs alone.
    expect(JSON.stringify(sentCard)).not.toContain(luis);
    expect(await linkMailsTo(agreementId, LUIS.email)).toHaveLength(0);
    // Not his turn yet: his link opens nothing.
    const early = await signerHttp(api).post('/api/verifyToken').send({ token: luis }).expect(409);
    expect(early.body.message).toMatch(/not your turn/);

    const first = await signAs(maria, 'Maria Elena Alvarez');
    expect(first).toMatchObject({ status: 'signed', signedDocLink: '' });
    expect(first.progress).toBe('1 of 2 signed — waiting for Luis Alvarez');
    expect((await cardOf(maria)).status).toBe('signature_saved');
    const invitations = await linkMailsTo(agreementId, LUIS.email);
    expect(invitations).toHaveLength(1);
    expect(invitations[0].html).toContain(luis);
    expect(invitations[0].html).not.toContain(maria);
    // Maria's link now says she signed, with where the others stand; her signature is fixed.
    const hers = await signerHttp(api).post('/api/verifyToken').send({ token: maria }).expect(200);
    expect(hers.body).toMatchObject({
      linkState: 'signed',
      metrics: { isSigned: true },
      progress: '1 of 2 signed — waiting for Luis Alvarez',
    });
    await signerHttp(api).post('/api/template/clear-signature').send({ token: maria }).expect(409);
    expect((await signerHttp(api).post('/api/signing/finish').send({ token: maria })).status).toBe(
      200,
    );

    const opened = await signerHttp(api).post('/api/verifyToken').send({ token: luis }).expect(200);
    expect(opened.body).toMatchObject({
      linkState: 'open',
      client: { full_name: 'Luis Alvarez' },
      recipientId: 'signer-2',
      metrics: { isSignatureSaved: false, isSigned: false },
      progress: '1 of 2 signed — waiting for Luis Alvarez',
    });
    // The last signature answers once it is recorded; the worker seals it.
    const claimed = await signAs(luis, 'Luis Alvarez');
    expect(claimed).toMatchObject({ status: 'signed', signedDocLink: '', auditTrailDocLink: '' });
    const signed = await cardOf(maria);
    expect(signed.status).toBe('signed');
    expect(signed.recipients.slice(0, 2).map((r) => r.state)).toEqual(['signed', 'signed']);
    const last = await sealedFinish(api, luis);
    expect(last).toMatchObject({ signedAt: claimed.signedAt, verifyId: claimed.verifyId });
    expect(last.signedDocLink).toMatch(/\/api\/documents\/d\//);

    const sealed = await csm().get(new URL(last.signedDocLink).pathname).expect(200);
    const text = await pdfText(sealed.body as Buffer);
    expect(text).toContain('Maria Elena Alvarez');
    expect(text).toContain('Luis Alvarez');
    // The audit trail names every recipient, and each signer on their own events.
    const squashed = text.replace(/\s+/g, '');
    expect(squashed).toContain('RECIPIENTS');
    expect(squashed).toContain(`Signedby${LUIS.email}`);
    expect(squashed).toContain('Signedbymaria.alvarez@example.com');
    const copies = (await mailDeliveries(connection).find({ agreementId }).toArray()).filter(
      (mail) => mail.template === 'signed-copy',
    );
    expect(copies).toHaveLength(1);
    expect(copies[0].to).toEqual(expect.arrayContaining(['maria.alvarez@example.com', LUIS.email]));
  });

  it('in parallel: both are invited at once, and whoever signs last seals it', async () => {
    const { sent } = await sendWithLuis('parallel');
    const maria = sent.body.token as string;
    const record = await stored(maria);
    const agreementId = String(record?._id);
    const luis = record?.recipients[1].token as string;
    expect((await cardOf(maria)).recipients.slice(0, 2).map((r) => r.state)).toEqual([
      'invited',
      'invited',
    ]);
    expect(await linkMailsTo(agreementId, LUIS.email)).toHaveLength(1);

    const first = await signAs(luis, 'Luis Alvarez');
    expect(first.progress).toBe('1 of 2 signed — waiting for Maria Elena Alvarez');
    const claimed = await signAs(maria, 'Maria Elena Alvarez');
    expect(claimed).toMatchObject({ status: 'signed', signedDocLink: '', auditTrailDocLink: '' });
    expect((await cardOf(maria)).status).toBe('signed');
    // The worker seals it.
    const last = await sealedFinish(api, maria);
    expect(last.signedDocLink).toMatch(/\/api\/documents\/d\//);
  });

  it('seals once when both parallel signers finish at the same moment', async () => {
    const { sent } = await sendWithLuis('parallel');
    const maria = sent.body.token as string;
    const record = await stored(maria);
    const agreementId = String(record?._id);
    const luis = record?.recipients[1].token as string;
    await readyToFinish(maria, 'Maria Elena Alvarez');
    await readyToFinish(luis, 'Luis Alvarez');
    const finishes = await Promise.all(
      [maria, luis].map((token) => signerHttp(api).post('/api/signing/finish').send({ token })),
    );
    expect(finishes.map((res) => res.status)).toEqual([200, 200]);
    expect(finishes.map((res) => res.body.status)).toEqual(['signed', 'signed']);
    // Both answer before the seal; the worker seals it, once.
    await sealedFinish(api, maria);
    const done = await stored(maria);
    expect(done?.status).toBe('signed');
    type LoggedEvent = { type: string; data?: { recipientId?: string } | null };
    const signedEvents = (done?.events as LoggedEvent[]).filter((e) => e.type === 'signed');
    // Each signer's signature once, and the agreement's own signing (the seal) once.
    expect(signedEvents.map((e) => e.data?.recipientId ?? 'agreement').sort()).toEqual([
      'agreement',
      'signer-1',
      'signer-2',
    ]);
    expect(done?.finish?.state).toBe('completed');
    const copies = (await mailDeliveries(connection).find({ agreementId }).toArray()).filter(
      (mail) => mail.template === 'signed-copy',
    );
    expect(copies).toHaveLength(1);
  });

  it('reminds whoever is asked to sign now through their own link, and cancel closes every link', async () => {
    const { sent } = await sendWithLuis('sequential');
    const maria = sent.body.token as string;
    const record = await stored(maria);
    const agreementId = String(record?._id);
    const luis = record?.recipients[1].token as string;
    const reminders = async () =>
      (await mailDeliveries(connection).find({ agreementId }).toArray()).filter((mail) =>
        mail.subject.toLowerCase().includes('reminder'),
      );
    await signAs(maria, 'Maria Elena Alvarez');
    // Luis is the one asked now: the reminder is his, with his link, and not Maria's.
    await csm().post('/api/email/send-reminder').send({ token: maria }).expect(200);
    const sentReminders = await reminders();
    expect(sentReminders.map((mail) => mail.to)).toEqual([[LUIS.email]]);
    expect(sentReminders[0].html).toContain(luis);

    await csm().post('/api/update/cancel-contract').send({ token: maria }).expect(200);
    const closed = await signerHttp(api).post('/api/verifyToken').send({ token: luis }).expect(200);
    expect(closed.body.linkState).toBe('cancelled');
    await signerHttp(api)
      .post('/api/template/upload-signature')
      .send({ token: luis, textSignature: 'Luis Alvarez', clientname: 'Luis Alvarez' })
      .expect(409);

    // Resend asks both again, each under a new link, in the same order; the old links stay shut.
    const resent = await csm().put('/api/update/resend').send({ token: maria }).expect(200);
    const again = await connection
      .collection('agreements')
      .findOne({ token: (resent.body as { token: string }).token });
    expect(again?.recipients.map((r: { id: string; state: string }) => [r.id, r.state])).toEqual([
      ['signer-1', 'invited'],
      ['signer-2', 'waiting'],
      ['cc-1', 'waiting'],
    ]);
    expect(again?.recipients[1].token).not.toBe(luis);
    // Maria had signed the first document: the resend sends a copy without her marks.
    expect(again?.docLink).not.toBe(record?.docLink);
    const documents = connection.collection('documents');
    const docIdOf = (link: string) => new URL(link).pathname.split('/')[4];
    expect(
      (await documents.findOne({ _id: docIdOf(record?.docLink) } as never))?.signatures,
    ).toHaveProperty('signer-1');
    const copy = await documents.findOne({ _id: docIdOf(again?.docLink) } as never);
    expect(copy?.signatures).toBeUndefined();
    expect(copy?.content).toEqual(
      (await documents.findOne({ _id: docIdOf(record?.docLink) } as never))?.content,
    );
    expect(
      (await signerHttp(api).post('/api/verifyToken').send({ token: luis }).expect(200)).body
        .linkState,
    ).not.toBe('open');
  });

  it('edit and resend half-way closes every outstanding link and asks everyone again', async () => {
    const { sent } = await sendWithLuis('sequential');
    const maria = sent.body.token as string;
    const record = await stored(maria);
    const luis = record?.recipients[1].token as string;
    await signAs(maria, 'Maria Elena Alvarez');
    await csm().post('/api/update/cancel-contract').send({ token: maria }).expect(200);

    // The screen sends the edited form with the signers again, replacing the cancelled one.
    const template = `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`;
    const signers = { additional_signers: [LUIS] };
    const created = await csm()
      .post('/api/template/create-contract')
      .send({ docLink: template, formData: contractFormData({ cost: 13500 }), ...signers })
      .expect(201);
    const edited = await csm()
      .post('/api/contracts/send')
      .send({
        ...contractSendBody(created.body.docLink as string, {
          cost: 13500,
          deposit: 6750,
          balance: 6750,
        }),
        ...signers,
        signing_order: 'sequential',
        replacesToken: maria,
      })
      .expect(200);
    expect((await stored(maria))?.status).toBe('edited_resent');
    for (const token of [maria, luis]) {
      const old = await signerHttp(api).post('/api/verifyToken').send({ token }).expect(200);
      expect(old.body.linkState).toBe('replaced');
    }
    const fresh = await stored(edited.body.token as string);
    expect(fresh?.recipients.map((r: { id: string; state: string }) => [r.id, r.state])).toEqual([
      ['signer-1', 'invited'],
      ['signer-2', 'waiting'],
      ['cc-1', 'waiting'],
    ]);
    expect(fresh?.recipients[1].token).not.toBe(luis);
  });

  it('a signature left half-way (the caller gone before the stamp, the invitation or the seal) is completed by the schedule, once', async () => {
    const { sent } = await sendWithLuis('sequential');
    const maria = sent.body.token as string;
    const record = await stored(maria);
    const agreementId = String(record?._id);
    const luis = record?.recipients[1].token as string;
    const agreements = connection.collection('agreements');
    const docId = new URL(record?.docLink).pathname.split('/')[4];
    const signaturesOnDocument = async () =>
      Object.keys(
        (await connection.collection('documents').findOne({ _id: docId } as never))?.signatures ??
          {},
      );
    /** What the api wrote before it went away: the recipient signed, the rest not done. */
    async function signedThenGone(token: string, name: string, index: number) {
      await readyToFinish(token, name);
      const at = new Date(Date.now() - 5 * 60_000);
      await agreements.updateOne({ _id: record?._id } as never, {
        $set: {
          [`recipients.${index}.state`]: 'signed',
          [`recipients.${index}.signedAt`]: at,
          signerPart: { recipientId: `signer-${index + 1}`, at },
        },
      });
    }
    const resume = () => worker.get(SigningFinishService, { strict: false }).resumeSignerParts();

    await signedThenGone(maria, 'Maria Elena Alvarez', 0);
    expect(await linkMailsTo(agreementId, LUIS.email)).toHaveLength(0);
    expect(await resume()).toBeGreaterThanOrEqual(1);
    // Her signature stamped, Luis invited once, the mark cleared; a second run does nothing.
    expect(await signaturesOnDocument()).toEqual(['signer-1']);
    expect(await linkMailsTo(agreementId, LUIS.email)).toHaveLength(1);
    expect((await stored(maria))?.signerPart).toBeNull();
    await resume();
    expect(await linkMailsTo(agreementId, LUIS.email)).toHaveLength(1);

    // The last signature left before the seal: the schedule seals it.
    await signerHttp(api).post('/api/verifyToken').send({ token: luis }).expect(200);
    await signedThenGone(luis, 'Luis Alvarez', 1);
    await resume();
    const sealed = await stored(maria);
    expect(sealed?.status).toBe('signed');
    expect(sealed?.finish?.state).toBe('completed');
    expect(sealed?.signerPart).toBeNull();
    expect((await signaturesOnDocument()).sort()).toEqual(['signer-1', 'signer-2']);
    const copies = (await mailDeliveries(connection).find({ agreementId }).toArray()).filter(
      (mail) => mail.template === 'signed-copy',
    );
    expect(copies).toHaveLength(1);
  });

  it('refuses a second signer with the first signer’s address, and creates nothing', async () => {
    const agreements = connection.collection('agreements');
    const before = await agreements.countDocuments();
    const duplicate = [{ ...LUIS, email: 'maria.alvarez@example.com' }];
    const template = `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`;
    const refusedDocument = await csm()
      .post('/api/template/create-contract')
      .send({ docLink: template, formData: contractFormData({}), additional_signers: duplicate })
      .expect(400);
    expect(JSON.stringify(refusedDocument.body.message)).toMatch(/same e-mail address/);
    const created = await csm()
      .post('/api/template/create-contract')
      .send({ docLink: template, formData: contractFormData({}) })
      .expect(201);
    const refusedSend = await csm()
      .post('/api/contracts/send')
      .send({ ...contractSendBody(created.body.docLink), additional_signers: duplicate })
      .expect(400);
    expect(JSON.stringify(refusedSend.body.message)).toMatch(/same e-mail address/);
    expect(await agreements.countDocuments()).toBe(before);
  });
});
