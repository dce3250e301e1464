import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { LinkSigningFamily } from '@prosign/api-client';
import type { Connection } from 'mongoose';
import { CrmFlows } from '../src/modules/crm/crm-flows.service';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { coBody, coDealFixture } from './support/co-fixtures';
import { pdfText } from './support/pdf-text';
import { seedBaseData } from './support/seed';
import { PUBLIC_SIGNING_URL, sealedFinish, signerHttp } from './support/signing-fixtures';
import { sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const LUIS = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com', phone: '+14155550124' };

type Order = 'parallel' | 'sequential';
type StoredRecipient = { id: string; state: string; token?: string };

/** What differs between the two families that sign on a customId link. */
interface FamilyCase {
  family: LinkSigningFamily;
  /** The other link family, whose routes must not know this one's links. */
  other: LinkSigningFamily;
  /** The family's signing page path (the link mailed to each signer). */
  signaturePath: string;
  /** The view field that names the signer. */
  nameField: 'cp_name' | 'signatory_name';
  /** The staff member who creates and sends it. */
  staff: () => StaffHttp;
  /** A valid form for the first signer. */
  body: () => Record<string, unknown>;
  first: () => { name: string; email: string };
}

/**
 * Several signers on a SOW and on a change order: the document gets a
 * block per signer, each signer signs on the family's own page through their own
 * link, in order or in parallel; the last signature seals the agreement once —
 * sealed PDF, one signed copy to every signer, the CRM move (CO) or the file
 * service's registration (SOW) — also when the last two finishes race.
 */
describe('several signers on SOW and CO links', () => {
  const env = createTestEnv(__filename, { PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let pm: StaffHttp;
  let csm: StaffHttp;
  let admin: StaffHttp;
  let connection: Connection;
  let workerCrm: CrmFlows;
  let signatory: { name: string; email: string };
  let coForm: () => Record<string, unknown>;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    pm = await staffHttp(api, 'pm@prosign.example');
    csm = await staffHttp(api, 'csm@prosign.example');
    admin = await staffHttp(api, 'admin@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
    workerCrm = worker.get(CrmFlows, { strict: false });
    const deal = await coDealFixture(csm);
    signatory = deal.signatory;
    coForm = () => coBody(deal) as unknown as Record<string, unknown>;
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  const FAMILIES: FamilyCase[] = [
    {
      family: 'sow',
      other: 'co',
      signaturePath: '/sow-signature/',
      nameField: 'cp_name',
      staff: () => pm,
      body: () => sowBody() as unknown as Record<string, unknown>,
      first: () => ({ name: 'Mei Lin', email: 'mei.lin@partners.example.com' }),
    },
    {
      family: 'co',
      other: 'sow',
      signaturePath: '/co-signature/',
      nameField: 'signatory_name',
      staff: () => csm,
      body: () => coForm(),
      first: () => signatory,
    },
  ];

  describe.each(FAMILIES)('$family', (c) => {
    const at = (call: string, customId: string, family = c.family) =>
      `/api/${family}/${call}/${customId}`;
    const signer = (customId: string, options: { pass?: boolean } = {}) =>
      signerHttp(api, { linkToken: customId, ...options });
    const stored = (customId: string) =>
      connection.collection('agreements').findOne({ family: c.family, token: customId });

    /** Creates the document and sends it with Luis as the second signer, as the screen does. */
    async function sendWithLuis(order: Order) {
      const body = {
        ...c.body(),
        additional_signers: [LUIS],
        signing_order: order,
      };
      const created = await c.staff()().post(`/api/${c.family}/create-contract`).send(body);
      expect(created.status).toBe(200);
      const docLink = created.body.docLink as string;
      const sent = await c
        .staff()()
        .post(`/api/${c.family}/send-contract`)
        .send({ ...body, docLink })
        .expect(200);
      const first = sent.body.customId as string;
      const record = await stored(first);
      const luis = (record?.recipients as StoredRecipient[])[1].token as string;
      return { first, luis, agreementId: String(record?._id), docLink };
    }

    const recipientStates = async (customId: string) =>
      ((await stored(customId))?.recipients as StoredRecipient[])
        .filter((r) => r.id.startsWith('signer'))
        .map((r) => r.state);
    const linkMailsTo = async (agreementId: string, email: string) =>
      (await mailDeliveries(connection).find({ agreementId }).toArray()).filter(
        (mail) => mail.to.includes(email) && mail.template !== 'signed-copy',
      );
    const signedCopies = async (agreementId: string) =>
      (await mailDeliveries(connection).find({ agreementId }).toArray()).filter(
        (mail) => mail.template === 'signed-copy',
      );

    /** Opens the link (a view), saves a typed signature: ready for Agree and Finish. */
    async function readyToFinish(customId: string, name: string) {
      await signer(customId).post(at('increase-viewed-times', customId)).expect(200);
      await signer(customId)
        .post(at('upload-text-signature', customId))
        .send({ textSignature: name })
        .expect(200);
    }
    const agreeAndFinish = (customId: string) =>
      signer(customId).post(at('finish', customId)).send({ agreedToTerms: true });
    async function signAs(customId: string, name: string) {
      await readyToFinish(customId, name);
      const finished = await agreeAndFinish(customId);
      expect(finished.status).toBe(200);
      return finished.body as {
        progress?: string;
        signedDocLink: string;
        auditTrailDocLink: string;
        signedAt: string;
        verifyId: string;
        status: string;
      };
    }

    /** What the last signature does once: the file service's registration (SOW) or the CRM move (CO). */
    async function expectOneSealEffect(agreementId: string, signedDocLink: string) {
      if (c.family === 'sow') {
        const registrations = async () =>
          (
            (await admin().get('/api/file-service/records').expect(200)).body.records as {
              driveLink: string;
            }[]
          ).filter((record) => record.driveLink === signedDocLink);
        expect(await registrations()).toHaveLength(1);
        return;
      }
      const move = await waitFor(
        () =>
          connection
            .collection('crm_stage_moves')
            .findOne({ _id: `co-signed.${agreementId}` as never }),
        (doc) => doc?.status === 'moved',
        { timeoutMs: 15_000, intervalMs: 100 },
      );
      expect(move).toMatchObject({ milestone: 'signed', link: signedDocLink });
      const moves = await connection
        .collection('crm_stage_moves')
        .countDocuments({ milestone: 'signed', link: signedDocLink });
      expect(moves).toBe(1);
    }

    it('in order: the second signer is mailed their own link only after the first signed; the last signature seals it', async () => {
      const crmMoves = jest.spyOn(workerCrm, 'moveDealOnEvent');
      const first = c.first();
      const { first: mine, luis, agreementId } = await sendWithLuis('sequential');
      expect(luis).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(luis).not.toBe(mine);
      expect(await recipientStates(mine)).toEqual(['invited', 'waiting']);
      expect(await linkMailsTo(agreementId, first.email)).toHaveLength(1);
      expect(await linkMailsTo(agreementId, LUIS.email)).toHaveLength(0);

      // Not his turn yet: his link does nothing, before the captcha or after it.
      const early = await signer(luis, { pass: false }).get(at('verify-link', luis)).expect(409);
      expect(early.body.message).toMatch(/not your turn/);
      await signer(luis).get(at('get-contract', luis)).expect(409);
      await signer(luis).post(at('increase-viewed-times', luis)).expect(409);
      await signer(luis)
        .post(at('upload-text-signature', luis))
        .send({ textSignature: LUIS.name })
        .expect(409);

      const hersBefore = await signer(mine).get(at('get-contract', mine)).expect(200);
      expect(hersBefore.body).toMatchObject({
        [c.nameField]: first.name,
        progress: `Waiting for ${first.name}`,
      });
      const part = await signAs(mine, first.name);
      expect(part).toMatchObject({
        status: 'signed',
        signedDocLink: '',
        progress: `1 of 2 signed — waiting for ${LUIS.name}`,
      });
      expect((await stored(mine))?.status).toBe('signature_saved');
      expect(await recipientStates(mine)).toEqual(['signed', 'invited']);

      // Luis is mailed his own link on the family's page, never hers.
      const invitations = await linkMailsTo(agreementId, LUIS.email);
      expect(invitations).toHaveLength(1);
      expect(invitations[0].html).toContain(`${c.signaturePath}${luis}`);
      expect(invitations[0].html).not.toContain(mine);
      expect(invitations[0].html).toContain(LUIS.name);

      // Her link now says she signed, with where the others stand; it cannot sign again nor for him.
      const checked = await signer(mine, { pass: false }).get(at('verify-link', mine)).expect(200);
      expect(checked.body.linkState).toBe('signed');
      const hers = await signer(mine).get(at('get-contract', mine)).expect(200);
      expect(hers.body).toMatchObject({
        linkState: 'signed',
        metrics: { isSigned: true },
        progress: `1 of 2 signed — waiting for ${LUIS.name}`,
      });
      await signer(mine)
        .post(at('upload-text-signature', mine))
        .send({ textSignature: LUIS.name })
        .expect(409);
      expect((await agreeAndFinish(mine)).status).toBe(200);
      expect(await recipientStates(mine)).toEqual(['signed', 'invited']);
      expect((await stored(mine))?.status).toBe('signature_saved');

      // His page names him, under his own link, with where the signatures stand.
      const verified = await signer(luis, { pass: false }).get(at('verify-link', luis)).expect(200);
      expect(verified.body).toEqual({ valid: true, linkState: 'open' });
      const his = await signer(luis).post(at('increase-viewed-times', luis)).expect(200);
      expect(his.body).toMatchObject({
        customId: luis,
        [c.nameField]: LUIS.name,
        client: { full_name: LUIS.name },
        linkState: 'open',
        recipientId: 'signer-2',
        metrics: { isSignatureSaved: false, isSigned: false },
        progress: `1 of 2 signed — waiting for ${LUIS.name}`,
      });
      expect(JSON.stringify(his.body)).not.toContain(mine);
      // Another family's routes do not know his link.
      await signer(luis, { pass: false })
        .get(at('verify-link', luis, c.other))
        .expect(404);
      await signer(luis)
        .get(at('get-contract', luis, c.other))
        .expect(404);
      await signer(luis)
        .post(at('upload-text-signature', luis, c.other))
        .send({ textSignature: LUIS.name })
        .expect(404);

      // No audit trail before the last signature.
      await signer(luis).get(at('create-audit-trail', luis)).expect(409);
      // The last signature answers once it is recorded; the worker seals it.
      const claimed = await signAs(luis, LUIS.name);
      expect(claimed).toMatchObject({ status: 'signed', signedDocLink: '', auditTrailDocLink: '' });
      const last = await sealedFinish(api, luis);
      expect(last).toMatchObject({ signedAt: claimed.signedAt, verifyId: claimed.verifyId });
      expect(last.signedDocLink).toMatch(/\/api\/documents\/d\//);
      const done = await stored(mine);
      expect(done?.status).toBe('signed');
      expect(done?.finish?.state).toBe('completed');
      expect(await recipientStates(mine)).toEqual(['signed', 'signed']);
      const trail = await signer(luis).get(at('create-audit-trail', luis)).expect(200);
      expect(trail.body.docLink).toBe(done?.auditTrailDocLink);

      // The sealed PDF carries both signers; the audit trail names each on their own events.
      const sealed = await admin().get(new URL(last.signedDocLink).pathname).expect(200);
      const squashed = (await pdfText(sealed.body as Buffer)).replace(/\s+/g, '');
      expect(squashed).toContain(first.name.replace(/\s+/g, ''));
      expect(squashed).toContain(LUIS.name.replace(/\s+/g, ''));
      expect(squashed).toContain(`Signedby${LUIS.email}`);
      expect(squashed).toContain(`Signedby${first.email}`);

      // One signed copy, to both signers (each once).
      const copies = await signedCopies(agreementId);
      expect(copies).toHaveLength(1);
      expect([...copies[0].to].sort()).toEqual([first.email, LUIS.email].sort());
      await expectOneSealEffect(agreementId, last.signedDocLink);
      if (c.family === 'co') {
        const signedMoves = crmMoves.mock.calls.filter(
          ([, event, properties]) =>
            event === 'signed' && Object.values(properties ?? {}).includes(last.signedDocLink),
        );
        expect(signedMoves).toHaveLength(1);
      }
      crmMoves.mockRestore();
    });

    it('in parallel: both are mailed at the send, and one signer’s part signs nothing for the other', async () => {
      const first = c.first();
      const { first: mine, luis, agreementId } = await sendWithLuis('parallel');
      expect(await recipientStates(mine)).toEqual(['invited', 'invited']);
      const hisMails = await linkMailsTo(agreementId, LUIS.email);
      expect(hisMails).toHaveLength(1);
      expect(hisMails[0].html).toContain(`${c.signaturePath}${luis}`);
      expect(await linkMailsTo(agreementId, first.email)).toHaveLength(1);

      const part = await signAs(luis, LUIS.name);
      expect(part.progress).toBe(`1 of 2 signed — waiting for ${first.name}`);
      expect(await recipientStates(mine)).toEqual(['invited', 'signed']);
      expect((await stored(mine))?.finish ?? null).toBeNull();
      // His part is done: his link no longer changes anything.
      await signer(luis)
        .post(at('upload-text-signature', luis))
        .send({ textSignature: 'Someone Else' })
        .expect(409);
      expect(
        (await signer(luis, { pass: false }).get(at('verify-link', luis)).expect(200)).body,
      ).toMatchObject({ linkState: 'signed' });

      // She signs last: her signature is hers in the audit trail too, not only the seal's start.
      const claimed = await signAs(mine, first.name);
      expect(claimed).toMatchObject({ status: 'signed', signedDocLink: '', auditTrailDocLink: '' });
      expect((await stored(mine))?.status).toBe('signed');
      // The worker seals it.
      const last = await sealedFinish(api, mine);
      expect(last.signedDocLink).toMatch(/\/api\/documents\/d\//);
      expect(await signedCopies(agreementId)).toHaveLength(1);
      const sealed = await admin().get(new URL(last.signedDocLink).pathname).expect(200);
      const squashed = (await pdfText(sealed.body as Buffer)).replace(/\s+/g, '');
      expect(squashed).toContain(`Signedby${first.email}`);
      expect(squashed).toContain(`Signedby${LUIS.email}`);
    });

    it('seals once when both last finishes race: one signed copy, one seal effect', async () => {
      const first = c.first();
      const { first: mine, luis, agreementId } = await sendWithLuis('parallel');
      await readyToFinish(mine, first.name);
      await readyToFinish(luis, LUIS.name);
      const finishes = await Promise.all([agreeAndFinish(mine), agreeAndFinish(luis)]);
      expect(finishes.map((res) => res.status)).toEqual([200, 200]);
      expect(finishes.map((res) => res.body.status)).toEqual(['signed', 'signed']);

      // Both answer before the seal; the worker seals it, once.
      await sealedFinish(api, mine);
      const done = await stored(mine);
      expect(done?.status).toBe('signed');
      type LoggedEvent = { type: string; data?: { recipientId?: string } | null };
      const signedEvents = (done?.events as LoggedEvent[]).filter((e) => e.type === 'signed');
      expect(signedEvents.map((e) => e.data?.recipientId ?? 'agreement').sort()).toEqual([
        'agreement',
        'signer-1',
        'signer-2',
      ]);
      const copies = await signedCopies(agreementId);
      expect(copies).toHaveLength(1);
      expect([...copies[0].to].sort()).toEqual([first.email, LUIS.email].sort());
      await expectOneSealEffect(agreementId, done?.signedDocLink as string);
    });

    it('cancel half-way closes both links', async () => {
      const first = c.first();
      const { first: mine, luis, agreementId } = await sendWithLuis('sequential');
      await signAs(mine, first.name);
      await c
        .staff()()
        .post(`/api/${c.family}/cancel-contract`)
        .send({ id: agreementId })
        .expect(200);
      for (const customId of [mine, luis]) {
        const checked = await signer(customId, { pass: false })
          .get(at('verify-link', customId))
          .expect(200);
        expect(checked.body.linkState).toBe('cancelled');
      }
      await signer(luis)
        .post(at('upload-text-signature', luis))
        .send({ textSignature: LUIS.name })
        .expect(409);
      expect((await agreeAndFinish(luis)).status).toBe(409);
      expect((await stored(mine))?.status).toBe('cancelled');
      expect(await signedCopies(agreementId)).toHaveLength(0);
    });

    it('refuses a second signer with the first signer’s address, and creates nothing', async () => {
      const agreements = connection.collection('agreements');
      const before = await agreements.countDocuments();
      const body = { ...c.body(), additional_signers: [{ ...LUIS, email: c.first().email }] };
      const refused = await c
        .staff()()
        .post(`/api/${c.family}/create-contract`)
        .send(body)
        .expect(400);
      expect(JSON.stringify(refused.body.message)).toMatch(/same e-mail address/);
      expect(await agreements.countDocuments()).toBe(before);
    });
  });
});
