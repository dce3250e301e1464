import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  formatPacificTimestamp,
  type AgreementFamily,
  type VerifyDocumentView,
} from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import request from 'supertest';
import { DocumentPdfService } from '../src/modules/documents/document-pdf.service';
import { MailService } from '../src/modules/mail/mail.service';
import { maskEmail } from '../src/modules/signing/verify.service';
import { coBody, coDealFixture, type CoDealFixture } from './support/co-fixtures';
import { pdfText } from './support/pdf-text';
import { seedBaseData } from './support/seed';
import {
  countersignAs,
  openAndSaveSignature,
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sealedFinish,
  sendContract,
  signerBrowser,
} from './support/signing-fixtures';
import { sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { startMailCatcherEnv, type MailCatcherEnv } from './support/mail-catcher-env';

const LUIS = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com' };
const JANE = { name: 'Jane Roe', email: 'jane.roe@example.com' };
const PRINCIPAL = { email: 'admin@prosign.example', name: 'Dana Whitfield', title: 'Principal' };

const SCENARIOS = [
  'one signer',
  'two in order',
  'two at once',
  'countersigned',
  'handed over',
  'e-mail code',
] as const;
type Scenario = (typeof SCENARIOS)[number];

type StoredRecipient = {
  id: string;
  role: 'signer' | 'countersigner' | 'cc';
  name: string;
  email: string;
  state: string;
  signedAt: Date | null;
  token?: string;
};

/** The certificate's Signed cell: a Pacific time, "Not signed", or "—" for a copy. */
const SIGNED_CELL = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d PST|Not signed|—/g;

/**
 * The certificate of completion (the sealed PDF's audit trail) tells what the
 * agreement record says — its status line and each recipient's Signed cell — for every family,
 * whoever signs and however: one signer, two in order, two at once, with the firm's
 * countersignature, after a hand-over, behind an e-mail code. The public /verify answer lists
 * the same recipients as signed. Read with pdfjs-dist, an independent reader.
 */
describe('the certificate of completion tells what the record says', () => {
  /** A local mail catcher: a code mail is handed to the transport by the request itself. */
  let services: MailCatcherEnv;
  let api: INestApplication;
  let worker: INestApplicationContext;
  let csm: StaffHttp;
  let pm: StaffHttp;
  let principal: StaffHttp;
  let connection: Connection;
  let coDeal: CoDealFixture;
  let mailSend: jest.SpyInstance;

  beforeAll(async () => {
    services = await startMailCatcherEnv(
      __filename,
      { PUBLIC_API_URL, PUBLIC_SIGNING_URL },
      { ownMailbox: true },
    );
    const { config } = services.env;
    await seedBaseData(config);
    ({ app: api } = await startApi(config));
    worker = await startWorker(config);
    csm = await staffHttp(api, 'csm@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
    principal = await staffHttp(api, PRINCIPAL.email);
    connection = api.get(getConnectionToken(), { strict: false });
    coDeal = await coDealFixture(csm);
    // The e-mail code as the signer reads it in their mail (the api hands it to the mail only).
    mailSend = jest.spyOn(api.get(MailService), 'send');
  });

  afterAll(async () => {
    mailSend?.mockRestore();
    await worker?.close();
    await api?.close();
    await services?.close();
  });

  const agreementOf = (id: string) =>
    connection.collection('agreements').findOne({ _id: new Types.ObjectId(id) });

  /** A signer's browser on one link (see `signerBrowser`), which can enter a mailed code. */
  function browser(token: string) {
    const signer = signerBrowser(api, token);
    return {
      ...signer,
      /** Asks for a code, reads it from the mail handed to the transport, enters it. */
      async enterMailedCode(email: string) {
        mailSend.mockClear();
        await signer.send().expect(200);
        const mail = mailSend.mock.calls
          .map(([sent]) => sent as { to: string[]; template: { kind: string; data: unknown } })
          .find((sent) => sent.template.kind === 'email-code' && sent.to.includes(email));
        const code = (mail?.template.data as { code?: string } | undefined)?.code;
        expect(code).toMatch(/^\d{6}$/);
        const verified = await signer.verify(code as string).expect(200);
        signer.setProof(verified.body.proof as string);
      },
    };
  }

  /** What differs between the families: their screens' calls and their signing pages. */
  interface Family {
    family: AgreementFamily;
    staff: () => StaffHttp;
    /** Creates the document and sends it with the scenario's signers; the agreement's id. */
    send(extra: Record<string, unknown>): Promise<string>;
    /** One signer signs through their own link, as their page does. */
    sign(token: string, name: string, email: string, code: boolean): Promise<void>;
    handOver(token: string, to: { name: string; email: string }): Promise<void>;
  }

  const standard: Family = {
    family: 'standard',
    staff: () => csm,
    async send(extra) {
      const sent = await sendContract(csm, extra);
      const record = await connection.collection('agreements').findOne({ token: sent.token });
      return String(record?._id);
    },
    async sign(token, name, email, code) {
      const signer = browser(token);
      if (code) await signer.enterMailedCode(email);
      await openAndSaveSignature(api, token, name, signer);
      await signer.post('/api/signing/finish').send({ token }).expect(200);
    },
    async handOver(token, to) {
      await browser(token).post('/api/verifyToken').send({ token }).expect(200);
      await browser(token)
        .post('/api/signing/hand-over')
        .send({ token, ...to, note: 'Jane signs for us.' })
        .expect(200);
    },
  };

  const linkFamily = (
    family: 'sow' | 'co',
    staff: () => StaffHttp,
    body: () => Record<string, unknown>,
  ): Family => ({
    family,
    staff,
    async send(extra) {
      const form = { ...body(), ...extra };
      const created = await staff()().post(`/api/${family}/create-contract`).send(form).expect(200);
      const sent = await staff()()
        .post(`/api/${family}/send-contract`)
        .send({ ...form, docLink: created.body.docLink })
        .expect(200);
      return sent.body._id as string;
    },
    async sign(customId, name, email, code) {
      const at = (call: string) => `/api/${family}/${call}/${customId}`;
      const signer = browser(customId);
      if (code) await signer.enterMailedCode(email);
      await signer.post(at('increase-viewed-times')).expect(200);
      await signer.post(at('upload-text-signature')).send({ textSignature: name }).expect(200);
      await signer.post(at('finish')).send({ agreedToTerms: true }).expect(200);
    },
    async handOver(customId, to) {
      await browser(customId).post(`/api/${family}/increase-viewed-times/${customId}`).expect(200);
      await browser(customId)
        .post(`/api/${family}/hand-over/${customId}`)
        .send({ ...to, note: 'Jane signs for us.' })
        .expect(200);
    },
  });

  const FAMILIES: Family[] = [
    standard,
    linkFamily(
      'sow',
      () => pm,
      () => sowBody() as unknown as Record<string, unknown>,
    ),
    linkFamily(
      'co',
      () => csm,
      () => coBody(coDeal) as unknown as Record<string, unknown>,
    ),
  ];

  const EXTRAS: Record<Scenario, Record<string, unknown>> = {
    'one signer': {},
    'two in order': { additional_signers: [LUIS], signing_order: 'sequential' },
    'two at once': { additional_signers: [LUIS], signing_order: 'parallel' },
    countersigned: { countersigner: PRINCIPAL },
    'handed over': {},
    'e-mail code': { require_email_code: true },
  };

  /** The stored recipients and the link token of each signer (the first's is the agreement's). */
  async function recipientsOf(agreementId: string) {
    const record = await agreementOf(agreementId);
    const recipients = (record?.recipients ?? []) as StoredRecipient[];
    const tokenOf = (r: StoredRecipient) => (r.id === 'signer-1' ? record?.token : r.token);
    return recipients.map((r) => ({ ...r, token: tokenOf(r) as string }));
  }

  /** Signs the agreement to the end as the scenario has it; the record's recipients then. */
  async function signToTheEnd(c: Family, scenario: Scenario, agreementId: string) {
    const [first, second] = (await recipientsOf(agreementId)).filter((r) => r.role === 'signer');
    switch (scenario) {
      case 'two at once':
        // The second signer first: the first signer's is the last signature.
        await c.sign(second.token, second.name, second.email, false);
        await c.sign(first.token, first.name, first.email, false);
        break;
      case 'two in order': {
        await c.sign(first.token, first.name, first.email, false);
        const luis = (await recipientsOf(agreementId)).find((r) => r.id === second.id);
        await c.sign(luis?.token as string, LUIS.name, LUIS.email, false);
        break;
      }
      case 'countersigned':
        await c.sign(first.token, first.name, first.email, false);
        await countersignAs(principal, agreementId, PRINCIPAL.name);
        break;
      case 'handed over': {
        await c.handOver(first.token, JANE);
        const jane = (await recipientsOf(agreementId))[0];
        expect(jane).toMatchObject(JANE);
        await c.sign(jane.token, JANE.name, JANE.email, false);
        break;
      }
      default:
        await c.sign(first.token, first.name, first.email, scenario === 'e-mail code');
    }
  }

  /** The Signed cell of each recipient's row, in the certificate's recipients table. */
  function signedCells(text: string, recipients: readonly StoredRecipient[]): string[] {
    const table = text.slice(text.indexOf('RECIPIENTS'), text.indexOf('Time (PST / UTC)'));
    const starts = recipients.map((r) => table.indexOf(r.email));
    return starts.map((start, index) => {
      expect(start).toBeGreaterThanOrEqual(0);
      // The row's last cell: its authentication may name a time too (the code's).
      const row = table.slice(start, starts[index + 1] ?? table.length);
      return [...row.matchAll(SIGNED_CELL)].at(-1)?.[0] ?? '(none)';
    });
  }

  it('/verify lists every recipient and names who did each event (masked)', async () => {
    const agreementId = await standard.send(EXTRAS['two at once']);
    await signToTheEnd(standard, 'two at once', agreementId);
    const sealed = await sealedFinish(api, agreementId);
    const view = (
      await request(api.getHttpServer()).get(`/api/verify/${sealed.verifyId}`).expect(200)
    ).body as VerifyDocumentView;
    const [maria, luis] = (await recipientsOf(agreementId)).filter((r) => r.role === 'signer');
    expect(view.parties).toEqual([
      {
        role: 'Signer',
        name: maria.name,
        email: 'm***@example.com',
        signedAt: new Date(maria.signedAt as Date).toISOString(),
      },
      {
        role: 'Signer',
        name: LUIS.name,
        email: 'l***@example.com',
        signedAt: new Date(luis.signedAt as Date).toISOString(),
      },
      { role: 'Sender', name: 'Csm', email: 'c***@prosign.example' },
      { role: 'Copy to', name: '', email: 'o***@alvarez.example.com' },
    ]);
    const named = (who: { name: string; email: string }) => `${who.name} (${maskEmail(who.email)})`;
    const byEvent = (event: string) =>
      view.events.filter((e) => e.event === event).map((e) => e.by);
    // Each signature, each view and each saved signature says whose it is.
    expect(byEvent('Signed')).toEqual([named(luis), named(maria)]);
    expect(byEvent('Viewed').sort()).toEqual([named(luis), named(maria)].sort());
    expect(byEvent('Signature saved').sort()).toEqual([named(luis), named(maria)].sort());
    expect(byEvent('Sent for signature')).toEqual(['Csm (c***@prosign.example)']);
    // Nothing unmasked.
    expect(JSON.stringify(view)).not.toContain(maria.email);
    expect(JSON.stringify(view)).not.toContain(LUIS.email);
  });

  it('lists a partly signed agreement under Not signed, never under Signed (README: filters)', async () => {
    const agreementId = await standard.send(EXTRAS['two in order']);
    const [maria] = (await recipientsOf(agreementId)).filter((r) => r.role === 'signer');
    await standard.sign(maria.token, maria.name, maria.email, false);
    const listed = async (filters: string) =>
      (
        (await csm().get('/api/user/details').query({ filters, limit: 100 }).expect(200)).body
          .filteredClients as { _id: string }[]
      ).map((card) => card._id);
    expect(await listed('notSigned')).toContain(agreementId);
    expect(await listed('signed')).not.toContain(agreementId);
  });

  describe.each(FAMILIES)('$family', (c) => {
    it.each(SCENARIOS)('%s: the status line and every Signed cell are the record’s', async (s) => {
      const agreementId = await c.send(EXTRAS[s]);
      await signToTheEnd(c, s, agreementId);
      const sealed = await sealedFinish(api, agreementId);
      const record = await agreementOf(agreementId);
      expect(record?.status).toBe('signed');

      const recipients = await recipientsOf(agreementId);
      const signing = recipients.filter((r) => r.role !== 'cc');
      // The record: everyone who signs signed (the scenario's count of them).
      expect(signing.map((r) => r.state)).toEqual(signing.map(() => 'signed'));
      expect(signing).toHaveLength(
        ['one signer', 'handed over', 'e-mail code'].includes(s) ? 1 : 2,
      );
      const lastSignature = Math.max(...signing.map((r) => new Date(r.signedAt as Date).getTime()));

      const pdf = (await api.get(DocumentPdfService).pdfOf(sealed.signedDocLink)).pdf;
      const text = await pdfText(pdf);
      expect(text).toContain(`Status Completed ${formatPacificTimestamp(new Date(lastSignature))}`);
      expect(text).not.toMatch(/\d+ of \d+ signed/);
      expect(signedCells(text, recipients)).toEqual(
        recipients.map((r) =>
          r.role === 'cc' ? '—' : formatPacificTimestamp(new Date(r.signedAt as Date)),
        ),
      );

      // /verify lists the same recipients, each signed when the record says.
      const view = (
        await request(api.getHttpServer()).get(`/api/verify/${sealed.verifyId}`).expect(200)
      ).body as VerifyDocumentView;
      for (const r of signing) {
        expect(view.parties).toContainEqual(
          expect.objectContaining({
            email: maskEmail(r.email),
            signedAt: new Date(r.signedAt as Date).toISOString(),
          }),
        );
      }
    });
  });
});
