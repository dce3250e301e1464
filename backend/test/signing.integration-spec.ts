import {
  ServiceUnavailableException,
  type INestApplication,
  type INestApplicationContext,
} from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  CONSENT_DISCLOSURE,
  formatPacificTimestamp,
  SIGNATURE_MESSAGES,
  SIGNER_MESSAGES,
  SIGNING_PAGE_TITLES,
} from '@prosign/domain';
import type { Connection, Model } from 'mongoose';
import { CrmFlows } from '../src/modules/crm/crm-flows.service';
import type { Agreement } from '../src/modules/agreements/agreement.schema';
import type { StandardContractForm } from '../src/modules/families/contracts/standard-contract.form';
import {
  agreementModel,
  eventTypes,
  insertStandardAgreement,
  mailKeyOfLink,
} from './support/agreements';
import { DocumentPdfService } from '../src/modules/documents/document-pdf.service';
import { SignatureImageService } from '../src/modules/documents/signatures/signature-image.service';
import { MailService } from '../src/modules/mail/mail.service';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { SigningFinishService } from '../src/modules/signing/signing-finish.service';
import { SIGNER_RATE_LIMIT } from '../src/modules/signing/signer-throttle';
import { checkPdfSeal } from './support/pdf-signature';
import { pdfText } from './support/pdf-text';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  expectSignedOnceThenSealed,
  saveSignatureAndConsent,
  sealedFinish,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QueueName } from '../src/platform/queues/queue-names';
import { RESUME_FINISHES_SCHEDULER, SigningJob } from '../src/modules/signing/signing.jobs';

const DEAL_ID = '40000003';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const CLIENT = 'maria.alvarez@example.com';
const CC = 'office@alvarez.example.com';

/** The signer's calls (spec 1 §7) and the one idempotent finish (§4.1), on the real api. */
describe('signing: signer calls, refusals and the finish', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    PUBLIC_SIGNING_URL,
    CRM_RETRY_DELAY_MS: '50',
  });
  let api: INestApplication;
  /** Moves deals from the `crm` queue (with its own CRM port, where a failure is put). */
  let worker: INestApplicationContext;
  let workerCrm: CrmFlows;
  let http: StaffHttp;
  let contracts: Model<Agreement<StandardContractForm>>;
  let connection: Connection;
  let crm: CrmFlows;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    http = await staffHttp(api, 'csm@prosign.example');
    contracts = agreementModel(api);
    connection = api.get(getConnectionToken(), { strict: false });
    crm = api.get(CrmFlows, { strict: false });
    worker = await startWorker(env.config);
    workerCrm = worker.get(CrmFlows, { strict: false });
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  const signedCopies = async (token: string) =>
    mailDeliveries(connection)
      .find({ _id: await mailKeyOfLink(connection, token, 'signed-copy') })
      .toArray();
  const dealStage = async () =>
    (
      (await http().post('/api/hubspot/fetch-deal-by-id').send({ hsObjectId: DEAL_ID }).expect(200))
        .body as { deal: { properties: Record<string, string | null> } }
    ).deal.properties.dealstage;

  /** The deal's stage once the worker moved it (the move is queued, not awaited by the finish). */
  const dealReaches = (stage: string) =>
    waitFor(dealStage, (current) => current === stage, { timeoutMs: 15_000, intervalMs: 100 });

  it('refuses every signer call without a captcha pass (403) and with an unknown or unsent token (404)', async () => {
    const { token } = await sendContract(http);
    const unsent = await insertStandardAgreement(api, {
      token: 'never-sent-token-0000000000000000',
      docLink: `${PUBLIC_API_URL}/api/documents/d/never-sent-doc/edit`,
      form: { full_name: 'Nobody', email: 'nobody@example.com' },
      status: null,
    });
    const calls: [string, string, Record<string, unknown>][] = [
      ['post', '/api/verifyToken', { prefix: 'contract' }],
      ['get', '/api/user/user-detail', {}],
      ['post', '/api/template/upload-signature', { textSignature: 'M. Alvarez' }],
      ['post', '/api/template/upload-initials', { agreedToTerms: true }],
      ['post', '/api/template/edit-signature', { signatures: 'M. Alvarez', initials: 'M.A.' }],
      ['post', '/api/signing/finish', {}],
      ['post', '/api/template/create-audit-trails', {}],
    ];
    const noPass = signerHttp(api, { pass: false });
    const withPass = signerHttp(api);
    for (const [method, url, body] of calls) {
      const send = (client: typeof noPass, t: string) =>
        method === 'get'
          ? client.get(`${url}?token=${encodeURIComponent(t)}`)
          : client.post(url).send({ token: t, ...body });
      const refused = await send(noPass, token).expect(403);
      expect(refused.body.message).toMatch(/not a robot/);
      for (const wrong of ['no-such-token', unsent.token]) {
        const res = await send(withPass, wrong).expect(404);
        expect(res.body).toEqual({
          statusCode: 404,
          message: SIGNER_MESSAGES.unknownLink,
          error: 'Not Found',
        });
      }
    }
    // The image upload and the public merge refuse as well.
    await noPass.post('/api/template/upload-image').field('token', token).expect(403);
    await noPass.post('/api/template/merge-docs').send({ doc1: 'a', doc2: 'b', token }).expect(401);
    // Nothing was counted or changed by the refused calls.
    expect(await contracts.findOne({ token }).lean()).toMatchObject({
      status: 'not signed',
      viewedTimes: 0,
    });
  });

  it('counts every view by channel; the first open moves the contract to viewed once', async () => {
    const { token } = await sendContract(http);
    const signer = signerHttp(api);
    const first = await signer
      .post('/api/verifyToken')
      .send({ token, prefix: 'contract' })
      .expect(200);
    expect(first.body).toMatchObject({
      valid: true,
      linkState: 'open',
      status: 'viewed',
      agreementTitle: 'Structural Engineering Agreement',
      signedDocLink: null,
      verifyId: null,
      client: { full_name: 'Maria Elena Alvarez' },
      metrics: { isSignatureSaved: false, isSigned: false, signature: null, initials: null },
    });
    // The viewer is told where the layout put the signature (end of the agreement) and the
    // first initials (foot of page 1).
    const { signature, initials } = first.body.bookmarks;
    expect(signature.page).toBeGreaterThan(1);
    expect(signature.yRatio).toBeGreaterThan(0);
    expect(signature.yRatio).toBeLessThan(1);
    expect(initials).toEqual({ page: 1, yRatio: expect.any(Number) });
    expect(initials.yRatio).toBeGreaterThan(0.8);
    expect(initials.yRatio).toBeLessThan(1);
    await signer.post('/api/verifyToken').send({ token, prefix: 'phone' }).expect(200);
    await signer.post('/api/verifyToken').send({ token, prefix: 'PHONE' }).expect(200);
    await signer.post('/api/verifyToken').send({ token }).expect(200);

    const record = await contracts.findOne({ token }).lean();
    expect(record).toMatchObject({
      status: 'viewed',
      viewedTimes: 4,
      viewedByEmailCount: 2,
      viewedByPhoneCount: 2,
    });
    expect(record?.viewedAt).toBeInstanceOf(Date);
    expect(record?.viewedIp).toEqual(expect.any(String));
    // Every open is an event of the log (by the signer, with address, browser and channel).
    const views = (record?.events ?? []).filter((event) => event.type === 'viewed');
    expect(views.map((event) => event.data?.channel)).toEqual(['email', 'phone', 'phone', 'email']);
    expect(views[0]).toMatchObject({
      actor: 'signer',
      ip: expect.any(String),
      status: 'viewed',
    });
    expect(record?.events.filter((event) => event.status === 'viewed')).toHaveLength(4);

    const detail = await signer.get(`/api/user/user-detail?token=${token}`).expect(200);
    expect(detail.body).toEqual({
      metrics: { isSignatureSaved: false, isSigned: false, signature: null, initials: null },
      client: { full_name: 'Maria Elena Alvarez', hsDealId: null },
    });
  });

  it('refuses a blank signature, initials without consent, and finishing before both are saved', async () => {
    const { token } = await sendContract(http);
    const signer = signerHttp(api);
    for (const textSignature of ['', '   ']) {
      const res = await signer
        .post('/api/template/upload-signature')
        .send({ token, textSignature, clientname: 'Maria Elena Alvarez' })
        .expect(400);
      expect(res.body.message).toBe(SIGNATURE_MESSAGES.blankSignature);
    }
    await signer
      .post('/api/template/upload-signature')
      .send({ token, textSignature: 'x'.repeat(101) })
      .expect(400);
    const early = await signer.post('/api/signing/finish').send({ token }).expect(409);
    expect(early.body.message).toBe(SIGNER_MESSAGES.signatureNotSaved);

    for (const agreedToTerms of [false, undefined]) {
      const res = await signer
        .post('/api/template/upload-initials')
        .send({ token, clientname: 'Maria Elena Alvarez', agreedToTerms })
        .expect(400);
      expect(res.body.message).toBe(SIGNER_MESSAGES.consentRequired);
    }

    const saved = await signer
      .post('/api/template/upload-signature')
      .send({ token, textSignature: ' Maria E. Alvarez ', clientname: 'Maria Elena Alvarez' })
      .expect(200);
    expect(saved.body).toEqual({
      message: SIGNER_MESSAGES.signatureUploaded,
      metrics: {
        isSignatureSaved: true,
        isSigned: false,
        signature: 'Maria E. Alvarez',
        initials: 'M.E.A.',
      },
    });
    // Signature saved, consent not given yet: finishing is refused and nothing is signed.
    const noConsent = await signer.post('/api/signing/finish').send({ token }).expect(400);
    expect(noConsent.body.message).toBe(SIGNER_MESSAGES.consentRequired);
    const record = await contracts.findOne({ token }).lean();
    expect(record).toMatchObject({ status: 'signature_saved', signedAt: null, finish: null });
    expect(record?.signatureSavedAt).toBeInstanceOf(Date);
    expect(eventTypes(record)).toEqual(['sent', 'signature_saved']);

    const same = await signer
      .post('/api/template/edit-signature')
      .send({ token, signatures: 'Maria E. Alvarez', initials: 'M.E.A.' })
      .expect(200);
    expect(same.body.message).toBe(SIGNER_MESSAGES.editUnchanged);
    const edited = await signer
      .post('/api/template/edit-signature')
      .send({ token, signatures: 'M. Elena Alvarez', initials: 'M.A.' })
      .expect(200);
    expect(edited.body).toMatchObject({
      message: SIGNER_MESSAGES.editSaved,
      metrics: { signature: 'M. Elena Alvarez', initials: 'M.A.' },
    });
  });

  it('refuses every change on a cancelled contract with the cancelled page text, and does not count its views', async () => {
    const { token } = await sendContract(http);
    await saveSignatureAndConsent(api, token);
    await contracts.updateOne({ token }, { $set: { status: 'cancelled' } });
    const signer = signerHttp(api);
    const changes: [string, Record<string, unknown>][] = [
      ['/api/template/upload-signature', { textSignature: 'Maria' }],
      ['/api/template/upload-initials', { agreedToTerms: true }],
      ['/api/template/edit-signature', { signatures: 'Other', initials: 'O.' }],
      ['/api/signing/finish', {}],
    ];
    for (const [url, body] of changes) {
      const res = await signer
        .post(url)
        .send({ token, ...body })
        .expect(409);
      expect(res.body.message).toBe(SIGNING_PAGE_TITLES.cancelled);
    }
    const view = await signer.post('/api/verifyToken').send({ token }).expect(200);
    expect(view.body).toMatchObject({ linkState: 'cancelled', status: 'cancelled' });
    expect(await contracts.findOne({ token }).lean()).toMatchObject({
      status: 'cancelled',
      viewedTimes: 0,
      signedAt: null,
      signature: 'Maria E. Alvarez',
    });
  });

  it('two finishes at once sign once and answer before the seal; the worker seals once: one signed history line, one signed-copy mail, the sealed PDF verifies', async () => {
    await crm.updateDealProperties(DEAL_ID, { dealstage: 'appointmentscheduled' });
    const { token, docLink } = await sendContract(http, { hsDealId: DEAL_ID });
    const signer = signerHttp(api);
    await signer
      .post('/api/verifyToken')
      .set('user-agent', PHONE_UA)
      .send({ token, prefix: 'contract' })
      .expect(200);
    await saveSignatureAndConsent(api, token);
    // The send's and the view's writes of the deal are done first: the failure below is the finish's.
    await waitFor(
      () =>
        connection
          .collection('crm_stage_moves')
          .countDocuments({ dealId: DEAL_ID, status: { $ne: 'moved' } }),
      (pending) => pending === 0,
    );
    // The CRM is down for the first try: the signer never waits for it nor sees it fail.
    const move = jest
      .spyOn(workerCrm, 'moveDealOnEvent')
      .mockRejectedValueOnce(new ServiceUnavailableException('HubSpot is unavailable'));

    const [a, b] = await Promise.all([
      signer.post('/api/signing/finish').send({ token }),
      signerHttp(api).post('/api/signing/finish').send({ token }),
    ]);
    // Signed once, answered before the seal; the worker seals it.
    const done = await expectSignedOnceThenSealed(api, token, [a, b]);
    // Called again once sealed, the finish answers the links too.
    expect((await signer.post('/api/signing/finish').send({ token }).expect(200)).body).toEqual(
      done,
    );

    const record = await contracts.findOne({ token }).lean();
    expect(record).toMatchObject({
      status: 'signed',
      signature: 'Maria E. Alvarez',
      signedDocLink: done.signedDocLink,
      verifyId: done.verifyId,
      finish: { state: 'completed' },
    });
    expect(eventTypes(record)).toEqual(['sent', 'viewed', 'signature_saved', 'consent', 'signed']);
    expect(record?.events[3].data).toMatchObject({
      disclosureVersion: expect.any(String),
      disclosureSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(record?.events[4]).toMatchObject({
      actor: 'signer',
      status: 'signed',
      ip: expect.any(String),
    });

    // The signed copy: to the signer, cc to the copy address, the sealed PDF attached, the verify link.
    const mails = await signedCopies(token);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: [CLIENT], cc: [CC] });
    expect(mails[0].text).toContain(`${PUBLIC_SIGNING_URL}/verify/${done.verifyId}`);
    const attached = Buffer.from(mails[0].attachments[0].contentBase64, 'base64');
    const sealed = (await api.get(DocumentPdfService).pdfOf(done.signedDocLink)).pdf;
    expect(attached.equals(sealed)).toBe(true);
    const seal = checkPdfSeal(sealed);
    expect(seal).toMatchObject({
      digestMatches: true,
      signatureValid: true,
      coversWholeFile: true,
    });
    const text = await pdfText(sealed);
    expect(text).toContain('Consented to sign electronically');
    expect(text).toContain('maria.alvarez@example.com');
    // The certificate of completion: envelope, both digests, the verify page,
    // the disclosure's version, the signer's browser in words, and times in UTC too.
    const flat = text.replace(/\s+/g, '');
    expect(text).toContain('Certificate of completion');
    expect(flat).toContain(`EnvelopeID${String(record?._id)}`);
    expect(text).toContain('SHA-256 of document as sent');
    expect(flat).toContain(`${PUBLIC_SIGNING_URL}/verify/${done.verifyId}`);
    expect(text).toContain(`ESIGN disclosure version ${CONSENT_DISCLOSURE.version}`);
    expect(text).toContain('Chrome 131 on Android 14 (phone)');
    // Every recipient, the one signer too, with how they were authenticated.
    expect(text).toContain('RECIPIENTS');
    expect(text).toContain('Own signing link by e-mail, captcha');
    expect(text).toContain(`${done.signedAt.slice(0, 19).replace('T', ' ')} UTC`);
    // The agreement itself now carries the signature, stamped with the signing time.
    const agreementText = await pdfText((await api.get(DocumentPdfService).pdfOf(docLink)).pdf);
    expect(agreementText).toContain(formatPacificTimestamp(done.signedAt));
    expect(text).toContain(formatPacificTimestamp(done.signedAt));
    await dealReaches(env.config.CRM_CONTRACT_SIGNED_STAGE);
    const stageMove = await waitFor(
      () =>
        connection
          .collection('crm_stage_moves')
          .findOne({ _id: `standard-signed.${String(record?._id)}` as never }),
      (doc) => doc?.status === 'moved',
    );
    expect(stageMove).toMatchObject({ milestone: 'signed', link: done.signedDocLink, attempts: 2 });
    expect(move).toHaveBeenCalledTimes(2);

    // Finishing again answers the same without doing anything again.
    const again = await signer.post('/api/signing/finish').send({ token }).expect(200);
    expect(again.body).toEqual(done);
    expect(await signedCopies(token)).toHaveLength(1);
    // The spec's separate finishing calls answer from the same operation.
    const audit = await signer
      .post('/api/template/create-audit-trails')
      .send({ token })
      .expect(200);
    expect(audit.body).toEqual({ docLink: done.auditTrailDocLink });
    const merged = await signer
      .post('/api/template/merge-docs')
      .send({ doc1: docLink, doc2: done.auditTrailDocLink, token })
      .expect(201);
    expect(merged.body).toEqual({ combinedDocLink: done.signedDocLink });
    await signer
      .patch(`/api/hubspot/update-deal-stage-to-signed/${DEAL_ID}`)
      .send({ token })
      .expect(200);
    await signer
      .patch('/api/hubspot/update-deal-stage-to-signed/99999999')
      .send({ token })
      .expect(404);
    // Staff have no merge of their own: only the finish seals a signed agreement.
    await http()
      .post('/api/template/merge-docs')
      .send({ doc1: docLink, doc2: done.auditTrailDocLink, token })
      .expect(403);

    // After signing the link shows the signed page; changes are refused with its text.
    const view = await signer.post('/api/verifyToken').send({ token }).expect(200);
    expect(view.body).toMatchObject({
      linkState: 'signed',
      status: 'signed',
      signedDocLink: done.signedDocLink,
      verifyId: done.verifyId,
      metrics: { isSigned: true, isSignatureSaved: true },
    });
    const late = await signer
      .post('/api/template/edit-signature')
      .send({ token, signatures: 'Other', initials: 'O.' })
      .expect(409);
    expect(late.body.message).toBe(SIGNING_PAGE_TITLES.signed);

    // The public verify page: no IPs, masked addresses, the seal's hash; a tampered copy fails.
    const verify = await signer.get(`/api/verify/${done.verifyId}`).expect(200);
    expect(JSON.stringify(verify.body)).not.toContain(record?.signedIp ?? '127.0.0.1');
    expect(verify.body).toMatchObject({
      title: 'Structural Engineering Agreement',
      status: 'signed',
      signedAt: done.signedAt,
      sha256: record?.signedSha256,
    });
    expect(verify.body.parties).toContainEqual({
      role: 'Sender',
      name: 'Csm',
      email: 'c***@prosign.example',
    });
    expect(JSON.stringify(verify.body)).not.toContain('csm@prosign.example');
    expect(verify.body.parties).toContainEqual({
      role: 'Signer',
      name: 'Maria Elena Alvarez',
      email: 'm***@example.com',
      signedAt: done.signedAt,
    });
    expect(verify.body.events.map((event: { event: string }) => event.event)).toEqual([
      'Sent for signature',
      'Viewed',
      'Signature saved',
      'Consented to sign electronically',
      'Signed',
    ]);
    const genuine = await signer
      .post(`/api/verify/${done.verifyId}/check`)
      .attach('file', sealed, 'signed.pdf')
      .expect(200);
    expect(genuine.body).toMatchObject({
      matches: true,
      sha256: record?.signedSha256,
      expectedSha256: record?.signedSha256,
      seal: { intact: true, level: 'B-LTA' },
    });
    const tampered = Buffer.from(sealed);
    tampered[Math.floor(tampered.length / 2)] ^= 0x01;
    const check = await signer
      .post(`/api/verify/${done.verifyId}/check`)
      .attach('file', tampered, 'signed.pdf')
      .expect(200);
    expect(check.body.matches).toBe(false);
    await signer.get('/api/verify/unknown-verify-id').expect(404);

    // The history is evidence: /verify says it is intact, and says so no longer once an event is edited.
    expect(verify.body.historyIntact).toBe(true);
    await contracts.updateOne({ token }, { $set: { 'events.1.ip': '10.9.9.9' } });
    const altered = await signer.get(`/api/verify/${done.verifyId}`).expect(200);
    expect(altered.body.historyIntact).toBe(false);
  });

  it('a failing step keeps the contract signed with its signature; a retry (or the worker resume) completes the rest once', async () => {
    await crm.updateDealProperties(DEAL_ID, { dealstage: 'appointmentscheduled' });
    const { token, docLink } = await sendContract(http, { hsDealId: DEAL_ID });
    const signer = signerHttp(api);

    // A drawn signature: a non-PNG is refused, a PNG is re-encoded and kept.
    await signer
      .post('/api/template/upload-image')
      .field('token', token)
      .attach('image', Buffer.from('GIF89a not a png'), 'signature.png')
      .expect(400);
    const imagesBefore = await connection.collection('signature_images').countDocuments();
    const png = api.get(SignatureImageService).renderTypedSignature('Maria', 'standard');
    const uploaded = await signer
      .post('/api/template/upload-image')
      .field('token', token)
      .field('docLink', 'ignored')
      .attach('image', png, 'signature.png')
      .expect(200);
    expect(uploaded.body).toEqual({
      message: SIGNER_MESSAGES.signatureUploaded,
      metrics: { isSignatureSaved: true, isSigned: false, signature: null, initials: 'M.E.A.' },
    });
    await signer
      .post('/api/template/upload-initials')
      .send({ token, agreedToTerms: true })
      .expect(200);

    // The mail queue is unreachable when the signed copy is to be queued.
    jest
      .spyOn(api.get(MailService), 'send')
      .mockRejectedValueOnce(new ServiceUnavailableException('the mail queue is unavailable'));
    // The spec's merge-docs call runs the finish before answering (with the sealed PDF's link).
    const failed = await signer
      .post('/api/template/merge-docs')
      .send({ doc1: docLink, doc2: docLink, token })
      .expect(502);
    expect(failed.body.message).toBe(SIGNER_MESSAGES.finishFailed);
    const half = await contracts.findOne({ token }).lean();
    expect(half).toMatchObject({
      status: 'signed',
      signatureSource: 'image',
      finish: { state: 'in_progress', failedStep: 'signedCopyMail', leaseUntil: null },
    });
    // Recorded as done (MongoDB keeps $set fields in name order, not in step order).
    expect(Object.keys(half?.finish?.steps ?? {}).sort()).toEqual(
      ['signaturePlaced', 'auditTrail', 'merged'].sort(),
    );
    expect(await signedCopies(token)).toHaveLength(0);
    // Admins see the stopped finish with its error.
    const admin = await staffHttp(api);
    const stuck = await admin().get('/api/admin/stuck-operations').expect(200);
    expect(stuck.body.operations).toContainEqual(
      expect.objectContaining({
        agreementId: String(half?._id),
        operation: 'finish',
        failedStep: 'signedCopyMail',
        lastError: 'the mail queue is unavailable',
        attempts: 1,
        givenUp: false,
      }),
    );

    // The worker's resume leaves recent finishes alone and takes over those left for over 2 minutes.
    const finishing = api.get(SigningFinishService);
    expect(await finishing.resumeAbandoned()).toBe(0);
    expect(await finishing.resumeAbandoned(new Date(Date.now() + 3 * 60_000))).toBe(1);
    const done = await contracts.findOne({ token }).lean();
    expect(done?.finish).toMatchObject({ state: 'completed', failedStep: null });
    await dealReaches(env.config.CRM_CONTRACT_SIGNED_STAGE);
    expect(await signedCopies(token)).toHaveLength(1);
    expect(eventTypes(done).filter((type) => type === 'signed')).toHaveLength(1);

    // The signer's retry answers the completed finish.
    const retry = await signer.post('/api/signing/finish').send({ token }).expect(200);
    expect(retry.body).toMatchObject({ status: 'signed', verifyId: done?.verifyId });
    expect(await signedCopies(token)).toHaveLength(1);

    // The image it was signed with stays: a later upload is refused and leaves nothing behind.
    const images = connection.collection('signature_images');
    const signedWith = await images.findOne({ _id: done?.signatureImageId as never });
    expect(signedWith?.png).toBeDefined();
    await signer
      .post('/api/template/upload-image')
      .field('token', token)
      .attach(
        'image',
        api.get(SignatureImageService).renderTypedSignature('Forged', 'standard'),
        'signature.png',
      )
      .expect(409);
    const after = await contracts.findOne({ token }).lean();
    expect(after?.signatureImageId).toBe(done?.signatureImageId);
    expect(await images.findOne({ _id: done?.signatureImageId as never })).toEqual(signedWith);
    expect(await images.countDocuments({ _id: { $ne: done?.signatureImageId as never } })).toBe(
      imagesBefore,
    );
  });

  it("the signer's finish answers signed while the worker seals; a step failing there is tried again by the job, once", async () => {
    await crm.updateDealProperties(DEAL_ID, { dealstage: 'appointmentscheduled' });
    const { token } = await sendContract(http, { hsDealId: DEAL_ID });
    await saveSignatureAndConsent(api, token);
    // The worker's mail queue is unreachable for the first try of the signed copy.
    // (The worker module has its own MailService instance: the prototype's is every instance's.)
    const send = jest
      .spyOn(MailService.prototype, 'send')
      .mockRejectedValueOnce(new ServiceUnavailableException('the mail queue is unavailable'));
    const answer = await signerHttp(api).post('/api/signing/finish').send({ token }).expect(200);
    expect(answer.body).toMatchObject({ status: 'signed', signedDocLink: '' });
    const done = await sealedFinish(api, token);
    expect(send).toHaveBeenCalledTimes(2);
    const record = await contracts.findOne({ token }).lean();
    // The claim's run stopped at the mail; the job's second try took the lease and completed.
    expect(record?.finish).toMatchObject({
      state: 'completed',
      attempts: 2,
      failedStep: null,
      lastError: null,
    });
    expect(record?.signedDocLink).toBe(done.signedDocLink);
    expect(eventTypes(record).filter((type) => type === 'signed')).toHaveLength(1);
    await dealReaches(env.config.CRM_CONTRACT_SIGNED_STAGE);
    expect(await signedCopies(token)).toHaveLength(1);
  });

  it('the worker schedules the resume once and completes a finish the api left half-way', async () => {
    await crm.updateDealProperties(DEAL_ID, { dealstage: 'appointmentscheduled' });
    const { token, docLink } = await sendContract(http, { hsDealId: DEAL_ID });
    await saveSignatureAndConsent(api, token);
    jest
      .spyOn(api.get(MailService), 'send')
      .mockRejectedValueOnce(new ServiceUnavailableException('the mail queue is unavailable'));
    await signerHttp(api)
      .post('/api/template/merge-docs')
      .send({ doc1: docLink, doc2: docLink, token })
      .expect(502);
    // As if the api had crashed three minutes ago in the middle of the finish.
    await contracts.updateOne(
      { token },
      {
        $set: {
          'finish.startedAt': new Date(Date.now() - 3 * 60_000),
          'finish.leaseUntil': new Date(Date.now() - 60_000),
          'finish.runner': 'crashed-api',
        },
      },
    );

    const resumer = await startWorker(env.config);
    try {
      const queue = resumer.get<Queue>(getQueueToken(QueueName.Signing), { strict: false });
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((scheduler) => scheduler.key)).toEqual([RESUME_FINISHES_SCHEDULER]);
      // Run the scheduled job now rather than waiting for its next tick.
      await queue.add(SigningJob.ResumeFinishes, {});
      const done = await waitFor(
        () => contracts.findOne({ token }).lean(),
        (contract) => contract?.finish?.state === 'completed',
        { timeoutMs: 20_000, intervalMs: 200 },
      );
      expect(done?.signedSha256).toMatch(/^[0-9a-f]{64}$/);
      await dealReaches(env.config.CRM_CONTRACT_SIGNED_STAGE);
      expect(await signedCopies(token)).toHaveLength(1);
    } finally {
      await resumer.close();
    }
  });

  // Last: it uses up this address's signer calls for the minute.
  it('rate-limits signer calls per client address', async () => {
    const signer = signerHttp(api);
    let calls = 0;
    let last = 200;
    while (last !== 429 && calls <= SIGNER_RATE_LIMIT.limit) {
      last = (await signer.post('/api/verifyToken').send({ token: 'no-such-token' })).status;
      calls += 1;
    }
    expect(last).toBe(429);
    expect(calls).toBeLessThanOrEqual(SIGNER_RATE_LIMIT.limit + 1);
  });
});
