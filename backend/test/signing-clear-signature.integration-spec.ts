import type { INestApplication } from '@nestjs/common';
import { SIGNER_MESSAGES, SIGNING_PAGE_TITLES } from '@prosign/domain';
import { eventTypes, storedByToken } from './support/agreements';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/** Spec 1 §4.1, item 6: clearing the saved signature resets the saved flag, on the real api and database. */
describe('signing: clearing the saved signature', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let http: StaffHttp;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    http = await staffHttp(api, 'csm@prosign.example');
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  async function savedSignature(token: string) {
    const signer = signerHttp(api);
    await signer.post('/api/verifyToken').send({ token }).expect(200);
    await signer
      .post('/api/template/upload-signature')
      .send({ token, textSignature: 'Maria E. Alvarez', clientname: 'Maria Elena Alvarez' })
      .expect(200);
    return signer;
  }

  it('clears the signature and initials, goes back to viewed and records the event', async () => {
    const { token } = await sendContract(http);
    const signer = await savedSignature(token);
    expect((await storedByToken(api, token))?.status).toBe('signature_saved');

    const answer = await signer.post('/api/template/clear-signature').send({ token }).expect(200);

    expect(answer.body).toEqual({
      message: SIGNER_MESSAGES.signatureCleared,
      metrics: { isSignatureSaved: false, isSigned: false, signature: null, initials: null },
    });
    const stored = await storedByToken(api, token);
    expect(stored).toMatchObject({
      status: 'viewed',
      signature: null,
      signatureSource: null,
      initials: null,
    });
    expect(eventTypes(stored)).toContain('signature_cleared');
    const detail = await signer.get(`/api/user/user-detail?token=${token}`).expect(200);
    expect(detail.body.metrics.isSignatureSaved).toBe(false);
  });

  it('refuses to finish after clearing until the signature is saved again', async () => {
    const { token } = await sendContract(http);
    const signer = await savedSignature(token);
    await signer.post('/api/template/clear-signature').send({ token }).expect(200);

    await signer
      .post('/api/template/upload-initials')
      .send({ token, clientname: 'Maria Elena Alvarez', agreedToTerms: true })
      .expect(200);
    await signer.post('/api/signing/finish').send({ token }).expect(409);

    await signer
      .post('/api/template/upload-signature')
      .send({ token, textSignature: 'Maria Alvarez', clientname: 'Maria Elena Alvarez' })
      .expect(200);
    expect((await storedByToken(api, token))?.status).toBe('signature_saved');
  });

  it('answers as it is when nothing is saved, and refuses a closed link with its page text', async () => {
    const { token } = await sendContract(http);
    const signer = signerHttp(api);
    const nothing = await signer.post('/api/template/clear-signature').send({ token }).expect(200);
    expect(nothing.body.metrics.isSignatureSaved).toBe(false);
    expect(eventTypes(await storedByToken(api, token))).not.toContain('signature_cleared');

    await savedSignature(token);
    await http().post('/api/update/cancel-contract').send({ token }).expect(200);
    const refused = await signer.post('/api/template/clear-signature').send({ token }).expect(409);
    expect(refused.body.message).toBe(SIGNING_PAGE_TITLES.cancelled);
  });

  it('refuses without a captcha pass', async () => {
    const { token } = await sendContract(http);
    await signerHttp(api, { pass: false })
      .post('/api/template/clear-signature')
      .send({ token })
      .expect(403);
  });
});
