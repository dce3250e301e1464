import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { agreementModel, insertStandardAgreement, storedByToken } from './support/agreements';
import { pdfText } from './support/pdf-text';
import { seedDemoData } from './support/seed';
import { staffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { formatPacificTimestamp, type ContractCardView } from '@prosign/domain';

/** What `newLinkToken` draws: 24 random bytes, base64url. */
const RANDOM_LINK_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** Every seeded agreement's id and signing link, in id order. */
async function demoLinks(app: INestApplicationContext) {
  const rows = await agreementModel(app)
    .find({}, { token: 1, signingLink: 1 })
    .sort({ _id: 1 })
    .lean();
  return rows.map((row) => ({
    _id: String(row._id),
    token: row.token,
    signingLink: row.signingLink,
  }));
}

/** The demo contracts: every status on the dashboard, real documents, added once. */
describe('demo contracts seeder', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('lists a contract in every status with a previewable document, and re-seeding adds nothing', async () => {
    const first = await seedDemoData(env.config);
    expect(first.join('\n')).toMatch(/12 contracts \(12 new\)/);
    ({ app: api } = await startApi(env.config));
    // Each demo's signing link has a random token (192 bits), as a sent agreement's has.
    const seeded = await demoLinks(api);
    // 12 standard contracts, 7 change orders (one waiting for the firm) and the contract two
    // homeowners sign.
    expect(seeded).toHaveLength(20);
    for (const { token, signingLink } of seeded) {
      expect(token).toMatch(RANDOM_LINK_TOKEN);
      expect(signingLink).toContain(`/${token}`);
    }
    expect(new Set(seeded.map((demo) => demo.token)).size).toBe(seeded.length);
    // A second seeding (the next `npm start`) finds every demo and keeps its link.
    const again = await seedDemoData(env.config);
    expect(again.join('\n')).toMatch(/12 contracts \(0 new\)/);
    expect(again.join('\n')).toMatch(/two signers: already seeded/);
    expect(again.join('\n')).toMatch(/7 change orders \(0 new\)/);
    expect(await demoLinks(api)).toEqual(seeded);

    const http = await staffHttp(api, 'admin@prosign.example');
    const res = await http().get('/api/user/details').query({ limit: 25 }).expect(200);
    const cards = res.body.filteredClients as ContractCardView[];
    expect(res.body.total).toBe(13);
    // Two homeowners, the first signed, the second asked now through his own link.
    const twoSigners = cards.find((card) => card.recipients.length > 1);
    expect(twoSigners?.status).toBe('signature_saved');
    expect(twoSigners?.recipients.map((r) => [r.name, r.state])).toEqual([
      ['Elena Park', 'signed'],
      ['Daniel Park', 'invited'],
    ]);
    expect(new Set(cards.map((c) => c.status))).toEqual(
      new Set([
        'not signed',
        'viewed',
        'signature_saved',
        'signed',
        'signed_manually',
        'cancelled',
        'expired',
        'resent',
        'void',
      ]),
    );
    // The change order the client signed waits for the demo admin's countersignature.
    const queue = (await http().get('/api/countersign/mine').expect(200)).body.items;
    expect(queue).toEqual([
      expect.objectContaining({
        family: 'co',
        signatureSaved: false,
        invitedAt: expect.any(String),
      }),
    ]);
    const voided = cards.find((c) => c.status === 'void')!;
    expect(voided.voidDocLink).toEqual(expect.any(String));
    // The signed demos went through the real finish: sealed PDF, verify page, signed history.
    const signed = cards.filter((c) => c.status === 'signed');
    expect(signed).toHaveLength(2);
    for (const card of [...signed, voided]) {
      expect(card.signedDocLink).toEqual(expect.any(String));
      expect(card.history.map((h) => h.status)).toContain('signed');
    }
    const stored = await storedByToken(api, signed[0].token);
    expect(stored?.verifyId).toEqual(expect.any(String));
    const verified = await request(api.getHttpServer())
      .get(`/api/verify/${stored!.verifyId}`)
      .expect(200);
    expect(verified.body).toMatchObject({
      status: 'signed',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // Preview works: each agreement (and the voided copy) is served as a PDF.
    const pdfOf = async (link: string) =>
      (
        await http()
          .get(new URL(link).pathname)
          .buffer(true)
          .parse((response, done) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => done(null, Buffer.concat(chunks)));
          })
          .expect(200)
      ).body as Buffer;
    for (const link of [cards[0].docLink, voided.voidDocLink!, signed[0].signedDocLink!]) {
      expect((await pdfOf(link)).subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Each signed demo's certificate says it is completed and its signer signed.
    for (const card of signed) {
      const text = await pdfText(await pdfOf(card.signedDocLink!));
      expect(text).toContain(`Status Completed ${formatPacificTimestamp(card.signedAt!)}`);
      expect(text).not.toContain('Not signed');
    }
  });
});

/** A database seeded when demo tokens were fixed (`demo-contract-01`…): its demos are not added again. */
describe('demo contracts seeder over demos seeded under fixed tokens', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('finds the old demo by its token and adds only the demos missing', async () => {
    ({ app: api } = await startApi(env.config));
    const old = await insertStandardAgreement(api, {
      token: 'demo-contract-01',
      status: 'not signed',
    });
    const seeded = await seedDemoData(env.config);
    expect(seeded.join('\n')).toMatch(/12 contracts \(11 new\)/);
    const standard = await agreementModel(api).find({ family: 'standard' }).lean();
    expect(standard).toHaveLength(13);
    expect(standard.find((row) => String(row._id) === String(old._id))?.token).toBe(
      'demo-contract-01',
    );
  });
});
