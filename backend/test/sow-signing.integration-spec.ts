import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { insertStandardAgreement, mailKeyOfLink } from './support/agreements';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { SigningFinishService } from '../src/modules/signing/signing-finish.service';
import { SignerSignatureService } from '../src/modules/signing/signer-signature.service';
import { pdfText } from './support/pdf-text';
import { seedBaseData } from './support/seed';
import {
  expectSignedOnceThenSealed,
  sealedFinish,
  signerHttp,
  PUBLIC_SIGNING_URL,
} from './support/signing-fixtures';
import { DEMO_PROJECT_ID, sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/**
 * The partner's signing calls of a SOW (spec 3 §2 "SOW recipient signing page",
 * §7) on the real api, worker, database and local file service: link check
 * before the captcha, view counted, typed signature, Agree and Finish once.
 */
describe('SOW signing: verify-link, get-contract, views, text signature, finish', () => {
  const env = createTestEnv(__filename, { PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let pm: StaffHttp;
  let admin: StaffHttp;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    pm = await staffHttp(api, 'pm@prosign.example');
    admin = await staffHttp(api, 'admin@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  async function sentSow(): Promise<string> {
    const body = sowBody();
    const created = await pm().post('/api/sow/create-contract').send(body).expect(200);
    const sent = await pm()
      .post('/api/sow/send-contract')
      .send({ ...body, docLink: created.body.docLink })
      .expect(200);
    return sent.body.customId as string;
  }

  const signer = (customId: string, options: { pass?: boolean } = {}) =>
    signerHttp(api, { linkToken: customId, ...options });

  it('names the document, when it closed and the sender once the link is closed, still before the captcha', async () => {
    const customId = await sentSow();
    const stored = await connection.collection('agreements').findOne({ token: customId });
    await pm()
      .post('/api/sow/cancel-contract')
      .send({ id: String(stored?._id) })
      .expect(200);
    const checked = await signer(customId, { pass: false })
      .get(`/api/sow/verify-link/${customId}`)
      .expect(200);
    expect(checked.body).toMatchObject({
      valid: true,
      linkState: 'cancelled',
      closed: { sender: { email: 'pm@prosign.example' } },
    });
    expect(checked.body.closed.agreementTitle).toEqual(expect.any(String));
    expect(new Date(checked.body.closed.closedAt).getTime()).not.toBeNaN();
  });

  it('checks the link before the captcha, then needs the pass for everything else', async () => {
    const customId = await sentSow();
    const checked = await signer(customId, { pass: false })
      .get(`/api/sow/verify-link/${customId}`)
      .expect(200);
    expect(checked.body).toEqual({ valid: true, linkState: 'open' });
    await signer('nope', { pass: false }).get('/api/sow/verify-link/nope').expect(404);

    await signer(customId, { pass: false }).get(`/api/sow/get-contract/${customId}`).expect(403);
    const contract = await signer(customId).get(`/api/sow/get-contract/${customId}`).expect(200);
    expect(contract.body).toMatchObject({
      customId,
      cp_name: 'Mei Lin',
      payment_amount: 1550.5,
      status: 'not-signed',
      linkState: 'open',
    });
    // Reading the contract counts no view.
    const stored = await connection.collection('agreements').findOne({ token: customId });
    expect(stored?.viewedTimes).toBe(0);
  });

  it('counts a view, refuses a blank signature, saves the typed one, and finishes once', async () => {
    const customId = await sentSow();
    const viewed = await signer(customId)
      .post(`/api/sow/increase-viewed-times/${customId}`)
      .expect(200);
    expect(viewed.body.status).toBe('viewed');

    const blank = await signer(customId)
      .post(`/api/sow/upload-text-signature/${customId}`)
      .send({ textSignature: '   ' })
      .expect(400);
    expect(blank.body.message).toBe('Please add your signature');

    // Finishing before a signature is saved is refused.
    await signer(customId)
      .post(`/api/sow/finish/${customId}`)
      .send({ agreedToTerms: true })
      .expect(409);

    await signer(customId)
      .post(`/api/sow/upload-text-signature/${customId}`)
      .send({ textSignature: 'Mei Lin' })
      .expect(200);
    await signer(customId)
      .post(`/api/sow/finish/${customId}`)
      .send({ agreedToTerms: false })
      .expect(400);

    const [first, second] = await Promise.all([
      signer(customId).post(`/api/sow/finish/${customId}`).send({ agreedToTerms: true }),
      signer(customId).post(`/api/sow/finish/${customId}`).send({ agreedToTerms: true }),
    ]);
    // Signed once, answered before the seal; the worker seals it, a later finish answers the links.
    const done = await expectSignedOnceThenSealed(api, customId, [first, second]);
    const again = await signer(customId)
      .post(`/api/sow/finish/${customId}`)
      .send({ agreedToTerms: true })
      .expect(200);
    expect(again.body).toEqual(done);

    const stored = await connection.collection('agreements').findOne({ token: customId });
    expect(stored?.status).toBe('signed');
    expect(stored?.events.filter((e: { type: string }) => e.type === 'signed')).toHaveLength(1);
    expect(stored?.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['viewed', 'signature_saved', 'consent', 'signed']),
    );

    const pdf = await signer(customId)
      .get(new URL(done.signedDocLink).pathname)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Scope of Work Agreement');
    expect(text).toMatch(/Audit Trail/i);

    const trail = await signer(customId).get(`/api/sow/create-audit-trail/${customId}`).expect(200);
    expect(trail.body.docLink).toBe(done.auditTrailDocLink);

    // The signed copy goes to the partner and the cc, the PDF to the file service's project.
    const mail = await mailDeliveries(connection).findOne({
      _id: await mailKeyOfLink(connection, customId, 'signed-copy'),
    });
    expect(mail?.to).toEqual(['mei.lin@partners.example.com']);
    expect(mail?.cc).toEqual(['pm@prosign.example']);
    const files = await admin().get('/api/file-service/records').expect(200);
    expect(JSON.stringify(files.body)).toContain(DEMO_PROJECT_ID);

    // Signed: no more signature changes.
    await signer(customId)
      .post(`/api/sow/upload-text-signature/${customId}`)
      .send({ textSignature: 'Someone Else' })
      .expect(409);
  });

  it('answers the finish of another tab that claimed the SOW between this one’s read and consent', async () => {
    const customId = await sentSow();
    await signer(customId)
      .post(`/api/sow/upload-text-signature/${customId}`)
      .send({ textSignature: 'Mei Lin' })
      .expect(200);
    const signatures = api.get(SignerSignatureService);
    const finishing = api.get(SigningFinishService);
    const consent = signatures.saveInitials.bind(signatures);
    // The other tab gives its consent and finishes first; this request's consent then finds it signed.
    const spy = jest.spyOn(signatures, 'saveInitials').mockImplementationOnce(async (...args) => {
      await consent(...args);
      await finishing.finish(customId, { ip: '10.0.0.9' }, 'queued');
      return consent(...args);
    });
    let answer: { status?: string; signedAt?: string };
    try {
      answer = (
        await signer(customId)
          .post(`/api/sow/finish/${customId}`)
          .send({ agreedToTerms: true })
          .expect(200)
      ).body;
      expect(answer.status).toBe('signed');
    } finally {
      spy.mockRestore();
    }
    // The other tab's claim queued the seal; the worker seals it once.
    const done = await sealedFinish(api, customId);
    expect(done.signedAt).toBe(answer.signedAt);
    const stored = await connection.collection('agreements').findOne({ token: customId });
    expect(stored?.events.filter((e: { type: string }) => e.type === 'signed')).toHaveLength(1);
    expect(stored?.finish).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('answers a standard contract’s token as unknown on the SOW routes', async () => {
    // A sent standard contract of its own: the base seed has no agreements.
    const standard = await insertStandardAgreement(api, { status: 'not signed' });
    await signer(standard.token, { pass: false })
      .get(`/api/sow/verify-link/${standard.token}`)
      .expect(404);
  });
});
