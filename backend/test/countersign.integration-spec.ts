import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  defaultAccessFlagsForRoles,
  STANDARD_TEMPLATE_DOC_IDS,
  type AgreementCardCore,
} from '@prosign/domain';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AccessService } from '../src/modules/access/access.service';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { coBody, coDealFixture } from './support/co-fixtures';
import { contractFormData, contractSendBody } from './support/document-fixtures';
import { pdfText } from './support/pdf-text';
import { seedBaseData } from './support/seed';
import {
  countersignAs,
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sealedFinish,
  signerHttp,
  signStandardAs,
} from './support/signing-fixtures';
import { sowBody } from './support/sow-fixtures';
import { SHELL_ORIGIN, staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const LUIS = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com' };
const PRINCIPAL = { email: 'admin@prosign.example', name: 'Dana Whitfield', title: 'Principal' };
const SHELL_URL = 'https://staff.prosign.example.com';

/**
 * The firm's countersignature: the staff member the send names signs
 * last, in the staff app, once every client signed — invited by mail, their own
 * queue, their signature stamped into the firm's block, and theirs the signature
 * that seals the agreement.
 */
describe('the firm countersigns after the clients, in the staff app', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    PUBLIC_SIGNING_URL,
    PUBLIC_SHELL_URL: SHELL_URL,
  });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let csm: StaffHttp;
  let principal: StaffHttp;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    csm = await staffHttp(api, 'csm@prosign.example');
    principal = await staffHttp(api, PRINCIPAL.email);
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  const template = `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`;
  const signers = {
    additional_signers: [LUIS],
    signing_order: 'parallel',
    countersigner: PRINCIPAL,
  };

  async function send(extra: Record<string, unknown> = signers) {
    // The document takes who signs; the order is the send's alone.
    const { signing_order: _order, ...blocks } = extra;
    const created = await csm()
      .post('/api/template/create-contract')
      .send({ docLink: template, formData: contractFormData({}), ...blocks })
      .expect(201);
    return csm()
      .post('/api/contracts/send')
      .send({ ...contractSendBody(created.body.docLink as string), ...extra });
  }
  const stored = (token: string) => connection.collection('agreements').findOne({ token });
  const cardOf = async (token: string) =>
    (await csm().get(`/api/contracts/by-token/${token}`).expect(200)).body as AgreementCardCore;
  /** This agreement in a staff member's "Waiting for my signature" (the demo has one of its own). */
  const queued = async (staff: StaffHttp, agreementId: string) =>
    (
      (await staff().get('/api/countersign/mine').expect(200)).body.items as {
        agreementId: string;
      }[]
    ).filter((item) => item.agreementId === agreementId);
  const mailsOf = async (agreementId: string) =>
    mailDeliveries(connection).find({ agreementId }).toArray();
  const signAs = (token: string, name: string) => signStandardAs(api, token, name);

  it('invites the countersigner once both clients signed; only they sign, and theirs seals it', async () => {
    const sent = await send();
    expect(sent.status).toBe(200);
    const maria = sent.body.token as string;
    const record = await stored(maria);
    const agreementId = String(record?._id);
    const luis = record?.recipients[1].token as string;

    expect((await cardOf(maria)).recipients.map((r) => [r.id, r.role, r.order, r.state])).toEqual([
      ['signer-1', 'signer', 1, 'invited'],
      ['signer-2', 'signer', 1, 'invited'],
      ['firm', 'countersigner', 2, 'waiting'],
      ['cc-1', 'cc', 3, 'waiting'],
    ]);
    // Nothing for the firm before the clients signed: not in the queue, not signable.
    expect(await queued(principal, agreementId)).toEqual([]);
    const early = await principal()
      .post(`/api/countersign/${agreementId}/signature`)
      .send({ textSignature: PRINCIPAL.name })
      .expect(409);
    expect(early.body.message).toMatch(/not your turn/);
    // They may read it meanwhile; the view says it is not their turn yet.
    expect((await principal().get(`/api/countersign/${agreementId}`).expect(200)).body.turn).toBe(
      'waiting',
    );

    await signAs(maria, 'Maria Elena Alvarez');
    const clientsDone = await signAs(luis, 'Luis Alvarez');
    expect(clientsDone.progress).toBe('2 of 3 signed — waiting for the firm');
    expect(clientsDone.signedDocLink).toBe('');
    const waiting = await cardOf(maria);
    expect(waiting.status).toBe('signature_saved');
    expect(waiting.recipients.find((r) => r.id === 'firm')?.state).toBe('invited');

    // One mail to the countersigner, linking to the staff app (no token to sign with).
    const requests = (await mailsOf(agreementId)).filter(
      (mail) => mail.template === 'countersign-request',
    );
    expect(requests).toHaveLength(1);
    expect(requests[0].to).toEqual([PRINCIPAL.email]);
    expect(requests[0].html).toContain(`${SHELL_URL}/countersign/${agreementId}`);
    expect(requests[0].text).toContain('Maria Elena Alvarez and Luis Alvarez signed');
    expect(requests[0].html).not.toContain(maria);
    expect(requests[0].html).not.toContain(luis);

    expect(await queued(principal, agreementId)).toEqual([
      expect.objectContaining({
        agreementId,
        family: 'standard',
        signers: 'Maria Elena Alvarez and Luis Alvarez',
        signatureSaved: false,
      }),
    ]);
    // Another staff member sees nothing of it and cannot sign it.
    expect(await queued(csm, agreementId)).toEqual([]);
    await csm().get(`/api/countersign/${agreementId}`).expect(404);
    await csm()
      .post(`/api/countersign/${agreementId}/signature`)
      .send({ textSignature: 'Chris' })
      .expect(404);

    const opened = await principal().post(`/api/countersign/${agreementId}/open`).expect(200);
    expect(opened.body).toMatchObject({
      agreementId,
      turn: 'now',
      linkState: 'open',
      recipientId: 'firm',
      client: { full_name: PRINCIPAL.name },
      progress: '2 of 3 signed — waiting for the firm',
    });
    await principal()
      .post(`/api/countersign/${agreementId}/signature`)
      .send({ textSignature: PRINCIPAL.name })
      .expect(200);
    // Consent is required, as on a client's page.
    await principal()
      .post(`/api/countersign/${agreementId}/finish`)
      .send({ agreedToTerms: false })
      .expect(400);
    // The countersignature answers once it is recorded; the worker seals it.
    const claimed = await principal()
      .post(`/api/countersign/${agreementId}/finish`)
      .send({ agreedToTerms: true })
      .expect(200);
    expect(claimed.body).toMatchObject({
      status: 'signed',
      signedDocLink: '',
      auditTrailDocLink: '',
    });

    const signed = await cardOf(maria);
    expect(signed.status).toBe('signed');
    expect(signed.recipients.filter((r) => r.role !== 'cc').map((r) => r.state)).toEqual([
      'signed',
      'signed',
      'signed',
    ]);
    expect(await queued(principal, agreementId)).toEqual([]);
    const finished = await sealedFinish(api, agreementId);
    expect(finished).toMatchObject({
      signedAt: claimed.body.signedAt,
      verifyId: claimed.body.verifyId,
    });
    expect(finished.signedDocLink).toMatch(/\/api\/documents\/d\//);

    // The sealed PDF: the firm's block names the countersigner, the audit trail every party.
    const sealed = await csm().get(new URL(finished.signedDocLink).pathname).expect(200);
    const text = (await pdfText(sealed.body as Buffer)).replace(/\s+/g, '');
    expect(text).toContain('DanaWhitfield');
    expect(text).toContain('Principal');
    expect(text).toContain('SignedintoProSign(staffaccount)');
    expect(text).toContain(`Signedby${PRINCIPAL.email}`);
    expect(text).toContain(`Signedby${LUIS.email}`);
    expect(text).toContain('viatheProSignstaffapp');

    // One signed copy, to every signer and the countersigner; one CRM move.
    const copies = (await mailsOf(agreementId)).filter((mail) => mail.template === 'signed-copy');
    expect(copies).toHaveLength(1);
    expect(copies[0].to).toEqual(
      expect.arrayContaining(['maria.alvarez@example.com', LUIS.email, PRINCIPAL.email]),
    );
    // Finishing again once sealed answers the links and changes nothing.
    const again = await principal()
      .post(`/api/countersign/${agreementId}/finish`)
      .send({ agreedToTerms: true })
      .expect(200);
    expect(again.body).toEqual(finished);
    expect(
      (await mailsOf(agreementId)).filter((mail) => mail.template === 'signed-copy'),
    ).toHaveLength(1);
  });

  it('reminds the countersigner (not the clients) while the agreement waits for the firm', async () => {
    const sent = await send({ countersigner: { email: PRINCIPAL.email } });
    const maria = sent.body.token as string;
    const agreementId = String((await stored(maria))?._id);
    await signAs(maria, 'Maria Elena Alvarez');
    const card = await cardOf(maria);
    expect(card.recipients.find((r) => r.id === 'firm')).toMatchObject({
      // No name given: the staff e-mail's.
      name: 'Admin',
      state: 'invited',
    });
    await csm().post('/api/email/send-reminder').send({ token: maria }).expect(200);
    const reminders = (await mailsOf(agreementId)).filter((mail) =>
      mail.subject.startsWith('Reminder:'),
    );
    expect(reminders.map((mail) => [mail.template, mail.to])).toEqual([
      ['countersign-request', [PRINCIPAL.email]],
    ]);
  });

  it('refuses a countersigner who is not a staff member, or who also signs for the client', async () => {
    const before = await connection.collection('agreements').countDocuments();
    const stranger = await send({ countersigner: { email: 'someone@elsewhere.example' } });
    expect(stranger.status).toBe(400);
    expect(JSON.stringify(stranger.body.message)).toMatch(/not a ProSign user/);
    const created = await csm()
      .post('/api/template/create-contract')
      .send({
        docLink: template,
        formData: contractFormData({}),
        countersigner: { email: 'maria.alvarez@example.com' },
      })
      .expect(400);
    expect(JSON.stringify(created.body.message)).toMatch(/countersigner must be someone else/);
    expect(await connection.collection('agreements').countDocuments()).toBe(before);
  });

  it('keeps a default countersigner per family that admins set and every creation screen reads', async () => {
    const admin = principal;
    expect((await csm().get('/api/countersign/defaults').expect(200)).body.defaults).toEqual({
      standard: null,
      sow: null,
      co: null,
      document: null,
    });
    // Only admins set it, only to a listed staff member.
    await csm()
      .put('/api/countersign/defaults')
      .send({ family: 'co', countersigner: { email: 'pm@prosign.example' } })
      .expect(403);
    const stranger = await admin()
      .put('/api/countersign/defaults')
      .send({ family: 'co', countersigner: { email: 'someone@elsewhere.example' } })
      .expect(400);
    expect(JSON.stringify(stranger.body.message)).toMatch(/not a ProSign user/);
    await admin()
      .put('/api/countersign/defaults')
      .send({ family: 'nda', countersigner: null })
      .expect(400);

    const set = await admin()
      .put('/api/countersign/defaults')
      .send({
        family: 'co',
        countersigner: { email: ' PM@prosign.example ', title: 'Project Lead' },
      })
      .expect(200);
    expect(set.body.defaults.co).toEqual({
      email: 'pm@prosign.example',
      name: 'Pm',
      title: 'Project Lead',
    });
    expect((await csm().get('/api/countersign/defaults').expect(200)).body.defaults).toMatchObject({
      standard: null,
      co: { email: 'pm@prosign.example' },
    });
    await admin()
      .put('/api/countersign/defaults')
      .send({ family: 'co', countersigner: null })
      .expect(200);
    expect((await csm().get('/api/countersign/defaults').expect(200)).body.defaults.co).toBeNull();

    // Documents have a countersigner too: the field builder proposes its default.
    await admin()
      .put('/api/countersign/defaults')
      .send({ family: 'document', countersigner: { email: 'pm@prosign.example' } })
      .expect(200);
    expect((await csm().get('/api/countersign/defaults').expect(200)).body.defaults).toMatchObject({
      co: null,
      document: { email: 'pm@prosign.example', name: 'Pm' },
    });
  });

  it('shows "Waiting for my signature" only to staff named countersigner, from the next load', async () => {
    const access = api.get(AccessService, { strict: false });
    const [lead, firm] = ['nav.lead@prosign.example', 'nav.firm@prosign.example'];
    for (const email of [lead, firm]) {
      await access.ensureUser(email, ['csm'], defaultAccessFlagsForRoles(['csm']));
    }
    const leadHttp = await staffHttp(api, lead);
    const firmHttp = await staffHttp(api, firm);
    const entryOf = async (staff: StaffHttp) =>
      (await staff().get('/api/auth/session').expect(200)).body.countersigner as boolean;

    // A csm nobody names (they send, they never countersign): no entry, and nothing waits.
    expect(await entryOf(csm)).toBe(false);
    expect((await csm().get('/api/countersign/mine').expect(200)).body.items).toEqual([]);
    expect([await entryOf(leadHttp), await entryOf(firmHttp)]).toEqual([false, false]);

    // An admin makes one the standard family's default countersigner: theirs on the next load.
    await principal()
      .put('/api/countersign/defaults')
      .send({ family: 'standard', countersigner: { email: lead } })
      .expect(200);
    expect(await entryOf(leadHttp)).toBe(true);
    expect(await entryOf(csm)).toBe(false);
    // Signing in answers the same.
    const signedIn = await request(api.getHttpServer())
      .post('/api/auth/local')
      .set('origin', SHELL_ORIGIN)
      .send({ email: lead })
      .expect(200);
    expect(signedIn.body.countersigner).toBe(true);
    await principal()
      .put('/api/countersign/defaults')
      .send({ family: 'standard', countersigner: null })
      .expect(200);
    expect(await entryOf(leadHttp)).toBe(false);

    // An agreement names the other: theirs from the send (their turn to come), and while it waits.
    const sent = await send({ countersigner: { email: firm } });
    expect(sent.status).toBe(200);
    const maria = sent.body.token as string;
    const agreementId = String((await stored(maria))?._id);
    expect(await entryOf(firmHttp)).toBe(true);
    await signAs(maria, 'Maria Elena Alvarez');
    expect(await queued(firmHttp, agreementId)).toHaveLength(1);
    expect(await entryOf(firmHttp)).toBe(true);
    // Once it is closed, nothing of theirs is left to sign: the entry goes.
    await csm().post('/api/update/cancel-contract').send({ token: maria }).expect(200);
    expect(await entryOf(firmHttp)).toBe(false);
  });

  it.each(['sow', 'co'] as const)(
    'on a %s: the signer signs on the family page, the firm countersigns last and seals it',
    async (family) => {
      const staff = family === 'sow' ? await staffHttp(api, 'pm@prosign.example') : csm;
      const form =
        family === 'sow'
          ? (sowBody() as unknown as Record<string, unknown>)
          : (coBody(await coDealFixture(csm)) as unknown as Record<string, unknown>);
      const body = { ...form, countersigner: PRINCIPAL };
      const created = await staff().post(`/api/${family}/create-contract`).send(body).expect(200);
      const sent = await staff()
        .post(`/api/${family}/send-contract`)
        .send({ ...body, docLink: created.body.docLink })
        .expect(200);
      const customId = sent.body.customId as string;
      const agreementId = sent.body._id as string;
      const link = signerHttp(api, { linkToken: customId });
      const signerName = family === 'sow' ? 'Mei Lin' : 'The Signatory';
      await link.post(`/api/${family}/increase-viewed-times/${customId}`).expect(200);
      await link
        .post(`/api/${family}/upload-text-signature/${customId}`)
        .send({ textSignature: signerName })
        .expect(200);
      const part = await signerHttp(api, { linkToken: customId })
        .post(`/api/${family}/finish/${customId}`)
        .send({ agreedToTerms: true })
        .expect(200);
      expect(part.body.progress).toBe('1 of 2 signed — waiting for the firm');
      expect(part.body.signedDocLink).toBe('');

      const queue = (await principal().get('/api/countersign/mine').expect(200)).body.items;
      expect(queue).toEqual(
        expect.arrayContaining([expect.objectContaining({ agreementId, family })]),
      );
      // The countersignature answers once it is recorded; the worker seals it.
      const claimed = await countersignAs(principal, agreementId, PRINCIPAL.name);
      expect(claimed.body).toMatchObject({
        status: 'signed',
        signedDocLink: '',
        auditTrailDocLink: '',
      });
      const record = await connection.collection('agreements').findOne({ family, token: customId });
      expect(record?.status).toBe('signed');
      const finished = await sealedFinish(api, agreementId);
      expect(finished.signedDocLink).toMatch(/\/api\/documents\/d\//);
      const sealed = await csm().get(new URL(finished.signedDocLink).pathname).expect(200);
      const text = (await pdfText(sealed.body as Buffer)).replace(/\s+/g, '');
      expect(text).toContain('DanaWhitfield');
      expect(text).toContain(`Signedby${PRINCIPAL.email}`);
      const copies = (await mailsOf(agreementId)).filter((mail) => mail.template === 'signed-copy');
      expect(copies).toHaveLength(1);
      expect(copies[0].to).toEqual(expect.arrayContaining([PRINCIPAL.email]));
    },
  );
});
