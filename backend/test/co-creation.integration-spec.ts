import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  CO_MESSAGES,
  existingSignatoryMessage,
  labelTakenMessage,
  SPLIT_PAYMENT,
  type CoCreateContractRequest,
} from '@prosign/domain';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AgreementLifecycleService, SYSTEM_ACTOR } from '../src/modules/agreements';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { mailKeyOfLink } from './support/agreements';
import {
  coBody as coFormBody,
  coDealFixture,
  CO_DEALS,
  CO_PROJECTS,
  type CoDealFixture,
} from './support/co-fixtures';
import { pdfText } from './support/pdf-text';
import { startMailCatcherEnv, type MailCatcherEnv } from './support/mail-catcher-env';
import { seedBaseData } from './support/seed';
import { signerHttp } from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { waitFor } from './support/wait-for';

const PUBLIC_API_URL = 'https://prosign.example.com';
const PUBLIC_SIGNING_URL = 'https://sign.prosign.example.com';
const LINKED_DEAL = CO_DEALS.linked;
const UNLINKED_DEAL = CO_DEALS.unlinked;
const UNLABELED_DEAL = CO_DEALS.unlabeled;
const PROJECT_1 = CO_PROJECTS.first;
const PROJECT_2 = CO_PROJECTS.second;

function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/**
 * Creating and sending a change order (spec 3 §2, §4, §5, §7) on the real api,
 * worker, database, local CRM and the local mail catcher.
 */
describe('CO creation: create-contract, send-contract, send-contract-cc, edit and resend', () => {
  let services: MailCatcherEnv;
  let api: INestApplication;
  let worker: INestApplicationContext;
  let connection: Connection;
  let admin: StaffHttp;
  let csm: StaffHttp;
  let deal: CoDealFixture;
  let signatory: CoDealFixture['signatory'];

  beforeAll(async () => {
    // The catcher listens first; the api and worker are configured with its port.
    services = await startMailCatcherEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
    const { env } = services;
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    admin = await staffHttp(api, 'admin@prosign.example');
    csm = await staffHttp(api, 'csm@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });

    deal = await coDealFixture(csm, LINKED_DEAL);
    signatory = deal.signatory;
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await services?.close();
  });

  /** A valid CO form for the linked demo deal: its signatory chosen, Split Payment 900 + 600 of 1,500. */
  const coBody = (overrides: Partial<CoCreateContractRequest> = {}) => coFormBody(deal, overrides);

  const documentCount = () =>
    connection.collection('documents').countDocuments({ kind: 'contract' });

  async function pdfOf(docLink: string): Promise<Buffer> {
    const res = await csm().get(new URL(docLink).pathname).buffer(true).parse(binary).expect(200);
    return res.body as Buffer;
  }

  it.each([
    [
      'no label for a deal without a project',
      () => coBody({ deal_id: UNLINKED_DEAL, selectedHSProjectId: PROJECT_2 }),
      400,
      CO_MESSAGES.labelRequired,
    ],
    [
      'a label the project already used',
      () =>
        coBody({
          deal_id: UNLINKED_DEAL,
          selectedHSProjectId: PROJECT_1,
          associationLabel: 'Change Order 2',
        }),
      409,
      labelTakenMessage('Change Order 2'),
    ],
    [
      'a typed e-mail that a CRM contact already has',
      () => coBody({ selectedHSSignatoryId: null }),
      409,
      () => existingSignatoryMessage(signatory.email),
    ],
    [
      'a negative split amount',
      () => coBody({ firstPayment: -100, secondPayment: 1600 }),
      400,
      CO_MESSAGES.splitInvalid,
    ],
    [
      'split amounts above the fee',
      () => coBody({ firstPayment: 1000, secondPayment: 600 }),
      400,
      CO_MESSAGES.splitExceedsFee,
    ],
    [
      'a negative fee',
      () => coBody({ fee: -10, payment_terms: 'Net 30' }),
      400,
      CO_MESSAGES.feeInvalid,
    ],
    [
      'a template text that drops a placeholder',
      () => coBody({ templateFields: { template_start: 'This Change Order amends the work.' } }),
      400,
      '$signatory_name',
    ],
    ['no description', () => coBody({ description: ' ' }), 400, 'Describe the change.'],
    [
      'a deal that is no change order',
      () => coBody({ deal_id: '40000001' }),
      400,
      'is not a change-order deal',
    ],
    ['an unknown template', () => coBody({ templateId: 'nope' }), 400, 'CO template'],
  ] as const)('refuses %s and creates nothing', async (_case, body, status, message) => {
    const before = await documentCount();
    const res = await csm().post('/api/co/create-contract').send(body()).expect(status);
    expect(JSON.stringify(res.body.message)).toContain(
      typeof message === 'function' ? message() : message,
    );
    expect(await documentCount()).toBe(before);
  });

  it('creates the CO document: main contract and its signed date, the change, fee and the split', async () => {
    const created = await csm()
      .post('/api/co/create-contract')
      .send(
        coBody({
          templateFields: {
            template_start:
              'This Change Order amends the agreement with <<$signatory_name:someone>> for $project_address, signed on $main_contract_signed_date.',
          },
        }),
      )
      .expect(200);
    expect(created.body).toMatchObject({
      coLabel: 'Change Order 1',
      fee: 1500,
      firstPayment: 900,
      secondPayment: 600,
    });
    const text = await pdfText(await pdfOf(created.body.docLink));
    expect(text).toContain('Change Order 1');
    expect(text).toContain(LINKED_DEAL);
    expect(text).toContain('221 Alder Court, San Jose, CA 95112');
    expect(text).toContain(`agreement with ${signatory.name} for 221 Alder Court`);
    // The project's main contract signed date, from the CRM.
    expect(text).toContain('February 11, 2025');
    expect(text).toContain('Add a structural beam over the new kitchen opening.');
    expect(text).toContain('$1,500.00');
    expect(text).toMatch(/first payment of \$900\.00 and a second payment of\s+\$600\.00/);
  });

  it('shows the split amounts with a change-order template stored before its fee section named them', async () => {
    const templates = connection.collection<{
      _id: string;
      content: { sections: { key: string; body: string }[] };
    }>('documents');
    const stored = await templates.findOne({ _id: 'change-order' });
    const sections = stored!.content.sections;
    const older = sections.map((section) =>
      section.key === 'fee'
        ? { ...section, body: section.body.replace('$payment_split', '') }
        : section,
    );
    await templates.updateOne({ _id: 'change-order' }, { $set: { 'content.sections': older } });
    try {
      const created = await csm().post('/api/co/create-contract').send(coBody()).expect(200);
      const text = await pdfText(await pdfOf(created.body.docLink));
      expect(text).toMatch(/first payment of \$900\.00 and a second payment of\s+\$600\.00/);
    } finally {
      await templates.updateOne(
        { _id: 'change-order' },
        { $set: { 'content.sections': sections } },
      );
    }
  });

  it('takes a chosen free label for a deal whose project came without one, with a new signatory typed', async () => {
    const created = await csm()
      .post('/api/co/create-contract')
      .send(
        coBody({
          deal_id: UNLABELED_DEAL,
          selectedHSProjectId: '60000099',
          associationLabel: 'Change Order 2',
          selectedHSSignatoryId: null,
          signatory_name: 'Nadia Brooks',
          signatory_email: 'nadia.brooks@newclient.example',
          payment_terms: 'Net 30',
          firstPayment: 0,
          secondPayment: 0,
        }),
      )
      .expect(200);
    // The deal's own project counts, not the one the screen named.
    expect(created.body.coLabel).toBe('Change Order 2');
    const text = await pdfText(await pdfOf(created.body.docLink));
    expect(text).toContain('Nadia Brooks');
    expect(text).toContain('payable as follows: Net 30.');
    expect(text).not.toContain('first payment');
  });

  it('sends it: the signatory’s mail carries the /co-signature link, whose token verifies; the same send twice mails once', async () => {
    const created = await csm().post('/api/co/create-contract').send(coBody()).expect(200);
    const docLink = created.body.docLink as string;

    // The cc copy needs a send first.
    const early = await csm().post('/api/co/send-contract-cc').send({ docLink }).expect(404);
    expect(early.body.message).toBe('No change order was sent with this document: send it first.');

    const sent = await csm()
      .post('/api/co/send-contract')
      .send({ ...coBody(), docLink })
      .expect(200);
    const customId = sent.body.customId as string;
    expect(sent.body.signaturePageLink).toBe(`${PUBLIC_SIGNING_URL}/co-signature/${customId}`);
    expect(sent.body.status).toBe('not-signed');

    const stored = await connection
      .collection('agreements')
      .findOne({ family: 'co', token: customId });
    expect(stored?.form).toMatchObject({
      deal_id: LINKED_DEAL,
      // The deal's pipeline, stored for Insights' pipeline filter.
      deal_pipeline: services.env.config.CRM_CHANGE_ORDER_PIPELINE,
      coLabel: 'Change Order 1',
      fee: 1500,
      payment_terms: SPLIT_PAYMENT,
      firstPayment: 900,
      secondPayment: 600,
      main_contract_signed_date: '2025-02-11',
      selectedHSProjectId: PROJECT_1,
      cc_emails: 'pm@prosign.example',
    });

    // The same document sent again is the same send; the cc copy goes once.
    const again = await csm()
      .post('/api/co/send-contract')
      .send({ ...coBody(), docLink })
      .expect(200);
    expect(again.body.customId).toBe(customId);
    await csm().post('/api/co/send-contract-cc').send({ docLink }).expect(200);
    const deliveries = mailDeliveries(connection);
    const keyOf = (kind: 'review-link' | 'cc-copy') => mailKeyOfLink(connection, customId, kind);
    expect(await deliveries.countDocuments({ _id: await keyOf('review-link') })).toBe(1);
    expect(await deliveries.countDocuments({ _id: await keyOf('cc-copy') })).toBe(1);

    // Through the worker and real SMTP into the local mail catcher.
    const box = await waitFor(
      async () =>
        (await admin().get('/api/mailbox').expect(200)).body as {
          messages: { id: string; to: string[]; subject: string }[];
        },
      (b) => b.messages.some((m) => m.to.includes(signatory.email)),
      { timeoutMs: 30_000 },
    );
    const message = box.messages.find((m) => m.to.includes(signatory.email))!;
    expect(message.subject).toBe('Change Order for 221 Alder Court, San Jose, CA 95112');
    const mail = await admin().get(`/api/mailbox/${message.id}`).expect(200);
    const link = /https:\/\/sign\.prosign\.example\.com\/co-signature\/([A-Za-z0-9_-]+)/.exec(
      mail.body.text as string,
    );
    expect(link?.[0]).toBe(sent.body.signaturePageLink);

    const verified = await signerHttp(api)
      .post('/api/verifyToken')
      .send({ token: link![1] })
      .expect(200);
    expect(verified.body).toMatchObject({ valid: true, status: 'viewed' });
  });

  it('edits and resends only a change order the rule allows, marking the old one edited and resent', async () => {
    const first = await csm().post('/api/co/create-contract').send(coBody()).expect(200);
    const sent = await csm()
      .post('/api/co/send-contract')
      .send({ ...coBody(), docLink: first.body.docLink })
      .expect(200);

    const second = await csm()
      .post('/api/co/create-contract')
      .send(coBody({ fee: 1600, firstPayment: 1000 }))
      .expect(200);
    const resendBody = {
      ...coBody({ fee: 1600, firstPayment: 1000 }),
      docLink: second.body.docLink,
      replacesId: sent.body._id,
    };
    const refused = await csm().post('/api/co/send-contract').send(resendBody).expect(409);
    expect(refused.body.message).toBe(
      'This change order cannot be edited and resent: it is not-signed.',
    );
    await csm()
      .post('/api/co/send-contract')
      .send({ ...resendBody, replacesId: '0123456789abcdef01234567' })
      .expect(404);

    await api
      .get(AgreementLifecycleService, { strict: false })
      .cancel('co', { id: sent.body._id }, SYSTEM_ACTOR);
    const resent = await csm().post('/api/co/send-contract').send(resendBody).expect(200);
    expect(resent.body.customId).not.toBe(sent.body.customId);
    const old = await connection
      .collection('agreements')
      .findOne({ family: 'co', token: sent.body.customId });
    expect(old).toMatchObject({ status: 'edited_resent', replacedBy: resent.body._id });
  });
});
