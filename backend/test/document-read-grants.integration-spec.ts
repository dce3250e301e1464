import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { EMAIL_CODE_MESSAGES, extractDocId } from '@prosign/domain';
import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { DOCUMENT_READ_GRANT_PARAM } from '../src/modules/documents';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { seedBaseData } from './support/seed';
import { PUBLIC_API_URL, PUBLIC_SIGNING_URL, sendContract } from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const DAY = 24 * 3600 * 1000;

/**
 * The read grant a cc recipient's link carries (the document of an agreement
 * whose signers enter an e-mail code opens for nobody else) names nothing, opens its own
 * document only, expires as README says and ends with its agreement.
 */
describe('the cc recipient read grant', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let csm: StaffHttp;
  let admin: StaffHttp;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    csm = await staffHttp(api, 'csm@prosign.example');
    admin = await staffHttp(api, 'admin@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const anyone = () => request(api.getHttpServer());

  /** The path and query of the document link in an agreement's cc mail. */
  async function ccLinkOf(agreementId: string): Promise<string> {
    const cc = await mailDeliveries(connection).findOne({ template: 'cc-copy', agreementId });
    const link = /https?:\/\/\S+\/api\/documents\/d\/\S+/.exec(cc?.text ?? '')?.[0];
    if (!link) throw new Error(`no cc mail with a document link for ${agreementId}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  }

  /** A contract whose signers must enter a code, sent; with the link its cc mail carries. */
  async function sentWithCcLink() {
    const sent = await sendContract(csm, { require_email_code: true });
    const agreement = await connection.collection('agreements').findOne({ token: sent.token });
    const url = new URL(`${PUBLIC_API_URL}${await ccLinkOf(String(agreement?._id))}`);
    return {
      ...sent,
      agreementId: String(agreement?._id),
      docId: extractDocId(sent.docLink) as string,
      grant: url.searchParams.get(DOCUMENT_READ_GRANT_PARAM) ?? '',
      /** The cc link's path and query, as the recipient's click asks for them. */
      path: `${url.pathname}${url.search}`,
    };
  }

  async function expectRefused(path: string) {
    const refused = await anyone().get(path).expect(403);
    expect(refused.body.message).toBe(EMAIL_CODE_MESSAGES.documentNeedsCode);
  }

  it('names nothing: a random value, no document id, no readable JSON, stored only as its hash', async () => {
    const { grant, docId, agreementId, token, path } = await sentWithCcLink();
    await anyone()
      .get(path)
      .expect(200)
      .expect('content-type', /application\/pdf/);

    // At least 128 random bits of base64url, with nothing of the agreement in it.
    expect(grant).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    for (const named of [docId, agreementId, token]) expect(grant).not.toContain(named);
    for (const part of grant.split('.')) {
      const decoded = Buffer.from(part, 'base64url').toString('latin1');
      expect(decoded).not.toContain(docId);
      expect(() => JSON.parse(decoded) as unknown).toThrow();
    }
    // The server keeps its SHA-256, never the grant.
    const stored = await connection
      .collection('document_read_grants')
      .findOne({ _id: createHash('sha256').update(grant).digest('base64url') as never });
    expect(stored).toMatchObject({ docId, agreementId });
    expect(JSON.stringify(stored)).not.toContain(grant);
    // It lasts CONTRACT_EXPIRY_DAYS (README, the e-mail code).
    const lifetime = (stored?.expiresAt as Date).getTime() - Date.now();
    expect(Math.abs(lifetime - env.config.CONTRACT_EXPIRY_DAYS * DAY)).toBeLessThan(60_000);
  });

  it('opens its own document only, and not once expired or changed', async () => {
    const a = await sentWithCcLink();
    const b = await sentWithCcLink();
    await anyone().get(a.path).expect(200);
    await anyone().get(b.path).expect(200);
    // A's grant on B's document (and B's on A's) is refused.
    await expectRefused(`/api/documents/d/${b.docId}/view?${DOCUMENT_READ_GRANT_PARAM}=${a.grant}`);
    await expectRefused(
      `/api/documents/d/${a.docId}/reading?${DOCUMENT_READ_GRANT_PARAM}=${b.grant}`,
    );
    await expectRefused(`${a.path.slice(0, -2)}xx`);

    // Past its expiry it opens nothing.
    await connection
      .collection('document_read_grants')
      .updateOne(
        { _id: createHash('sha256').update(a.grant).digest('base64url') as never },
        { $set: { expiresAt: new Date(Date.now() - 1000) } },
      );
    await expectRefused(a.path);
    await anyone().get(b.path).expect(200);
  });

  it('ends when its agreement is cancelled, voided or deleted', async () => {
    const cancelled = await sentWithCcLink();
    await anyone().get(cancelled.path).expect(200);
    await csm().post('/api/update/cancel-contract').send({ token: cancelled.token }).expect(200);
    await expectRefused(cancelled.path);
    // Resent from cancelled, the old agreement moves on to `resent`: its grant stays ended, and
    // the new agreement's cc mail carries a grant of its own for the same document.
    const resent = await csm()
      .put('/api/update/resend')
      .send({ token: cancelled.token })
      .expect(200);
    await expectRefused(cancelled.path);
    const fresh = await ccLinkOf(String(resent.body._id));
    expect(fresh).toContain(`/d/${cancelled.docId}/view?${DOCUMENT_READ_GRANT_PARAM}=`);
    await anyone().get(fresh).expect(200);

    const voided = await sentWithCcLink();
    await csm()
      .put('/api/user/mark-as-signed')
      .send({ token: voided.token, status: 'signed' })
      .expect(200);
    await anyone().get(voided.path).expect(200);
    await admin().post('/api/template/generate-void-pdf').send({ token: voided.token }).expect(200);
    await expectRefused(voided.path);

    const deleted = await sentWithCcLink();
    await anyone().get(deleted.path).expect(200);
    await admin().delete('/api/user/mark-as-delete').send({ token: deleted.token }).expect(200);
    await expectRefused(deleted.path);

    // Staff still read every one of them.
    for (const { docId } of [cancelled, voided, deleted]) {
      await csm().get(`/api/documents/d/${docId}/view`).expect(200);
    }
  });
});
