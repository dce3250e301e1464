import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Types } from 'mongoose';
import request from 'supertest';
import { AgreementRepository } from '../src/modules/agreements/agreement.repository';
import { AgreementEventRepository } from '../src/modules/agreements/agreement-events.repository';
import { AgreementLinkRepository } from '../src/modules/agreements/agreement-links.repository';
import type { StandardContractForm } from '../src/modules/contracts/standard-contract.form';
import { runSeeders } from '../src/seed/run-seeders';
import { SeedModule } from '../src/seed/seed.module';
import {
  agreementModel,
  eventTypes,
  insertStandardAgreement,
  storedByToken,
} from './support/agreements';
import { pdfText } from './support/pdf-text';
import { seedDemoData } from './support/seed';
import { PUBLIC_API_URL, signerHttp } from './support/signing-fixtures';
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
    // Issue 53: each signed demo's certificate says it is completed and its signer signed.
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

/**
 * The one-time move of records stored before the agreement core (the old
 * `contracts` collection): same `_id`, form fields under `form`, the history as
 * a chained event log, the old keys as link records; the signer's link still
 * opens the contract, and running the seed again moves nothing.
 */
describe('moving old contract records onto the agreement core', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL });
  let seedApp: INestApplicationContext | undefined;
  let api: INestApplication | undefined;

  afterAll(async () => {
    await seedApp?.close();
    await api?.close();
    await env.cleanup();
  });

  it('keeps the record, its fields, status, history and links; a second run moves nothing', async () => {
    seedApp = await NestFactory.createApplicationContext(SeedModule.forRoot(env.config), {
      logger: false,
    });
    const _id = new Types.ObjectId();
    const token = 'legacy-token-7Qm2x9Lr4KpV0aZc3YbN8wEj';
    const sendKey = 'legacy-doc-1f2e3d';
    const sentAt = new Date('2026-03-02T17:04:05.000Z');
    const viewedAt = new Date('2026-03-03T09:15:30.000Z');
    const legacy = {
      _id,
      token,
      sendKey,
      docLink: `${PUBLIC_API_URL}/api/documents/d/${sendKey}/edit`,
      signingLink: `https://sign.prosign.example.com/${token}`,
      full_name: 'Legacy Client',
      email: 'legacy.client@example.com',
      company_name: 'Old Records LLC',
      contact_number: '+1 (415) 555-0199',
      cc_email: '',
      site_address: '12 Archive Road',
      city: 'Berkeley',
      state: 'CA',
      zipcode: '94704',
      cost: 8400,
      deposit: 2100,
      balance: 6300,
      progress: 0,
      csm_email: 'csm@prosign.example',
      pm_email: '',
      form_type: 'Structural Engineering',
      t24ReportCount: 0,
      contractTitle: 'Foundation Retrofit',
      contractIntro: 'This agreement is made between…',
      hsDealId: 'deal-legacy-1',
      authenticatedEmailId: 'csm@prosign.example',
      status: 'viewed',
      searchText: 'legacy client legacy.client@example.com old records llc 12 archive road',
      createdAt: sentAt,
      createdIp: '203.0.113.5',
      viewedAt,
      viewedIp: '198.51.100.23',
      viewedTimes: 1,
      viewedByEmailCount: 1,
      viewedByPhoneCount: 0,
      remindersAt: [],
      history: [
        {
          timestamp: sentAt,
          status: 'sent',
          performedBy: 'csm@prosign.example',
          ipAddress: '203.0.113.5',
        },
        {
          timestamp: viewedAt,
          status: 'viewed',
          performedBy: 'legacy.client@example.com',
          ipAddress: '198.51.100.23',
        },
      ],
      send: {
        state: 'completed',
        steps: { reviewLinkMail: sentAt, recordSaved: sentAt, crmStageSent: sentAt },
        startedAt: sentAt,
        completedAt: sentAt,
        subject: 'Your contract',
        filename: 'Foundation Retrofit.pdf',
        replacesToken: null,
      },
      finish: null,
      presence: null,
    };
    const connection = seedApp.get<Connection>(getConnectionToken());
    await connection.collection('contracts').insertOne(legacy);

    // The seed entry point's seeders, as a deploy runs them.
    const first = await runSeeders(seedApp);
    expect(first.join('\n')).toMatch(/contracts onto the agreement core: 1 old .*1 moved now/);

    const repository = seedApp.get(AgreementRepository);
    const eventLog = seedApp.get(AgreementEventRepository);
    const links = seedApp.get(AgreementLinkRepository);
    const moved = await repository.findById<StandardContractForm>(_id);
    expect(moved).not.toBeNull();
    const agreement = moved!.toObject();
    expect(String(agreement._id)).toBe(String(_id));
    expect(agreement).toMatchObject({
      family: 'standard',
      token,
      docLink: legacy.docLink,
      signingLink: legacy.signingLink,
      status: 'viewed',
      sentBy: 'csm@prosign.example',
      searchText: legacy.searchText,
      createdAt: sentAt,
      viewedAt,
      viewedIp: '198.51.100.23',
      viewedTimes: 1,
      replacedBy: null,
      send: {
        state: 'completed',
        startedAt: sentAt,
        params: { subject: 'Your contract', filename: 'Foundation Retrofit.pdf', replacesId: null },
      },
    });
    expect(agreement.form).toMatchObject({
      full_name: 'Legacy Client',
      email: 'legacy.client@example.com',
      company_name: 'Old Records LLC',
      contact_number: '+1 (415) 555-0199',
      site_address: '12 Archive Road',
      city: 'Berkeley',
      cost: 8400,
      deposit: 2100,
      balance: 6300,
      csm_email: 'csm@prosign.example',
      form_type: 'Structural Engineering',
      contractTitle: 'Foundation Retrofit',
      contractIntro: 'This agreement is made between…',
      hsDealId: 'deal-legacy-1',
    });
    // The old fields are not carried over at the top level.
    for (const gone of [
      'full_name',
      'email',
      'cost',
      'history',
      'sendKey',
      'authenticatedEmailId',
    ]) {
      expect(agreement).not.toHaveProperty(gone);
    }
    // The history, as the chained event log: who, when, from where, and the status after.
    expect(
      agreement.events.map(({ type, status, actor, ip, at }) => ({ type, status, actor, ip, at })),
    ).toEqual([
      {
        type: 'sent',
        status: 'not signed',
        actor: 'csm@prosign.example',
        ip: '203.0.113.5',
        at: sentAt,
      },
      { type: 'viewed', status: 'viewed', actor: 'signer', ip: '198.51.100.23', at: viewedAt },
    ]);
    expect(await eventLog.checkChain(_id)).toEqual({ intact: true, events: 2, brokenAt: null });
    // The old keys resolve through the link records.
    expect(String((await links.findByKey('sign', token))?._id)).toBe(String(_id));
    expect(String((await links.findByKey('send', sendKey))?._id)).toBe(String(_id));

    // Running the seed again moves nothing and leaves the record as it was.
    const again = await runSeeders(seedApp);
    expect(again.join('\n')).toMatch(/contracts onto the agreement core: 1 old .*0 moved now/);
    const after = await repository.findById<StandardContractForm>(_id);
    expect(after!.toObject().events).toEqual(agreement.events);
    expect(await connection.collection('agreements').countDocuments({ _id })).toBe(1);
    await seedApp.close();
    seedApp = undefined;

    // The signer's old link still opens the contract in the signing app; the view is a new event.
    ({ app: api } = await startApi(env.config));
    const opened = await signerHttp(api).post('/api/verifyToken').send({ token }).expect(200);
    expect(opened.body).toMatchObject({
      valid: true,
      status: 'viewed',
      docLink: legacy.docLink,
      client: { full_name: 'Legacy Client', hsDealId: 'deal-legacy-1' },
    });
    const viewedAgain = await storedByToken(api, token);
    expect(eventTypes(viewedAgain)).toEqual(['sent', 'viewed', 'viewed']);
    expect(viewedAgain?.viewedTimes).toBe(2);
    expect(await api.get(AgreementEventRepository).checkChain(_id)).toMatchObject({ intact: true });
    // Staff see it on the dashboard with its history.
    const http = await staffHttp(api, 'csm@prosign.example');
    const card = (await http().get(`/api/contracts/by-token/${token}`).expect(200))
      .body as ContractCardView;
    expect(card).toMatchObject({ _id: String(_id), full_name: 'Legacy Client', cost: 8400 });
    expect(card.history.map((h) => [h.type, h.performedBy])).toEqual([
      ['sent', 'csm@prosign.example'],
      ['viewed', 'signer'],
      ['viewed', 'signer'],
    ]);
  });
});
