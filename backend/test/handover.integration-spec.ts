import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  extractDocId,
  HANDED_OVER_ERROR,
  HANDOVER_MESSAGES,
  SIGNER_MESSAGES,
  SIGNING_PAGE_TITLES,
  STANDARD_TEMPLATE_DOC_IDS,
  type AgreementCardCore,
} from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import type request from 'supertest';
import { AgreementEventRepository } from '../src/modules/agreements/agreement-events.repository';
import { AgreementLinkRepository } from '../src/modules/agreements/agreement-links.repository';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { RealtimePublisher } from '../src/platform/realtime/realtime-publisher';
import { coBody, coDealFixture } from './support/co-fixtures';
import { contractFormData, contractSendBody } from './support/document-fixtures';
import { seedBaseData } from './support/seed';
import {
  openAndSaveSignature,
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sendContract,
  signerHttp,
  signStandardAs,
} from './support/signing-fixtures';
import { sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const JANE = { name: 'Jane Roe', email: 'jane.roe@example.com' };
const LUIS = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com', phone: '+14155550124' };
const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

type StoredRecipient = {
  id: string;
  name: string;
  email: string;
  state: string;
  token?: string;
  signingLink?: string;
  handedOver?: { fromName: string; fromEmail: string; by: string; note: string | null };
};
type StoredEvent = {
  type: string;
  actor: string;
  ip: string | null;
  userAgent: string | null;
  data?: Record<string, unknown> | null;
};
type Mail = { _id: unknown; to: string[]; template: string; html: string; text: string };

/**
 * Hand over to the authorised signatory, on every family's link, and
 * staff's Change signer: the new signer takes the place under a fresh token (mailed to them
 * with the family's usual invitation), the old link is refused everywhere with "This link
 * was handed over to …", the sender gets one notice, the event is in the chain and the
 * recipient list and card say who handed over to whom. No token in a mail key, event or
 * notice. A saved signature, a later signer before their turn, a closed link and bad input
 * are refused, the last with a clear 400 changing nothing.
 */
describe('hand over to the authorised signatory', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let csm: StaffHttp;
  let pm: StaffHttp;
  let connection: Connection;
  let eventLog: AgreementEventRepository;
  let links: AgreementLinkRepository;
  let changed: jest.SpyInstance;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    csm = await staffHttp(api, 'csm@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
    eventLog = api.get(AgreementEventRepository, { strict: false });
    links = api.get(AgreementLinkRepository, { strict: false });
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
  const mailsOf = async (agreementId: string, template?: string) =>
    (
      (await mailDeliveries(connection).find({ agreementId }).toArray()) as unknown as Mail[]
    ).filter((mail) => !template || mail.template === template);
  const lastEvent = (record: { events?: StoredEvent[] } | null) =>
    (record?.events ?? [])[(record?.events ?? []).length - 1];
  const recipientsOf = (record: unknown) =>
    ((record as { recipients?: unknown } | null)?.recipients ?? []) as StoredRecipient[];

  /** The new signer's link: mailed to them (the only place it is), the token from its path. */
  async function mailedLinkTo(agreementId: string, email: string): Promise<string> {
    const mails = await waitFor(
      () => mailsOf(agreementId),
      (found) => found.some((mail) => mail.to.includes(email)),
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const mail = mails.filter((found) => found.to.includes(email)).at(-1) as Mail;
    const link = /https:\/\/sign\.prosign\.example\.com\/[^\s"<]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    return link as string;
  }

  /** Nothing carries a signing token: mail keys and bodies of notices, events, job ids. */
  async function expectNoTokenLeaks(agreementId: string, tokens: string[]) {
    const record = await agreementOf(agreementId);
    const events = JSON.stringify(record?.events);
    for (const mail of await mailsOf(agreementId)) {
      for (const token of tokens) expect(String(mail._id)).not.toContain(token);
      expect(String(mail._id)).toContain(agreementId);
    }
    for (const notice of await mailsOf(agreementId, 'handed-over')) {
      for (const token of tokens) {
        expect(notice.html).not.toContain(token);
        expect(notice.text).not.toContain(token);
      }
    }
    for (const token of tokens) expect(events).not.toContain(token);
  }

  /** The names the agreement's document prints under its signature lines. */
  async function blockNamesOf(agreementId: string): Promise<string[]> {
    const record = await agreementOf(agreementId);
    const docId = extractDocId(record?.docLink as string);
    const doc = await connection.collection('documents').findOne({ _id: docId as never });
    const block = doc?.content.signatureBlock as {
      clientName: string;
      signers?: { name: string }[];
    };
    return block.signers ? block.signers.map((signer) => signer.name) : [block.clientName];
  }

  /** Every call of the old link is refused with the handed-over state, naming the new signer. */
  async function expectCustomerLinkClosed(token: string, to: string) {
    const signer = signerHttp(api);
    const verify = await signer.post('/api/verifyToken').send({ token }).expect(409);
    expect(verify.body).toMatchObject({
      message: HANDOVER_MESSAGES.handedOver(to),
      error: HANDED_OVER_ERROR,
    });
    await signer
      .post('/api/template/upload-signature')
      .send({ token, textSignature: 'Old', clientname: 'Old' })
      .expect(409);
    await signer.post('/api/signing/finish').send({ token }).expect(409);
    await signer.post('/api/signing/decline').send({ token, reason: 'Old link.' }).expect(409);
    await signer
      .post('/api/signing/hand-over')
      .send({ token, name: 'Someone', email: 'someone@example.com' })
      .expect(409);
  }

  describe('on a standard contract with one signer (the first signer: the agreement’s own fields)', () => {
    it('hands over: new link mailed, old link closed, sender told once, event in the chain, card and list, the new signer signs', async () => {
      const { token: old } = await sendContract(csm);
      const sent = await byToken(old);
      const agreementId = String(sent?._id);
      await signerHttp(api).post('/api/verifyToken').send({ token: old }).expect(200);
      changed.mockClear();

      const note = 'Jane signs contracts for us.';
      const handed = await signerHttp(api)
        .post('/api/signing/hand-over')
        .set('user-agent', USER_AGENT)
        .send({ token: old, name: ` ${JANE.name} `, email: JANE.email, note })
        .expect(200);
      expect(handed.body).toMatchObject({
        status: 'handed-over',
        recipientId: 'signer-1',
        handedOverTo: JANE,
        message: HANDOVER_MESSAGES.handedOver(JANE.name),
      });

      // The agreement's own fields name the new signer, under a new token.
      const record = await agreementOf(agreementId);
      const fresh = record?.token as string;
      expect(fresh).not.toBe(old);
      expect(record?.signingLink).toContain(fresh);
      expect(record?.form).toMatchObject({ full_name: JANE.name, email: JANE.email });
      expect(record?.status).toBe('not signed');
      const first = recipientsOf(record)[0];
      expect(first).toMatchObject({ id: 'signer-1', ...JANE, state: 'invited' });
      expect(first.handedOver).toMatchObject({
        fromName: 'Maria Elena Alvarez',
        by: 'signer',
        note,
      });
      expect(lastEvent(record as never)).toMatchObject({
        type: 'handed_over',
        actor: 'signer',
        userAgent: USER_AGENT,
        data: { recipientId: 'signer-1', toName: JANE.name, toEmail: JANE.email, note },
      });
      expect(await eventLog.checkChain(agreementId)).toMatchObject({ intact: true });
      expect(changed).toHaveBeenCalledWith(
        expect.objectContaining({ family: 'standard', id: agreementId }),
      );

      // One invitation to Jane with her own link; one notice to the sender.
      const link = await mailedLinkTo(agreementId, JANE.email);
      expect(link).toContain(fresh);
      expect(await mailsOf(agreementId, 'signing-link')).toHaveLength(2);
      const notices = await mailsOf(agreementId, 'handed-over');
      expect(notices.map((mail) => mail.to)).toEqual([['csm@prosign.example']]);
      expect(notices[0].text).toContain(`handed`);
      expect(notices[0].text).toContain(JANE.email);
      expect(notices[0].text).toContain(note);

      await expectCustomerLinkClosed(old, JANE.name);
      // Jane's name is printed under the signature line she signs.
      expect(await blockNamesOf(agreementId)).toEqual([JANE.name]);
      // A second hand-over from the old link (a double click) changes nothing.
      expect((await agreementOf(agreementId))?.events).toHaveLength(record?.events.length);

      // The card and the list show Jane, and who handed over to her.
      const card = (await csm().get(`/api/contracts/by-token/${fresh}`).expect(200))
        .body as AgreementCardCore;
      expect(card.recipients[0]).toMatchObject({
        ...JANE,
        handedOver: { fromName: 'Maria Elena Alvarez', by: 'signer', note },
      });
      expect(card.history.at(-1)).toMatchObject({
        type: 'handed_over',
        title: 'Handed over to another signer',
      });

      // Jane signs to the end with her link.
      const done = await signStandardAs(api, fresh, JANE.name);
      expect(done.status).toBe('signed');
      const signed = await agreementOf(agreementId);
      expect(signed?.status).toBe('signed');
      await expectNoTokenLeaks(agreementId, [old, fresh]);
    });

    it('refuses bad input with a clear 400, changing nothing', async () => {
      const { token } = await sendContract(csm);
      const before = await byToken(token);
      const tries: [Record<string, unknown>, string][] = [
        [{}, HANDOVER_MESSAGES.nameRequired],
        [{ name: '  ', email: JANE.email }, HANDOVER_MESSAGES.nameRequired],
        [{ name: 'x'.repeat(201), email: JANE.email }, HANDOVER_MESSAGES.nameTooLong],
        [{ name: JANE.name, email: 'jane@' }, HANDOVER_MESSAGES.email],
        [{ name: JANE.name, email: 42 }, HANDOVER_MESSAGES.email],
        [{ name: JANE.name, email: before?.form.email.toUpperCase() }, HANDOVER_MESSAGES.sameEmail],
        [
          { name: JANE.name, email: JANE.email, note: 'n'.repeat(1001) },
          HANDOVER_MESSAGES.noteTooLong,
        ],
      ];
      for (const [body, message] of tries) {
        const refused = await signerHttp(api)
          .post('/api/signing/hand-over')
          .send({ token, ...body })
          .expect(400);
        expect(JSON.stringify(refused.body.message)).toContain(message);
      }
      const after = await byToken(token);
      expect(after?.events).toHaveLength(before?.events.length);
      expect(after?.headHash).toBe(before?.headHash);
      expect(after?.form).toEqual(before?.form);
      expect(await mailsOf(String(after?._id), 'handed-over')).toHaveLength(0);
      // The link still works.
      await signerHttp(api).post('/api/verifyToken').send({ token }).expect(200);
    });

    it('refuses after a saved signature (clear it first), and on a closed link', async () => {
      const { token } = await sendContract(csm);
      await openAndSaveSignature(api, token, 'Maria Elena Alvarez');
      const saved = await signerHttp(api)
        .post('/api/signing/hand-over')
        .send({ token, ...JANE })
        .expect(409);
      expect(saved.body.message).toBe(HANDOVER_MESSAGES.signatureSaved);
      // Cleared, the signer may hand over.
      await signerHttp(api).post('/api/template/clear-signature').send({ token }).expect(200);
      await signerHttp(api)
        .post('/api/signing/hand-over')
        .send({ token, ...JANE })
        .expect(200);

      const cancelled = await sendContract(csm);
      await csm().post('/api/update/cancel-contract').send({ token: cancelled.token }).expect(200);
      const closed = await signerHttp(api)
        .post('/api/signing/hand-over')
        .send({ token: cancelled.token, ...JANE })
        .expect(409);
      expect(closed.body.message).toBe(SIGNING_PAGE_TITLES.cancelled);
    });

    it('lets staff change a signer who saved a signature and did not finish: the signature goes with them', async () => {
      const { token } = await sendContract(csm);
      const agreementId = String((await byToken(token))?._id);
      await openAndSaveSignature(api, token, 'Maria Elena Alvarez');
      expect((await agreementOf(agreementId))?.status).toBe('signature_saved');
      await csm()
        .post('/api/update/change-signer')
        .send({ token, recipientId: 'signer-1', ...JANE })
        .expect(200);
      const record = await agreementOf(agreementId);
      expect(record?.status).toBe('not signed');
      expect(record).toMatchObject({ signature: null, initials: null, consentAt: null });
      expect(recipientsOf(record)[0]).toMatchObject({ ...JANE, state: 'invited' });
      expect(lastEvent(record as never)).toMatchObject({
        type: 'signer_changed',
        data: { fromName: 'Maria Elena Alvarez', toName: JANE.name, discardedSignature: true },
      });
      // The old link is closed; Jane signs with hers, from the start.
      await expectCustomerLinkClosed(token, JANE.name);
      const done = await signStandardAs(api, record?.token as string, JANE.name);
      expect(done.status).toBe('signed');
    });

    it('lets only one of two concurrent hand-overs win', async () => {
      const { token } = await sendContract(csm);
      const agreementId = String((await byToken(token))?._id);
      const results = await Promise.all([
        signerHttp(api)
          .post('/api/signing/hand-over')
          .send({ token, ...JANE }),
        signerHttp(api)
          .post('/api/signing/hand-over')
          .send({ token, name: 'Ann Other', email: 'ann.other@example.com' }),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
      const record = await agreementOf(agreementId);
      expect(
        (record?.events as StoredEvent[]).filter((event) => event.type === 'handed_over'),
      ).toHaveLength(1);
      expect(await eventLog.checkChain(agreementId)).toMatchObject({ intact: true });
      expect(await mailsOf(agreementId, 'handed-over')).toHaveLength(1);
    });
  });

  /** A standard contract to Maria and `additional` (Luis by default); every signer's token. */
  async function sendSeveral(
    order: 'parallel' | 'sequential',
    additional: { name: string; email: string; phone?: string }[] = [LUIS],
  ) {
    const template = `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`;
    const blocks = { additional_signers: additional };
    const created = await csm()
      .post('/api/template/create-contract')
      .send({ docLink: template, formData: contractFormData(), ...blocks })
      .expect(201);
    const sent = await csm()
      .post('/api/contracts/send')
      .send({
        ...contractSendBody(created.body.docLink as string),
        ...blocks,
        signing_order: order,
      })
      .expect(200);
    const maria = sent.body.token as string;
    const record = await byToken(maria);
    const tokens = Object.fromEntries(
      recipientsOf(record)
        .filter((r) => r.token)
        .map((r) => [r.id, r.token as string]),
    );
    tokens['signer-1'] = maria;
    return { maria, luis: tokens['signer-2'], tokens, agreementId: String(record?._id) };
  }

  describe('on a standard contract with two signers', () => {
    it('a later signer hands over from their link: their place, their link; the new one signs to the end', async () => {
      const { maria, luis, agreementId } = await sendSeveral('parallel');
      await signerHttp(api)
        .post('/api/signing/hand-over')
        .send({ token: luis, name: JANE.name, email: 'maria.alvarez@example.com' })
        .expect((response) => expect([400]).toContain(response.status));
      await signerHttp(api)
        .post('/api/signing/hand-over')
        .send({ token: luis, ...JANE })
        .expect(200);
      const record = await agreementOf(agreementId);
      const second = recipientsOf(record).find((r) => r.id === 'signer-2') as StoredRecipient;
      expect(second).toMatchObject({ ...JANE, state: 'invited' });
      expect(second.token).not.toBe(luis);
      expect(record?.token).toBe(maria);
      const link = await mailedLinkTo(agreementId, JANE.email);
      expect(link).toContain(second.token as string);
      await expectCustomerLinkClosed(luis, JANE.name);

      // Nobody had signed: Jane's name replaces Luis's in his block.
      expect(await blockNamesOf(agreementId)).toEqual(['Maria Elena Alvarez', JANE.name]);

      await signStandardAs(api, maria, 'Maria Elena Alvarez');
      const done = await signStandardAs(api, second.token as string, JANE.name);
      expect(done.status).toBe('signed');
      await waitFor(
        () => agreementOf(agreementId),
        (found) => found?.finish?.state === 'completed',
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      expect((await agreementOf(agreementId))?.status).toBe('signed');
      await expectNoTokenLeaks(agreementId, [maria, luis, second.token as string]);
    });

    it('keeps the printed names once someone signed: the document is not laid out again under a signature', async () => {
      const { maria, luis, agreementId } = await sendSeveral('parallel');
      await signStandardAs(api, maria, 'Maria Elena Alvarez');
      await signerHttp(api)
        .post('/api/signing/hand-over')
        .send({ token: luis, ...JANE })
        .expect(200);
      expect(await blockNamesOf(agreementId)).toEqual(['Maria Elena Alvarez', LUIS.name]);
      // The hand-over itself is in the record (the card, the audit trail) all the same.
      const second = recipientsOf(await agreementOf(agreementId)).find((r) => r.id === 'signer-2');
      expect(second).toMatchObject({ ...JANE, handedOver: { fromName: LUIS.name } });
    });

    it('refuses a later signer before their turn; staff may change them (no mail until their turn)', async () => {
      const { maria, luis, agreementId } = await sendSeveral('sequential');
      const early = await signerHttp(api)
        .post('/api/signing/hand-over')
        .send({ token: luis, ...JANE })
        .expect(409);
      expect(early.body.message).toBe(SIGNER_MESSAGES.notYourTurn);

      const card = (await csm().get(`/api/contracts/by-token/${maria}`).expect(200))
        .body as AgreementCardCore;
      expect(card.recipients.map((r) => r.id)).toEqual(['signer-1', 'signer-2', 'cc-1']);
      // Not another recipient's address, nor a countersigner or cc.
      await csm()
        .post('/api/update/change-signer')
        .send({ token: maria, recipientId: 'signer-2', name: 'X', email: card.recipients[2].email })
        .expect(400);
      await csm()
        .post('/api/update/change-signer')
        .send({ token: maria, recipientId: 'cc-1', ...JANE })
        .expect(400);
      await csm()
        .post('/api/update/change-signer')
        .send({ token: maria, recipientId: 'signer-9', ...JANE })
        .expect(404);
      const changedSigner = await csm()
        .post('/api/update/change-signer')
        .send({ token: maria, recipientId: 'signer-2', ...JANE, note: 'Luis left the company.' })
        .expect(200);
      expect(changedSigner.body).toMatchObject({ status: 'handed-over', recipientId: 'signer-2' });
      const record = await agreementOf(agreementId);
      const second = recipientsOf(record).find((r) => r.id === 'signer-2') as StoredRecipient;
      expect(second).toMatchObject({
        ...JANE,
        state: 'waiting',
        handedOver: { fromName: LUIS.name, by: 'csm@prosign.example' },
      });
      expect(lastEvent(record as never)).toMatchObject({
        type: 'signer_changed',
        actor: 'csm@prosign.example',
        data: { recipientId: 'signer-2', fromEmail: LUIS.email, toEmail: JANE.email },
      });
      // Jane is not asked yet; the sender did it, so no notice either.
      expect(
        (await mailsOf(agreementId)).filter((mail) => mail.to.includes(JANE.email)),
      ).toHaveLength(0);
      expect(await mailsOf(agreementId, 'handed-over')).toHaveLength(0);
      await expectCustomerLinkClosed(luis, JANE.name);

      // Once Maria signed, Jane's turn comes: her link is mailed, she signs.
      await signStandardAs(api, maria, 'Maria Elena Alvarez');
      const link = await mailedLinkTo(agreementId, JANE.email);
      expect(link).toContain(second.token as string);
      expect((await signStandardAs(api, second.token as string, JANE.name)).status).toBe('signed');
    });
  });

  describe('staff Change signer', () => {
    it('changes the first signer from the card: same access as cancel; the new signer signs', async () => {
      const { token: old } = await sendContract(csm);
      const agreementId = String((await byToken(old))?._id);
      // The SOW dashboard's staff have no access to the contracts dashboard.
      await pm()
        .post('/api/update/change-signer')
        .send({ token: old, recipientId: 'signer-1', ...JANE })
        .expect(403);
      const admin = await staffHttp(api, 'admin@prosign.example');
      const done = await admin()
        .post('/api/update/change-signer')
        .send({ token: old, recipientId: 'signer-1', ...JANE })
        .expect(200);
      expect(done.body.handedOverTo).toEqual(JANE);
      const record = await agreementOf(agreementId);
      expect(record?.form).toMatchObject({ full_name: JANE.name, email: JANE.email });
      expect(lastEvent(record as never)).toMatchObject({
        type: 'signer_changed',
        actor: 'admin@prosign.example',
      });
      const notices = await mailsOf(agreementId, 'handed-over');
      expect(notices.map((mail) => mail.to)).toEqual([['csm@prosign.example']]);
      expect(notices[0].text).toContain('admin@prosign.example changed the signer');
      await expectCustomerLinkClosed(old, JANE.name);
      const link = await mailedLinkTo(agreementId, JANE.email);
      expect(link).toContain(record?.token as string);
      expect((await signStandardAs(api, record?.token as string, JANE.name)).status).toBe('signed');
      // Signed: nobody left to change.
      await admin()
        .post('/api/update/change-signer')
        .send({
          token: record?.token,
          recipientId: 'signer-1',
          name: 'Late',
          email: 'late@example.com',
        })
        .expect(409);
    });
  });

  describe('one person holds one place, even at the same instant', () => {
    const OTHERS = Array.from({ length: 9 }, (_, index) => ({
      name: `Signer ${index + 2}`,
      email: `signer${index + 2}@client.example.com`,
    }));
    /** Jane's address as people type it: any case, spaces around. */
    const SPELLINGS = [
      JANE.email,
      JANE.email.toUpperCase(),
      ` ${JANE.email} `,
      'Jane.Roe@Example.com',
    ];
    const isJane = (email: string) => email.trim().toLowerCase() === JANE.email;

    /**
     * Holds each hand-over after its checks, just before its write, until `count` got there:
     * they all race on the write, as calls at the same instant do. Returns how many got there.
     */
    function raceAtTheWrite(count: number): () => number {
      const addSigningLink = links.addSigningLink.bind(links);
      let arrived = 0;
      let release = () => {};
      const together = new Promise<void>((resolve) => (release = resolve));
      const fallback = setTimeout(release, 20_000);
      const spy = jest
        .spyOn(links, 'addSigningLink')
        .mockImplementation(
          async (...args: Parameters<AgreementLinkRepository['addSigningLink']>) => {
            arrived += 1;
            if (arrived === count) release();
            await together;
            return addSigningLink(...args);
          },
        );
      return () => {
        clearTimeout(fallback);
        spy.mockRestore();
        return arrived;
      };
    }

    /** The refusals' messages: every loser is told the address is taken (409). */
    function expectOneWinner(
      results: { status: number; body: { message?: unknown } }[],
      typed: string[],
    ): number {
      expect(
        results.filter((result) => result.status === 200).map((result) => result.body),
      ).toHaveLength(1);
      results.forEach((result, index) => {
        if (result.status === 200) return;
        expect(result.status).toBe(409);
        expect(result.body.message).toBe(HANDOVER_MESSAGES.alreadyRecipient(typed[index].trim()));
      });
      return results.findIndex((result) => result.status === 200);
    }

    /** Sends the calls at once, racing on the write: one wins, the rest are refused. The winner. */
    async function raceToOneWinner<Call extends { email: string }>(
      calls: Call[],
      send: (call: Call) => request.Test,
    ): Promise<Call> {
      const raced = raceAtTheWrite(calls.length);
      const results = await Promise.all(calls.map(send));
      expect(raced()).toBe(calls.length);
      return calls[
        expectOneWinner(
          results,
          calls.map((call) => call.email),
        )
      ];
    }

    it('20 hand-overs and signer changes from ten places to one address at once: one wins, the rest 409, one mail', async () => {
      const { maria, tokens, agreementId } = await sendSeveral('parallel', OTHERS);
      const places = Object.keys(tokens);
      expect(places).toHaveLength(10);
      const before = recipientsOf(await agreementOf(agreementId));

      const calls = places.flatMap((recipientId, index) => [
        { recipientId, by: 'signer', email: SPELLINGS[index % 4] },
        { recipientId, by: 'staff', email: SPELLINGS[(index + 1) % 4] },
      ]);
      const winner = await raceToOneWinner(calls, ({ recipientId, by, email }) =>
        by === 'signer'
          ? signerHttp(api)
              .post('/api/signing/hand-over')
              .send({ token: tokens[recipientId], name: JANE.name, email })
          : csm()
              .post('/api/update/change-signer')
              .send({ token: maria, recipientId, name: JANE.name, email }),
      );

      // Jane holds one place; every other place keeps its signer and link; one event.
      const record = await agreementOf(agreementId);
      const after = recipientsOf(record);
      expect(after.filter((recipient) => isJane(recipient.email))).toHaveLength(1);
      expect(after.find((recipient) => isJane(recipient.email))?.id).toBe(winner.recipientId);
      for (const recipient of before.filter((r) => r.id !== winner.recipientId)) {
        expect(after.find((r) => r.id === recipient.id)).toMatchObject({
          email: recipient.email,
          ...(recipient.token ? { token: recipient.token } : {}),
        });
      }
      const handovers = (record?.events as StoredEvent[]).filter(
        (event) => event.type === 'handed_over' || event.type === 'signer_changed',
      );
      expect(handovers).toHaveLength(1);
      expect(await eventLog.checkChain(agreementId)).toMatchObject({ intact: true });
      // The losers' new links were never given to anyone: gone.
      expect(
        await connection.collection('agreement_links').countDocuments({
          agreementId: new Types.ObjectId(agreementId),
          kind: 'sign',
        }),
      ).toBe(places.length + 1);

      // One invitation to Jane; a notice to the sender only when a signer handed over.
      await mailedLinkTo(agreementId, winner.email.trim());
      const toJane = (await mailsOf(agreementId)).filter((mail) => mail.to.some(isJane));
      expect(toJane).toHaveLength(1);
      expect(await mailsOf(agreementId, 'handed-over')).toHaveLength(
        winner.by === 'signer' ? 1 : 0,
      );
    });

    it('staff Change signer refuses an address another recipient holds, raced or not', async () => {
      const admin = await staffHttp(api, 'admin@prosign.example');
      const { maria, agreementId } = await sendSeveral('sequential', OTHERS.slice(0, 3));
      const calls = ['signer-2', 'signer-3', 'signer-4'].flatMap((recipientId, index) =>
        [csm, admin].map((staff, which) => ({
          staff,
          recipientId,
          email: SPELLINGS[(index + which) % 4],
        })),
      );
      const winner = await raceToOneWinner(calls, ({ staff, recipientId, email }) =>
        staff()
          .post('/api/update/change-signer')
          .send({ token: maria, recipientId, name: JANE.name, email }),
      );
      const record = await agreementOf(agreementId);
      expect(recipientsOf(record).filter((recipient) => isJane(recipient.email))).toEqual([
        expect.objectContaining({ id: winner.recipientId, state: 'waiting' }),
      ]);

      // Not raced: the address is seen taken before anything is written.
      const other = winner.recipientId === 'signer-2' ? 'signer-3' : 'signer-2';
      const taken = await csm()
        .post('/api/update/change-signer')
        .send({
          token: maria,
          recipientId: other,
          name: JANE.name,
          email: ' JANE.ROE@example.com ',
        })
        .expect(400);
      expect(JSON.stringify(taken.body.message)).toContain(
        HANDOVER_MESSAGES.alreadyRecipient('JANE.ROE@example.com'),
      );
      const unchanged = await agreementOf(agreementId);
      expect(unchanged?.headHash).toBe(record?.headHash);
      // Waiting signers are not mailed; nobody mailed Jane.
      expect((await mailsOf(agreementId)).filter((mail) => mail.to.some(isJane))).toHaveLength(0);
    });
  });

  describe.each([{ family: 'sow' as const }, { family: 'co' as const }])(
    'on a $family link',
    ({ family }) => {
      it('hands over from the link page; the old link is closed before and after the captcha; the new one signs', async () => {
        const staff = family === 'sow' ? pm : csm;
        const sender = family === 'sow' ? 'pm@prosign.example' : 'csm@prosign.example';
        const deal = family === 'co' ? await coDealFixture(csm) : null;
        const body = (deal ? coBody(deal) : sowBody()) as unknown as Record<string, unknown>;
        const created = await staff().post(`/api/${family}/create-contract`).send(body).expect(200);
        const sent = await staff()
          .post(`/api/${family}/send-contract`)
          .send({ ...body, docLink: created.body.docLink })
          .expect(200);
        const old = sent.body.customId as string;
        const agreementId = sent.body._id as string;
        const link = (customId: string) => signerHttp(api, { linkToken: customId });
        const at = (call: string, customId: string) => `/api/${family}/${call}/${customId}`;
        await link(old).post(at('increase-viewed-times', old)).expect(200);

        // Bad input, no pass, another family's route: nothing changes.
        await link(old)
          .post(at('hand-over', old))
          .send({ name: '', email: JANE.email })
          .expect(400);
        await signerHttp(api, { pass: false }).post(at('hand-over', old)).send(JANE).expect(403);
        const otherFamily = family === 'sow' ? 'co' : 'sow';
        await link(old).post(`/api/${otherFamily}/hand-over/${old}`).send(JANE).expect(404);
        expect(lastEvent((await agreementOf(agreementId)) as never).type).toBe('viewed');

        await link(old)
          .post(at('hand-over', old))
          .send({ ...JANE, note: 'Our PM signs.' })
          .expect(200);
        const record = await agreementOf(agreementId);
        const fresh = record?.token as string;
        expect(fresh).not.toBe(old);
        expect(recipientsOf(record)[0]).toMatchObject({ id: 'signer-1', ...JANE });
        expect(await eventLog.checkChain(agreementId)).toMatchObject({ intact: true });

        // The old link: closed before the captcha and after it, for every call.
        const checked = await signerHttp(api).get(at('verify-link', old)).expect(409);
        expect(checked.body).toMatchObject({
          error: HANDED_OVER_ERROR,
          message: HANDOVER_MESSAGES.handedOver(JANE.name),
        });
        await link(old).get(at('get-contract', old)).expect(409);
        await link(old)
          .post(at('upload-text-signature', old))
          .send({ textSignature: 'Old' })
          .expect(409);
        await link(old).post(at('finish', old)).send({ agreedToTerms: true }).expect(409);

        // The new link, mailed to Jane, opens and signs to the end.
        const mailed = await mailedLinkTo(agreementId, JANE.email);
        expect(mailed).toContain(fresh);
        const page = await link(fresh).get(at('get-contract', fresh)).expect(200);
        expect(page.body.linkState).toBe('open');
        await link(fresh).post(at('increase-viewed-times', fresh)).expect(200);
        await link(fresh)
          .post(at('upload-text-signature', fresh))
          .send({ textSignature: JANE.name })
          .expect(200);
        const finished = await link(fresh)
          .post(at('finish', fresh))
          .send({ agreedToTerms: true })
          .expect(200);
        expect(finished.body.status).toBe('signed');

        const notices = await mailsOf(agreementId, 'handed-over');
        expect(notices.map((mail) => mail.to)).toEqual([[sender]]);
        await expectNoTokenLeaks(agreementId, [old, fresh]);
      });

      it(`staff change the ${family} signer from the dashboard (by id)`, async () => {
        const staff = family === 'sow' ? pm : csm;
        const deal = family === 'co' ? await coDealFixture(csm) : null;
        const body = (deal ? coBody(deal) : sowBody()) as unknown as Record<string, unknown>;
        const created = await staff().post(`/api/${family}/create-contract`).send(body).expect(200);
        const sent = await staff()
          .post(`/api/${family}/send-contract`)
          .send({ ...body, docLink: created.body.docLink })
          .expect(200);
        const agreementId = sent.body._id as string;
        await staff()
          .post(`/api/${family}/change-signer`)
          .send({ id: agreementId, recipientId: 'signer-1', name: '', email: JANE.email })
          .expect(400);
        await staff()
          .post(`/api/${family}/change-signer`)
          .send({ id: agreementId, recipientId: 'signer-1', ...JANE })
          .expect(200);
        const record = await agreementOf(agreementId);
        expect(recipientsOf(record)[0]).toMatchObject({ ...JANE, state: 'invited' });
        expect(lastEvent(record as never).type).toBe('signer_changed');
        await mailedLinkTo(agreementId, JANE.email);
      });
    },
  );
});
