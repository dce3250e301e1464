import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { agreementsOfEachFamily, familyForms, type FamilyRecord } from './support/cross-family';
import { seedBaseData } from './support/seed';
import { PUBLIC_SIGNING_URL, SIGNING_ORIGIN, signerHttp } from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const EXPIRY_DAYS = 12;
const DAY_MS = 24 * 3600_000;

/** The headers every answer to a signing link carries (link hardening). */
function expectSignerLinkHeaders(res: request.Response, call: string): void {
  expect({ call, headers: pick(res) }).toEqual({
    call,
    headers: {
      'x-robots-tag': 'noindex',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    },
  });
}

function pick(res: request.Response) {
  return {
    'x-robots-tag': res.headers['x-robots-tag'],
    'referrer-policy': res.headers['referrer-policy'],
    'cache-control': res.headers['cache-control'],
  };
}

/**
 * Link hardening: every signer call of each family — the
 * customer page's (`/:token`), the SOW's and the CO's — and the agreement's
 * document answer with `X-Robots-Tag: noindex`, `Referrer-Policy: no-referrer`
 * and `Cache-Control: no-store`, refusals included; staff calls keep their own
 * caching. The verify answers name when the open link expires.
 */
describe('signer link headers', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_SIGNING_URL,
    CONTRACT_EXPIRY_DAYS: String(EXPIRY_DAYS),
  });
  let app: INestApplication;
  let admin: StaffHttp;
  let connection: Connection;
  let sent: Record<'standard' | 'sow' | 'co', FamilyRecord>;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app } = await startApi(env.config));
    admin = await staffHttp(app, 'admin@prosign.example');
    connection = app.get(getConnectionToken(), { strict: false });
    const agreements = await agreementsOfEachFamily(app, admin, await familyForms(admin));
    sent = {
      standard: agreements.standard.sent,
      sow: agreements.sow.sent,
      co: agreements.co.sent,
    };
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  /** When the agreement's link expires: created + CONTRACT_EXPIRY_DAYS (the worker's schedule). */
  async function expiryOf(record: FamilyRecord): Promise<string> {
    const stored = await connection.collection('agreements').findOne({ token: record.token });
    const created = stored?.createdAt as Date;
    return new Date(created.getTime() + EXPIRY_DAYS * DAY_MS).toISOString();
  }

  it("sends them on every call of the customer page's link, refusals included", async () => {
    const { token, docLink } = sent.standard;
    const signer = signerHttp(app);
    const verified = await signer.post('/api/verifyToken').send({ token }).expect(200);
    expectSignerLinkHeaders(verified, 'POST /api/verifyToken');
    expect(verified.body.expiresAt).toBe(await expiryOf(sent.standard));
    expectSignerLinkHeaders(
      await signer.get(`/api/user/user-detail?token=${token}`).expect(200),
      'GET /api/user/user-detail',
    );
    expectSignerLinkHeaders(
      await signerHttp(app, { pass: false }).post('/api/verifyToken').send({ token }).expect(403),
      'POST /api/verifyToken without a captcha pass',
    );
    expectSignerLinkHeaders(
      await signer.post('/api/verifyToken').send({ token: 'no-such-link' }).expect(404),
      'POST /api/verifyToken of an unknown link',
    );
    expectSignerLinkHeaders(
      await request(app.getHttpServer()).get('/api/captcha/config').expect(200),
      'GET /api/captcha/config',
    );
    // The document the page shows: the PDF and its reading view.
    const docPath = /\/api\/documents\/d\/[^/]+/.exec(new URL(docLink).pathname)?.[0];
    expectSignerLinkHeaders(
      await request(app.getHttpServer()).get(`${docPath}/view`).expect(200),
      'GET the PDF',
    );
    expectSignerLinkHeaders(
      await request(app.getHttpServer()).get(`${docPath}/reading`),
      'GET the reading view',
    );
  });

  it.each(['sow', 'co'] as const)(
    "sends them on every call of the %s page's link, refusals included",
    async (family) => {
      const customId = sent[family].token;
      const signer = signerHttp(app, { linkToken: customId });
      expectSignerLinkHeaders(
        await signerHttp(app, { linkToken: customId, pass: false })
          .get(`/api/${family}/verify-link/${customId}`)
          .expect(200),
        `GET /api/${family}/verify-link`,
      );
      const viewed = await signer.post(`/api/${family}/increase-viewed-times/${customId}`);
      expect(viewed.status).toBe(200);
      expectSignerLinkHeaders(viewed, `POST /api/${family}/increase-viewed-times`);
      expect(viewed.body.expiresAt).toBe(await expiryOf(sent[family]));
      const contract = await signer.get(`/api/${family}/get-contract/${customId}`).expect(200);
      expectSignerLinkHeaders(contract, `GET /api/${family}/get-contract`);
      expect(contract.body.expiresAt).toBe(await expiryOf(sent[family]));
      expectSignerLinkHeaders(
        await signerHttp(app, { linkToken: customId, pass: false })
          .get(`/api/${family}/get-contract/${customId}`)
          .expect(403),
        `GET /api/${family}/get-contract without a captcha pass`,
      );
      expectSignerLinkHeaders(
        await signer.get(`/api/${family}/verify-link/unknown-link-0123456789`).expect(404),
        `GET /api/${family}/verify-link of an unknown link`,
      );
    },
  );

  it('names no expiry once the link is closed', async () => {
    const { token } = sent.standard;
    await connection
      .collection('agreements')
      .updateOne({ token }, { $set: { status: 'cancelled', cancelledAt: new Date() } });
    const closed = await signerHttp(app).post('/api/verifyToken').send({ token }).expect(200);
    expect(closed.body.linkState).toBe('cancelled');
    expect(closed.body.expiresAt).toBeNull();
  });

  it('leaves staff calls as they were: not marked noindex, cached only as each route says', async () => {
    for (const [call, res] of [
      ['GET /api/auth/session', await admin().get('/api/auth/session').expect(200)],
      ['GET /api/sow/get-templates', await admin().get('/api/sow/get-templates').expect(200)],
    ] as const) {
      expect({ call, robots: res.headers['x-robots-tag'] }).toEqual({ call, robots: undefined });
      // Staff answers are per person: not stored either, by the API's default (intended).
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A route with its own caching keeps it: the time-stamp authority's CRL.
    const crl = await request(app.getHttpServer()).get('/api/timestamp/root.crl').expect(200);
    expect(crl.headers['cache-control']).toBe('public, max-age=600');
    expect(crl.headers['x-robots-tag']).toBeUndefined();
    // The signing app's origin does not make a staff route a signer's.
    const staffFromSigning = await admin().get('/api/auth/session').set('origin', SIGNING_ORIGIN);
    expect(staffFromSigning.headers['x-robots-tag']).toBeUndefined();
  });
});
