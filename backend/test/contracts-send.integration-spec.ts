import { ServiceUnavailableException, type INestApplication } from '@nestjs/common';
import { STANDARD_TEMPLATE_DOC_IDS } from '@prosign/domain';
import type { Model } from 'mongoose';
import { CrmFlows } from '../src/modules/crm/crm-flows.service';
import type { Agreement } from '../src/modules/agreements/agreement.schema';
import type { StandardContractForm } from '../src/modules/families/contracts/standard-contract.form';
import { agreementModel, eventTypes, mailKeyOfLink } from './support/agreements';
import { AgreementSendService } from '../src/modules/agreements/agreement-send.service';
import { MailService } from '../src/modules/mail/mail.service';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { contractFormData, contractSendBody } from './support/document-fixtures';
import { seedBaseData } from './support/seed';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { waitFor } from './support/wait-for';
import type { INestApplicationContext } from '@nestjs/common';
import { createTestEnv } from './support/test-env';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

const PUBLIC_API_URL = 'https://prosign.example.com';
const PUBLIC_SIGNING_URL = 'https://sign.prosign.example.com';
const DEAL_ID = '40000003';
const CLIENT = 'maria.alvarez@example.com';
const CC = 'office@alvarez.example.com';

/** Sending a standard contract (spec 2 §4) as one resumable server operation, on the real api. */
describe('contract send: review link, cc copy, token record, edited_resent, CRM stage', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    PUBLIC_SIGNING_URL,
    CRM_RETRY_DELAY_MS: '50',
    CRM_MOVE_ATTEMPTS: '3',
  });
  let api: INestApplication;
  let http: StaffHttp;
  let contracts: Model<Agreement<StandardContractForm>>;
  let crm: CrmFlows;
  let connection: Connection;
  /** The worker moves deals from the `crm` queue; its own CRM port is the one a failure is put on. */
  let worker: INestApplicationContext;
  let workerCrm: CrmFlows;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    http = await staffHttp(api, 'csm@prosign.example');
    contracts = agreementModel(api);
    crm = api.get(CrmFlows, { strict: false });
    connection = api.get(getConnectionToken(), { strict: false });
    worker = await startWorker(env.config);
    workerCrm = worker.get(CrmFlows, { strict: false });
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  async function createDocument(): Promise<string> {
    const res = await http()
      .post('/api/template/create-contract')
      .send({
        docLink: `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
        formData: contractFormData({ hs_deal_id: DEAL_ID }),
      })
      .expect(201);
    return (res.body as { docLink: string }).docLink;
  }

  function sendBody<Overrides extends Record<string, unknown>>(
    docLink: string,
    overrides: Overrides = {} as Overrides,
  ) {
    return contractSendBody(docLink, {
      email: CLIENT,
      cc_email: CC,
      contractPayment: 'A deposit of $6,250.00 is due upon signing of this Agreement.',
      hsDealId: DEAL_ID,
      subject: 'Your agreement for 2215 Larkin Street',
      filename: 'Alvarez agreement',
      ...overrides,
    });
  }

  const deliveriesFor = async (token: string) =>
    mailDeliveries(connection)
      .find({
        _id: {
          $in: [
            await mailKeyOfLink(connection, token, 'review-link'),
            await mailKeyOfLink(connection, token, 'cc-copy'),
          ],
        },
      })
      .sort({ _id: -1 })
      .toArray();

  const dealStage = async () =>
    (
      (await http().post('/api/hubspot/fetch-deal-by-id').send({ hsObjectId: DEAL_ID }).expect(200))
        .body as { deal: { properties: Record<string, string | null> } }
    ).deal.properties;

  /** The deal once the worker moved it to `stage` (the move is queued, not awaited by the send). */
  const dealReaches = (stage: string) =>
    waitFor(dealStage, (deal) => deal.dealstage === stage, { timeoutMs: 15_000, intervalMs: 100 });

  async function resetDealStage() {
    await crm.updateDealProperties(DEAL_ID, { dealstage: 'appointmentscheduled' });
  }

  it('sends: client mail with the signing link, PDF to the cc address, record saved, deal moved to sent', async () => {
    await resetDealStage();
    const docLink = await createDocument();
    const res = await http().post('/api/contracts/send').send(sendBody(docLink)).expect(200);

    const token = res.body.token as string;
    // 192 random bits, URL-safe.
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body.signingLink).toBe(
      `${PUBLIC_SIGNING_URL}/${token}?docLink=${encodeURIComponent(docLink)}&prefix=contract`,
    );
    expect(res.body).toMatchObject({ status: 'not signed', docLink, send: { state: 'completed' } });
    expect(Object.keys(res.body.send.steps)).toEqual([
      'reviewLinkMail',
      'ccCopy',
      'recordSaved',
      'previousMarked',
      'crmStageSent',
    ]);

    const [review, cc] = await deliveriesFor(token);
    expect(review).toMatchObject({
      to: [CLIENT],
      subject: 'Your agreement for 2215 Larkin Street',
      replyTo: 'csm@prosign.example',
    });
    expect(review.text).toContain(res.body.signingLink);
    expect(cc.to).toEqual([CC]);
    expect(cc.attachments).toHaveLength(1);
    expect(cc.attachments[0]).toMatchObject({
      filename: 'Alvarez agreement.pdf',
      contentType: 'application/pdf',
    });
    expect(Buffer.from(cc.attachments[0].contentBase64, 'base64').subarray(0, 5).toString()).toBe(
      '%PDF-',
    );

    const record = await contracts.findOne({ token }).lean();
    expect(record).toMatchObject({
      status: 'not signed',
      form: { email: CLIENT, cc_email: CC, cost: 12500, t24ReportCount: 2, hsDealId: DEAL_ID },
      sentBy: 'csm@prosign.example',
      viewedTimes: 0,
    });
    expect(record?.createdAt).toBeInstanceOf(Date);
    expect(record?.events).toEqual([
      expect.objectContaining({
        type: 'sent',
        status: 'not signed',
        actor: 'csm@prosign.example',
        prevHash: null,
      }),
    ]);

    const deal = await dealReaches('contractsent');
    expect(Object.values(deal)).toContain(res.body.signingLink);

    // Sending the same document again answers the same send and mails nothing more.
    const again = await http().post('/api/contracts/send').send(sendBody(docLink)).expect(200);
    expect(again.body.token).toBe(token);
    expect(await deliveriesFor(token)).toHaveLength(2);
    expect(await contracts.countDocuments({ docLink })).toBe(1);
  });

  it('a failing CRM stage move does not hold the send: the worker retries the queued move until the deal moves, once', async () => {
    await resetDealStage();
    const docLink = await createDocument();
    const move = jest
      .spyOn(workerCrm, 'moveDealOnEvent')
      .mockRejectedValueOnce(new ServiceUnavailableException('HubSpot is unavailable'));

    const sent = await http().post('/api/contracts/send').send(sendBody(docLink)).expect(200);
    expect(sent.body).toMatchObject({ status: 'not signed', send: { state: 'completed' } });
    expect(await deliveriesFor(sent.body.token)).toHaveLength(2);

    const deal = await dealReaches('contractsent');
    expect(Object.values(deal)).toContain(sent.body.signingLink);
    const moveId = `standard-sent.${sent.body._id}`;
    const stored = await waitFor(
      () => connection.collection('crm_stage_moves').findOne({ _id: moveId as never }),
      (doc) => doc?.status === 'moved',
    );
    // The move names the agreement whose live link the worker reads, never
    // the link itself: a record holds no signing token.
    expect(stored).toMatchObject({
      dealId: DEAL_ID,
      milestone: 'sent',
      link: null,
      signingLinkOf: String(sent.body._id),
      attempts: 2,
      lastError: null,
    });
    expect(move).toHaveBeenCalledTimes(2);

    // Sending the same document again queues nothing more.
    await http().post('/api/contracts/send').send(sendBody(docLink)).expect(200);
    expect(
      await connection.collection('crm_stage_moves').countDocuments({ _id: moveId as never }),
    ).toBe(1);
    expect(move).toHaveBeenCalledTimes(2);

    // Admins see the moves and their outcome.
    const admin = await staffHttp(api, 'admin@prosign.example');
    const listed = await admin().get('/api/hubspot/stage-moves?status=moved').expect(200);
    expect(listed.body.moves).toContainEqual(
      expect.objectContaining({ id: moveId, status: 'moved' }),
    );
    await http().get('/api/hubspot/stage-moves').expect(403);
  });

  it('a CRM move that keeps failing is marked failed for admins, who queue it again once the CRM is back', async () => {
    await resetDealStage();
    const docLink = await createDocument();
    const move = jest
      .spyOn(workerCrm, 'moveDealOnEvent')
      .mockRejectedValue(new ServiceUnavailableException('HubSpot is unavailable'));
    const sent = await http().post('/api/contracts/send').send(sendBody(docLink)).expect(200);
    const moveId = `standard-sent.${sent.body._id}`;
    const failed = await waitFor(
      () => connection.collection('crm_stage_moves').findOne({ _id: moveId as never }),
      (doc) => doc?.status === 'failed',
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect(failed).toMatchObject({
      attempts: env.config.CRM_MOVE_ATTEMPTS,
      lastError: 'HubSpot is unavailable',
    });
    expect((await dealStage()).dealstage).toBe('appointmentscheduled');

    move.mockRestore();
    const admin = await staffHttp(api, 'admin@prosign.example');
    await admin()
      .post(`/api/hubspot/stage-moves/${encodeURIComponent(moveId)}/retry`)
      .expect(202);
    await dealReaches('contractsent');
    await admin()
      .post(`/api/hubspot/stage-moves/${encodeURIComponent(moveId)}/retry`)
      .expect(409);
  });

  it('a failing review-link mail saves nothing yet; the retry sends it once and completes', async () => {
    await resetDealStage();
    const docLink = await createDocument();
    const mail = api.get(MailService, { strict: false });
    jest.spyOn(mail, 'send').mockRejectedValueOnce(new Error('redis connection lost'));

    const failed = await http().post('/api/contracts/send').send(sendBody(docLink)).expect(502);
    expect(failed.body.message).toBe(
      'Failed to send PDF and/or save document token. Sending the review link to the client failed: an unexpected error, logged on the server. The steps before it are done; send again to complete it.',
    );
    const pending = await contracts.findOne({ docLink }).lean();
    expect(pending?.status).toBeNull();
    expect(pending?.send?.steps ?? {}).toEqual({});

    // A corrected address before anything went out is taken.
    const retried = await http()
      .post('/api/contracts/send')
      .send(sendBody(docLink, { email: 'maria@alvarez.example.com' }))
      .expect(200);
    expect(retried.body.token).toBe(pending?.token);
    const [review] = await deliveriesFor(retried.body.token);
    expect(review.to).toEqual(['maria@alvarez.example.com']);
    expect(await deliveriesFor(retried.body.token)).toHaveLength(2);
  });

  it("a retry cannot move the first signer onto another signer's address: 400, nothing changed (one person, one place)", async () => {
    await resetDealStage();
    const docLink = await createDocument();
    const luis = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com' };
    const mail = api.get(MailService, { strict: false });
    jest.spyOn(mail, 'send').mockRejectedValueOnce(new Error('redis connection lost'));
    await http()
      .post('/api/contracts/send')
      .send(sendBody(docLink, { additional_signers: [luis] }))
      .expect(502);
    const pending = await contracts.findOne({ docLink }).lean();

    // The retry names Luis, a signer the first attempt stored, as the first signer (any spelling;
    // its own list leaves him out, but stored signers stand until the send is published): refused
    // with who clashes, the record as it was.
    const refused = await http()
      .post('/api/contracts/send')
      .send(sendBody(docLink, { email: ' Luis.Alvarez@EXAMPLE.com ', additional_signers: [] }))
      .expect(400);
    expect(JSON.stringify(refused.body.message)).toContain('luis.alvarez@example.com');
    const after = await contracts.findOne({ docLink }).lean();
    expect(after?.form).toEqual(pending?.form);
    expect(after?.recipients).toEqual(pending?.recipients);
    expect(await deliveriesFor(String(pending?.token))).toHaveLength(0);

    // The same retry with the first signer's own address completes the send.
    await http()
      .post('/api/contracts/send')
      .send(sendBody(docLink, { additional_signers: [luis] }))
      .expect(200);
  });

  it('an edit of a cancelled contract marks the old record edited_resent; a live one cannot be replaced', async () => {
    const first = await http()
      .post('/api/contracts/send')
      .send(sendBody(await createDocument(), { cc_email: '' }))
      .expect(200);

    const notCancelled = await createDocument();
    const refused = await http()
      .post('/api/contracts/send')
      .send(sendBody(notCancelled, { replacesToken: first.body.token }))
      .expect(409);
    expect(refused.body.message).toBe(
      'Only a cancelled or expired contract can be edited and resent; this one is not signed.',
    );
    expect(await contracts.countDocuments({ docLink: notCancelled })).toBe(0);

    await contracts.updateOne({ token: first.body.token }, { $set: { status: 'cancelled' } });
    const edited = await http()
      .post('/api/contracts/send')
      .send(sendBody(await createDocument(), { replacesToken: first.body.token }))
      .expect(200);
    expect(edited.body.token).not.toBe(first.body.token);
    const old = await contracts.findOne({ token: first.body.token }).lean();
    expect(old).toMatchObject({ status: 'edited_resent', isEditResend: true });
    expect(old?.editResendAt).toBeInstanceOf(Date);
    expect(eventTypes(old)).toEqual(['sent', 'edited_resent']);
    expect(old?.replacedBy).toBe(edited.body._id);
  });

  it('the separate calls of spec 2 §7 (send-link, send-contract, token/save, stage) make the same send, each once', async () => {
    await resetDealStage();
    const docLink = await createDocument();
    const linkBody = {
      email: CLIENT,
      subject: 'Your agreement',
      first_name: 'Maria',
      csm_email: 'csm@prosign.example',
      doclink: docLink,
      filename: 'Alvarez agreement',
      contact_number: '+14155550123',
    };
    const link = await http().post('/api/email/send-link').send(linkBody).expect(200);
    const token = link.body.unique_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Asking again answers the same token and mails nothing more.
    const again = await http().post('/api/email/send-link').send(linkBody).expect(200);
    expect(again.body.unique_token).toBe(token);
    expect(await deliveriesFor(token)).toHaveLength(1);
    // Not listed before the record is saved.
    expect((await contracts.findOne({ token }).lean())?.status).toBeNull();

    await http()
      .post('/api/template/send-contract')
      .send({
        docLink,
        recipientEmail: CC,
        subject: 'Copy',
        filename: 'Alvarez agreement',
        full_name: 'Maria Elena Alvarez',
        primary_email: CLIENT,
        form_type: 'Structural Engineering',
      })
      .expect(200);
    const [, cc] = await deliveriesFor(token);
    expect(cc.to).toEqual([CC]);

    const wrongToken = await http()
      .post('/api/token/save')
      .send({
        ...sendBody(docLink),
        subject: undefined,
        filename: undefined,
        token: 'not-the-token',
      })
      .expect(404);
    expect(wrongToken.body.message).toBe('No contract was sent with this token and document.');

    const { subject: _subject, filename: _filename, ...record } = sendBody(docLink);
    // The link went to the client: the record cannot name another recipient now.
    const redirected = await http()
      .post('/api/token/save')
      .send({ ...record, email: 'someone.else@example.com', token })
      .expect(409);
    expect(redirected.body.message).toBe(
      'The signing link was already mailed: email cannot change now. Send a new contract to change the recipient.',
    );
    await http()
      .post('/api/token/save')
      .send({ ...record, token })
      .expect(200);
    expect(await contracts.findOne({ token }).lean()).toMatchObject({
      status: 'not signed',
      form: { cost: 12500, full_name: 'Maria Elena Alvarez' },
      send: { state: 'in_progress' },
    });

    // The one-call send completes what is left (the CRM stage) without mailing again.
    const completed = await http().post('/api/contracts/send').send(sendBody(docLink)).expect(200);
    expect(completed.body).toMatchObject({ token, send: { state: 'completed' } });
    await dealReaches('contractsent');
    expect(await deliveriesFor(token)).toHaveLength(2);
    expect(eventTypes(await contracts.findOne({ token }).lean())).toEqual(['sent']);
  });

  it('a send whose link was mailed but never saved is completed by the worker; a draft that mailed nothing is left alone', async () => {
    const mailedDoc = await createDocument();
    const draftDoc = await createDocument();
    const link = await http()
      .post('/api/email/send-link')
      .send({
        email: CLIENT,
        first_name: 'Maria',
        csm_email: 'csm@prosign.example',
        doclink: mailedDoc,
        contact_number: '+14155550123',
      })
      .expect(200);
    const token = link.body.unique_token as string;
    expect((await contracts.findOne({ token }).lean())?.status).toBeNull();
    // A send whose first mail failed: nothing went out.
    const failOnce = jest
      .spyOn(api.get(MailService), 'send')
      .mockRejectedValueOnce(new ServiceUnavailableException('the mail queue is unavailable'));
    await http().post('/api/contracts/send').send(sendBody(draftDoc)).expect(502);
    failOnce.mockRestore();

    // Past the lease (the api that ran it is gone): the worker's resume saves the mailed one.
    const later = new Date(Date.now() + 3 * 60_000);
    await api.get(AgreementSendService).resumeAbandoned(later);
    const resumed = await contracts.findOne({ token }).lean();
    expect(resumed).toMatchObject({ status: 'not signed', send: { state: 'completed' } });
    expect(eventTypes(resumed)).toEqual(['sent']);
    const draft = await contracts.findOne({ docLink: draftDoc }).lean();
    expect(draft).toMatchObject({ status: null, send: { state: 'in_progress' } });
  });

  it('send-contract before send-link is refused and sends nothing', async () => {
    const docLink = await createDocument();
    const res = await http()
      .post('/api/template/send-contract')
      .send({ docLink, recipientEmail: CC })
      .expect(404);
    expect(res.body.message).toBe(
      'No send was started for this document: send the review link first.',
    );
  });

  it.each([
    ['a cost of 0', { cost: 0 }, 400, ['Cost must be a number greater than 0.']],
    ['no deposit', { deposit: undefined }, 400, ['Deposit must be a number greater than 0.']],
    ['no CSM', { csm_email: '' }, 400, ['CSM email is required.']],
    [
      'a phone without +1',
      { contact_number: '4155550123' },
      400,
      ['contact_number must be +1 followed by ten digits'],
    ],
    [
      '6 Title 24 reports',
      { t24ReportCount: 6 },
      400,
      ['The number of Title 24 reports must be a whole number from 0 to 5.'],
    ],
    [
      'deposit and progress above the cost',
      { deposit: 9000, progress: 5000 },
      400,
      ['Deposit and progress payment together must not exceed the cost.'],
    ],
    [
      'a token chosen by the client',
      { token: 'guessable' },
      400,
      ['property token should not exist'],
    ],
  ])('refuses %s with a clear error and sends nothing', async (_case, change, status, message) => {
    const docLink = await createDocument();
    const res = await http()
      .post('/api/contracts/send')
      .send(sendBody(docLink, change))
      .expect(status);
    expect(res.body).toMatchObject({ statusCode: status, message });
    expect(await contracts.countDocuments({ docLink })).toBe(0);
  });

  it('refuses a document that does not exist or a link that is not a document link', async () => {
    const missing = `${PUBLIC_API_URL}/api/documents/d/AAAAAAAAAAAAAAAAAAAAAA/edit`;
    await http().post('/api/contracts/send').send(sendBody(missing)).expect(404);
    const bad = await http()
      .post('/api/contracts/send')
      .send(sendBody('https://example.com/nothing'))
      .expect(400);
    expect(bad.body.message).toBe('Invalid document link.');
    expect(await contracts.countDocuments({ docLink: { $in: [missing] } })).toBe(0);
  });
});
