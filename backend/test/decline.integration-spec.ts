import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  SIGNER_MESSAGES,
  SIGNING_PAGE_TITLES,
  STANDARD_TEMPLATE_DOC_IDS,
  type AgreementCardCore,
} from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import { AgreementEventRepository } from '../src/modules/agreements/agreement-events.repository';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { RealtimePublisher } from '../src/platform/realtime/realtime-publisher';
import { coBody, coDealFixture } from './support/co-fixtures';
import { contractFormData, contractSendBody } from './support/document-fixtures';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sendContract,
  signerHttp,
  signStandardAs,
} from './support/signing-fixtures';
import { DEMO_PARTNERS, DEMO_PROJECT_ID, sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';
import { crmMarkerOf } from '../src/modules/crm/crm-agreement-record';

const DEAL_ID = '40000003';
const LUIS = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com', phone: '+14155550124' };
const PRINCIPAL = { email: 'admin@prosign.example', name: 'Dana Whitfield', title: 'Principal' };
const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

type StoredRecipient = { id: string; state: string; token?: string; declinedAt?: Date };
type StoredEvent = {
  type: string;
  actor: string;
  ip: string | null;
  userAgent: string | null;
  data?: Record<string, unknown> | null;
};

/**
 * Decline with a reason, on every family's link and as one of several signers:
 * the agreement becomes declined with the event (reason, recipient, IP, user agent) in its
 * chain, every other link closes with the declined state, the sender and the countersigner
 * get one mail each with the reason (no link in it), dashboards hear of it, and the CRM gets
 * a note on the deal (standard, CO). A missing, blank or too long reason changes nothing;
 * a signed or closed link cannot decline.
 */
describe('a signer declines with a reason', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let csm: StaffHttp;
  let pm: StaffHttp;
  let connection: Connection;
  let eventLog: AgreementEventRepository;
  let changed: jest.SpyInstance;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    csm = await staffHttp(api, 'csm@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
    eventLog = api.get(AgreementEventRepository, { strict: false });
    changed = jest.spyOn(api.get(RealtimePublisher, { strict: false }), 'agreementChanged');
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  const agreementOf = (id: string) =>
    connection.collection('agreements').findOne({ _id: new Types.ObjectId(id) });
  const byToken = (token: string) => connection.collection('agreements').findOne({ token });
  const declinedMails = async (agreementId: string) =>
    (await mailDeliveries(connection).find({ agreementId }).toArray()).filter(
      (mail) => mail.template === 'declined',
    );
  const lastEvent = (record: { events?: StoredEvent[] } | null) =>
    (record?.events ?? [])[(record?.events ?? []).length - 1];

  /** The declined mails: one to each address, with the reason, and no signer's link in them. */
  async function expectDeclinedMails(
    agreementId: string,
    to: string[],
    reason: string,
    tokens: string[],
  ) {
    const mails = await declinedMails(agreementId);
    expect(mails.map((mail) => mail.to).sort()).toEqual(to.map((address) => [address]).sort());
    for (const mail of mails) {
      expect(mail.text).toContain(reason);
      expect(mail.html).toContain(reason);
      for (const token of tokens) {
        expect(mail.html).not.toContain(token);
        expect(mail.text).not.toContain(token);
        expect(String(mail._id)).not.toContain(token);
      }
      expect(mail.html).not.toContain('/signature');
      expect(String(mail._id)).toContain(agreementId);
    }
  }

  /** The CRM write of a decline: queued once, the note on the deal with the reason. */
  async function expectCrmNote(
    family: string,
    agreementId: string,
    dealId: string | null,
    reason: string,
    projectId?: string,
  ) {
    const moveId = `${family}-declined.${agreementId}`;
    const move = await waitFor(
      () => connection.collection('crm_stage_moves').findOne({ _id: moveId as never }),
      (doc) => doc?.status === 'moved',
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(move).toMatchObject({ dealId, milestone: 'declined', dealstage: null });
    if (projectId) expect(move).toMatchObject({ projectId });
    const notes = await connection
      .collection('crm_notes')
      .find({ marker: crmMarkerOf(moveId) })
      .toArray();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ dealId });
    expect(notes[0].on[0]).toEqual(
      projectId ? { type: 'projects', id: projectId } : { type: 'deals', id: dealId },
    );
    expect(move?.noteId).toBe(notes[0]._id);
    // The reason quoted under its writer's name.
    expect(notes[0].body).toContain(` wrote:\n> ${reason}\n`);
    return notes[0] as unknown as { on: Array<{ type: string; id: string }> };
  }

  describe('on a standard contract with two signers and a countersigner', () => {
    const template = `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`;

    async function sendSeveral(order: 'parallel' | 'sequential') {
      const blocks = { additional_signers: [LUIS], countersigner: PRINCIPAL };
      const created = await csm()
        .post('/api/template/create-contract')
        .send({ docLink: template, formData: contractFormData({ hs_deal_id: DEAL_ID }), ...blocks })
        .expect(201);
      const sent = await csm()
        .post('/api/contracts/send')
        .send({
          ...contractSendBody(created.body.docLink as string, { hsDealId: DEAL_ID }),
          ...blocks,
          signing_order: order,
        })
        .expect(200);
      const maria = sent.body.token as string;
      const record = await byToken(maria);
      const luis = (record?.recipients as StoredRecipient[]).find((r) => r.id === 'signer-2')
        ?.token as string;
      return { maria, luis, agreementId: String(record?._id) };
    }

    it('declines for everyone: status, event in the chain, other links closed, one mail each, live, CRM note', async () => {
      const { maria, luis, agreementId } = await sendSeveral('parallel');
      await signerHttp(api).post('/api/verifyToken').send({ token: maria }).expect(200);
      changed.mockClear();

      const reason = 'The fee is not what we agreed on the phone.';
      const declined = await signerHttp(api)
        .post('/api/signing/decline')
        .set('user-agent', USER_AGENT)
        .send({ token: luis, reason: `  ${reason}\n` })
        .expect(200);
      expect(declined.body).toMatchObject({
        status: 'declined',
        linkState: 'declined',
        message: SIGNER_MESSAGES.declinedDone,
      });

      const record = await byToken(maria);
      expect(record).toMatchObject({
        status: 'declined',
        declineReason: reason,
        declinedBy: 'signer-2',
      });
      const recipients = record?.recipients as StoredRecipient[];
      expect(recipients.map((r) => [r.id, r.state])).toEqual([
        ['signer-1', 'viewed'],
        ['signer-2', 'declined'],
        ['firm', 'waiting'],
        ['cc-1', 'waiting'],
      ]);
      expect(recipients[1].declinedAt).toBeInstanceOf(Date);
      const event = lastEvent(record as never);
      expect(event).toMatchObject({
        type: 'declined',
        actor: 'signer',
        userAgent: USER_AGENT,
        data: { reason, recipientId: 'signer-2' },
      });
      expect(event.ip).toBeTruthy();
      expect(JSON.stringify(record?.events)).not.toContain(luis);
      expect(await eventLog.checkChain(agreementId)).toMatchObject({ intact: true });
      // Open dashboards hear of it, by id.
      expect(changed).toHaveBeenCalledWith({
        family: 'standard',
        id: agreementId,
        status: 'declined',
      });

      // Every link is closed, with the declined state.
      const hers = await signerHttp(api)
        .post('/api/verifyToken')
        .send({ token: maria })
        .expect(200);
      expect(hers.body).toMatchObject({
        linkState: 'declined',
        status: 'declined',
        progress: 'Declined by Luis Alvarez',
      });
      expect(hers.body.closedAt).toBe(record?.declinedAt.toISOString());
      const refused = await signerHttp(api)
        .post('/api/template/upload-signature')
        .send({ token: maria, textSignature: 'Maria', clientname: 'Maria' })
        .expect(409);
      expect(refused.body.message).toBe(SIGNING_PAGE_TITLES.declined);
      const again = await signerHttp(api)
        .post('/api/signing/decline')
        .send({ token: maria, reason: 'Me too.' })
        .expect(409);
      expect(again.body.message).toBe(SIGNING_PAGE_TITLES.declined);
      const his = await signerHttp(api).post('/api/verifyToken').send({ token: luis }).expect(200);
      expect(his.body.linkState).toBe('declined');
      // Nothing waits for the firm's countersignature any more.
      const principal = await staffHttp(api, PRINCIPAL.email);
      const queue = (await principal().get('/api/countersign/mine').expect(200)).body.items as {
        agreementId: string;
      }[];
      expect(queue.filter((item) => item.agreementId === agreementId)).toHaveLength(0);

      // The card says it, with the reason.
      const card = (await csm().get(`/api/contracts/by-token/${maria}`).expect(200))
        .body as AgreementCardCore;
      expect(card.status).toBe('declined');
      expect(card.declined).toMatchObject({ recipientId: 'signer-2', reason });
      expect(card.history.at(-1)).toMatchObject({
        type: 'declined',
        title: 'Declined by the signer',
      });

      await expectDeclinedMails(agreementId, ['csm@prosign.example', PRINCIPAL.email], reason, [
        maria,
        luis,
      ]);
      await expectCrmNote('standard', agreementId, DEAL_ID, reason);
    });

    it('refuses a signer who already signed their part, and a later signer before their turn', async () => {
      const { maria, luis, agreementId } = await sendSeveral('sequential');
      const early = await signerHttp(api)
        .post('/api/signing/decline')
        .send({ token: luis, reason: 'Not yet asked.' })
        .expect(409);
      expect(early.body.message).toBe(SIGNER_MESSAGES.notYourTurn);
      await signStandardAs(api, maria, 'Maria Elena Alvarez');
      const signedPart = await signerHttp(api)
        .post('/api/signing/decline')
        .send({ token: maria, reason: 'Changed my mind.' })
        .expect(409);
      expect(signedPart.body.message).toBe('You have already signed this agreement.');
      expect((await byToken(maria))?.status).toBe('signature_saved');
      // Luis, now asked, may still decline (the agreement follows the first signer: saved).
      await signerHttp(api)
        .post('/api/signing/decline')
        .send({ token: luis, reason: 'Wrong address on page 2.' })
        .expect(200);
      expect((await byToken(maria))?.status).toBe('declined');
      expect(await declinedMails(agreementId)).toHaveLength(2);
    });
  });

  describe('on a standard contract with one signer', () => {
    it('refuses a missing, blank or too long reason with a clear 400, changing nothing', async () => {
      const { token } = await sendContract(csm);
      await signerHttp(api).post('/api/verifyToken').send({ token }).expect(200);
      const before = await byToken(token);
      const tries: [unknown, string][] = [
        [undefined, SIGNER_MESSAGES.declineReasonRequired],
        ['', SIGNER_MESSAGES.declineReasonRequired],
        ['   \n\t ', SIGNER_MESSAGES.declineReasonRequired],
        [42, SIGNER_MESSAGES.declineReasonRequired],
        ['x'.repeat(1001), SIGNER_MESSAGES.declineReasonTooLong],
        ['x'.repeat(6000), SIGNER_MESSAGES.declineReasonTooLong],
      ];
      for (const [reason, message] of tries) {
        const refused = await signerHttp(api)
          .post('/api/signing/decline')
          .send(reason === undefined ? { token } : { token, reason })
          .expect(400);
        expect(JSON.stringify(refused.body.message)).toContain(message);
      }
      const after = await byToken(token);
      expect(after?.status).toBe('viewed');
      expect(after?.events).toHaveLength(before?.events.length);
      expect(after?.headHash).toBe(before?.headHash);
      expect(await declinedMails(String(after?._id))).toHaveLength(0);

      // Exactly 1,000 characters (after trimming) is a reason; no deal, so no CRM note.
      const longest = 'y'.repeat(1000);
      await signerHttp(api)
        .post('/api/signing/decline')
        .send({ token, reason: ` ${longest} ` })
        .expect(200);
      const declined = await byToken(token);
      expect(declined).toMatchObject({ status: 'declined', declineReason: longest });
      expect(lastEvent(declined as never)).toMatchObject({
        type: 'declined',
        data: { reason: longest, recipientId: 'signer-1' },
      });
      expect(await eventLog.checkChain(String(declined?._id))).toMatchObject({ intact: true });
      await expectDeclinedMails(String(declined?._id), ['csm@prosign.example'], longest, [token]);
      expect(
        await connection
          .collection('crm_stage_moves')
          .countDocuments({ _id: `standard-declined.${String(declined?._id)}` as never }),
      ).toBe(0);
    });

    it('refuses to decline a signed agreement or a cancelled link; staff may still act on a declined one', async () => {
      const signed = await sendContract(csm);
      await signStandardAs(api, signed.token, 'Maria Elena Alvarez');
      const afterSigning = await signerHttp(api)
        .post('/api/signing/decline')
        .send({ token: signed.token, reason: 'Too late.' })
        .expect(409);
      expect(afterSigning.body.message).toBe(SIGNING_PAGE_TITLES.signed);
      expect((await byToken(signed.token))?.status).toBe('signed');

      const cancelled = await sendContract(csm);
      await csm().post('/api/update/cancel-contract').send({ token: cancelled.token }).expect(200);
      const closed = await signerHttp(api)
        .post('/api/signing/decline')
        .send({ token: cancelled.token, reason: 'Closed.' })
        .expect(409);
      expect(closed.body.message).toBe(SIGNING_PAGE_TITLES.cancelled);
      expect((await byToken(cancelled.token))?.status).toBe('cancelled');

      // From declined, staff may cancel (the action table): the link stays closed.
      const declined = await sendContract(csm);
      await signerHttp(api)
        .post('/api/signing/decline')
        .send({ token: declined.token, reason: 'No.' })
        .expect(200);
      // Edit and resend is offered: the record comes back to prefill the creation screen.
      const editing = await csm()
        .put('/api/update/edit-resend')
        .send({ token: declined.token })
        .expect(200);
      expect(editing.body.contract.token).toBe(declined.token);
      // Not a same-document resend, nor a reminder or a copied link.
      await csm().put('/api/update/resend').send({ token: declined.token }).expect(409);
      await csm().post('/api/update/cancel-contract').send({ token: declined.token }).expect(200);
      expect((await byToken(declined.token))?.status).toBe('cancelled');
      expect(await eventLog.checkChain(String((await byToken(declined.token))?._id))).toMatchObject(
        { intact: true },
      );
    });
  });

  describe.each([
    { family: 'sow' as const, declines: 'first' as const },
    { family: 'co' as const, declines: 'second' as const },
  ])('on a $family link ($declines signer declines)', ({ family, declines }) => {
    it('declines for everyone, closes every link, mails the sender and countersigner once', async () => {
      const staff = family === 'sow' ? pm : csm;
      const sender = family === 'sow' ? 'pm@prosign.example' : 'csm@prosign.example';
      const deal = family === 'co' ? await coDealFixture(csm) : null;
      const form = (deal ? coBody(deal) : sowBody()) as unknown as Record<string, unknown>;
      const body = {
        ...form,
        additional_signers: [LUIS],
        signing_order: 'parallel',
        countersigner: PRINCIPAL,
      };
      const created = await staff().post(`/api/${family}/create-contract`).send(body).expect(200);
      const sent = await staff()
        .post(`/api/${family}/send-contract`)
        .send({ ...body, docLink: created.body.docLink })
        .expect(200);
      const first = sent.body.customId as string;
      const agreementId = sent.body._id as string;
      const luis = ((await agreementOf(agreementId))?.recipients as StoredRecipient[]).find(
        (r) => r.id === 'signer-2',
      )?.token as string;
      const link = (customId: string) => signerHttp(api, { linkToken: customId });
      const at = (call: string, customId: string) => `/api/${family}/${call}/${customId}`;
      const [decliner, other] = declines === 'first' ? [first, luis] : [luis, first];
      await link(other).post(at('increase-viewed-times', other)).expect(200);

      // A bad reason first: nothing changes.
      await link(decliner).post(at('decline', decliner)).send({ reason: ' ' }).expect(400);
      await link(decliner).post(at('decline', decliner)).send({}).expect(400);
      expect((await agreementOf(agreementId))?.status).toBe('viewed');
      // Without a captcha pass for this link, refused.
      await signerHttp(api, { pass: false })
        .post(at('decline', decliner))
        .send({ reason: 'No pass.' })
        .expect(403);
      // Another family's route does not know the link.
      const otherFamily = family === 'sow' ? 'co' : 'sow';
      await link(decliner)
        .post(`/api/${otherFamily}/decline/${decliner}`)
        .send({ reason: 'Wrong family.' })
        .expect(404);

      const reason = 'The scope leaves out the retaining wall.';
      await link(decliner)
        .post(at('decline', decliner))
        .set('user-agent', USER_AGENT)
        .send({ reason })
        .expect(200);
      const record = await agreementOf(agreementId);
      const recipientId = declines === 'first' ? 'signer-1' : 'signer-2';
      expect(record).toMatchObject({ status: 'declined', declineReason: reason });
      expect(
        (record?.recipients as StoredRecipient[]).find((r) => r.id === recipientId)?.state,
      ).toBe('declined');
      expect(lastEvent(record as never)).toMatchObject({
        type: 'declined',
        userAgent: USER_AGENT,
        data: { reason, recipientId },
      });
      expect(await eventLog.checkChain(agreementId)).toMatchObject({ intact: true });

      // Both links closed, before and after the captcha.
      for (const customId of [first, luis]) {
        const checked = await signerHttp(api).get(at('verify-link', customId)).expect(200);
        expect(checked.body).toMatchObject({ linkState: 'declined' });
        expect(checked.body.closed.closedAt).toBeTruthy();
        const page = await link(customId).get(at('get-contract', customId)).expect(200);
        expect(page.body.linkState).toBe('declined');
        const write = await link(customId)
          .post(at('upload-text-signature', customId))
          .send({ textSignature: 'Someone' })
          .expect(409);
        expect(write.body.message).toBe(SIGNING_PAGE_TITLES.declined);
        await link(customId).post(at('decline', customId)).send({ reason: 'Again.' }).expect(409);
      }

      await expectDeclinedMails(agreementId, [sender, PRINCIPAL.email], reason, [first, luis]);
      if (family === 'co') {
        const note = await expectCrmNote('co', agreementId, deal?.dealId as string, reason);
        // The second signer declined: not the first signer's CRM contact (Luis has none).
        expect(note.on).toEqual([{ type: 'deals', id: deal?.dealId }]);
      } else {
        // A SOW has no deal: the note goes on its project, and the partner's contact.
        const note = await expectCrmNote('sow', agreementId, null, reason, DEMO_PROJECT_ID);
        expect(note.on).toEqual([
          { type: 'projects', id: DEMO_PROJECT_ID },
          { type: 'contacts', id: DEMO_PARTNERS.mei.id },
        ]);
      }
    });
  });
});
