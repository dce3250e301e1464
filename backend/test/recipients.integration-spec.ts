import type { INestApplication } from '@nestjs/common';
import type { AgreementCardCore, Recipient } from '@prosign/domain';
import { insertStandardAgreement } from './support/agreements';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/**
 * The recipients of an agreement on the core (first step): a send
 * publishes its signer (invited) and its copies; each signer step moves the
 * signer's own state with time and address in the same update; agreements
 * from before recipients read as their one signer.
 */
describe('recipients: published by the send, moved by each signer step, read for old agreements', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let csm: StaffHttp;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    csm = await staffHttp(api, 'csm@prosign.example');
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const cardOf = async (token: string) =>
    (await csm().get(`/api/contracts/by-token/${token}`).expect(200)).body as AgreementCardCore;
  const signerOf = async (token: string) => {
    const card = await cardOf(token);
    return card.recipients.find((recipient) => recipient.role === 'signer') as Recipient;
  };

  it('publishes the signer as invited and the copy address as a cc, and moves the signer step by step', async () => {
    const { token } = await sendContract(csm, { cc_email: 'office@alvarez.example.com' });
    const sent = await cardOf(token);
    expect(sent.recipients).toEqual([
      expect.objectContaining({
        role: 'signer',
        name: 'Maria Elena Alvarez',
        order: 1,
        state: 'invited',
        times: expect.objectContaining({ invitedAt: sent.createdAt, viewedAt: null }),
      }),
      expect.objectContaining({
        role: 'cc',
        email: 'office@alvarez.example.com',
        state: 'waiting',
      }),
    ]);

    const signer = signerHttp(api);
    await signer
      .post('/api/verifyToken')
      .set('User-Agent', 'Mozilla/5.0 (iPhone) recipients-test')
      .send({ token, prefix: 'contract' })
      .expect(200);
    const viewed = await signerOf(token);
    const afterView = await cardOf(token);
    expect(viewed).toMatchObject({
      state: 'viewed',
      lastActionIp: afterView.viewedIp,
      lastActionUserAgent: 'Mozilla/5.0 (iPhone) recipients-test',
    });
    expect(viewed.lastActionIp).toEqual(expect.any(String));
    expect(viewed.times.viewedAt).toBe(afterView.viewedAt);
    // A second view changes nothing of the recipient.
    await signer.post('/api/verifyToken').send({ token, prefix: 'contract' }).expect(200);
    expect((await signerOf(token)).times.viewedAt).toBe(viewed.times.viewedAt);

    await signer
      .post('/api/template/upload-signature')
      .send({ token, textSignature: 'M. Alvarez', clientname: 'Maria Elena Alvarez' })
      .expect(200);
    expect((await signerOf(token)).state).toBe('signature-saved');
    await signer.post('/api/template/clear-signature').send({ token }).expect(200);
    expect((await signerOf(token)).state).toBe('viewed');

    await saveSignatureAndConsent(api, token);
    await signer.post('/api/signing/finish').send({ token }).expect(200);
    const signed = await cardOf(token);
    const recipient = signed.recipients[0];
    expect(recipient.state).toBe('signed');
    expect(recipient.times.signedAt).toBe(signed.signedAt);
    expect(signed.recipients[1]).toMatchObject({ role: 'cc', state: 'waiting' });
  });

  it('moves every signer to signed when staff mark the agreement signed', async () => {
    const { token } = await sendContract(csm);
    await csm()
      .put('/api/user/mark-as-signed')
      .send({ token, status: 'signed_manually' })
      .expect(200);
    const card = await cardOf(token);
    expect(card.status).toBe('signed_manually');
    expect(card.recipients[0]).toMatchObject({
      role: 'signer',
      state: 'signed',
      times: expect.objectContaining({ signedAt: card.signedAt }),
    });
    // A copy signs nothing: marking signed leaves it as it was.
    expect(card.recipients.slice(1).every((r) => r.role === 'cc' && r.state === 'waiting')).toBe(
      true,
    );
  });

  it('reads an agreement from before recipients as its one signer, from its single-signer fields', async () => {
    const viewedAt = new Date('2026-03-05T16:00:00.000Z');
    const old = await insertStandardAgreement(api, {
      status: 'viewed',
      form: { full_name: 'Ada Old', email: 'ada.old@example.com', contact_number: '+14155550199' },
      createdAt: new Date('2026-03-04T17:05:00.000Z'),
      fields: { viewedAt, viewedIp: '198.51.100.4' },
    });
    const card = await cardOf(old.token);
    expect(card.recipients).toEqual([
      {
        id: 'signer-1',
        role: 'signer',
        name: 'Ada Old',
        email: 'ada.old@example.com',
        phone: '+14155550199',
        order: 1,
        state: 'viewed',
        times: {
          invitedAt: '2026-03-04T17:05:00.000Z',
          viewedAt: viewedAt.toISOString(),
          signatureSavedAt: null,
          signedAt: null,
        },
        lastActionIp: '198.51.100.4',
        lastActionUserAgent: null,
      },
    ]);
  });
});
