import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import type { ContractCardView } from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import { migrate, MigrateModule } from '../src/migrations/migrate.module';
import { AgreementRepository } from '../src/modules/agreements/agreement.repository';
import { AgreementEventRepository } from '../src/modules/agreements/agreement-events.repository';
import { AgreementLinkRepository } from '../src/modules/agreements/agreement-links.repository';
import type { StandardContractForm } from '../src/modules/families/contracts/standard-contract.form';
import {
  MIGRATIONS_COLLECTION,
  type Migration,
  type MigrationRecord,
} from '../src/platform/migrations/migration';
import { runMigrations } from '../src/platform/migrations/migration-runner';
import { eventTypes, storedByToken } from './support/agreements';
import { seedBaseData } from './support/seed';
import { PUBLIC_API_URL, signerHttp } from './support/signing-fixtures';
import { staffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const CONTRACTS_MOVE = '2026-12-06-contracts-to-agreements';

function migrationRecords(connection: Connection) {
  return connection.collection<MigrationRecord>(MIGRATIONS_COLLECTION);
}

/** A migration that counts its runs, for the runner's own behaviour. */
function countingMigration(id: string, run: () => Promise<string> = async () => 'done') {
  const migration = {
    id,
    runs: 0,
    async up() {
      migration.runs += 1;
      return run();
    },
  } satisfies Migration & { runs: number };
  return migration;
}

/**
 * Data migrations apply once per database: each claimed by inserting its record in
 * `migrations`, so of two processes starting together one runs it and the other waits for
 * it; a later start skips it by its record.
 */
describe('the migration runner', () => {
  const env = createTestEnv(__filename);
  let app: INestApplicationContext;
  let connection: Connection;

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(MigrateModule.forRoot(env.config), {
      logger: false,
    });
    connection = app.get<Connection>(getConnectionToken());
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  it('applies each migration once: two processes at once, then a later start', async () => {
    const slow = countingMigration('2026-12-01-a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return 'a done';
    });
    const next = countingMigration('2026-12-02-b');
    const both = [slow, next];
    const [one, other] = await Promise.all([
      runMigrations(connection, both, { runner: 'first:1', pollMs: 50 }),
      runMigrations(connection, both, { runner: 'second:2', pollMs: 50 }),
    ]);
    expect(slow.runs).toBe(1);
    expect(next.runs).toBe(1);
    // Each migration was applied by one of them, and the other found it applied.
    for (const id of ['2026-12-01-a', '2026-12-02-b']) {
      const results = [one, other].map((run) => run.find((o) => o.id === id)?.result).sort();
      expect(results).toEqual(['already applied', 'applied']);
    }
    const records = await migrationRecords(connection).find().sort({ _id: 1 }).toArray();
    expect(records).toEqual([
      expect.objectContaining({ _id: '2026-12-01-a', status: 'applied', summary: 'a done' }),
      expect.objectContaining({ _id: '2026-12-02-b', status: 'applied', summary: 'done' }),
    ]);
    expect(records[0].appliedAt).toBeInstanceOf(Date);
    expect(records[0].durationMs).toBeGreaterThanOrEqual(300);

    const later = await runMigrations(connection, both, { runner: 'third:3' });
    expect(later.map((outcome) => outcome.result)).toEqual(['already applied', 'already applied']);
    expect([slow.runs, next.runs]).toEqual([1, 1]);
  });

  it('records nothing for a failed migration, stops there, and runs it at the next start', async () => {
    let fail = true;
    const flaky = countingMigration('2026-12-03-flaky', async () => {
      if (fail) throw new Error('the database said no');
      return 'done at last';
    });
    const after = countingMigration('2026-12-04-after');
    await expect(runMigrations(connection, [flaky, after])).rejects.toThrow(
      'migration 2026-12-03-flaky failed: the database said no',
    );
    expect(await migrationRecords(connection).countDocuments({ _id: flaky.id })).toBe(0);
    expect(after.runs).toBe(0);

    fail = false;
    const outcomes = await runMigrations(connection, [flaky, after]);
    expect(outcomes.map((outcome) => outcome.result)).toEqual(['applied', 'applied']);
    expect([flaky.runs, after.runs]).toEqual([2, 1]);
  });

  it('takes over a claim its process left behind when it died', async () => {
    await migrationRecords(connection).insertOne({
      _id: '2026-12-05-orphaned',
      status: 'running',
      runner: 'gone:99',
      startedAt: new Date(Date.now() - 120_000),
      leaseUntil: new Date(Date.now() - 60_000),
      appliedAt: null,
      durationMs: null,
      summary: null,
    });
    const orphaned = countingMigration('2026-12-05-orphaned');
    const [outcome] = await runMigrations(connection, [orphaned], { runner: 'alive:1' });
    expect(outcome.result).toBe('applied');
    expect(orphaned.runs).toBe(1);
    expect(
      await migrationRecords(connection).findOne({ _id: '2026-12-05-orphaned' }),
    ).toMatchObject({ status: 'applied', runner: 'alive:1' });
  });

  it('refuses a list whose ids do not ascend (the order they apply in is their dates)', async () => {
    await expect(
      runMigrations(connection, [
        countingMigration('2026-12-09-b'),
        countingMigration('2026-12-08-a'),
      ]),
    ).rejects.toThrow('ids must ascend');
  });
});

/**
 * The move of records stored before the agreement core (the old `contracts` collection), a
 * migration: same `_id`, form fields under `form`, the history as a chained event log, the
 * old keys as link records; the signer's link still opens the contract. Applied once: the
 * next start does not read the old collection again.
 */
describe('moving old contract records onto the agreement core', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL });
  let migrateApp: INestApplicationContext | undefined;
  let api: INestApplication | undefined;

  afterAll(async () => {
    await migrateApp?.close();
    await api?.close();
    await env.cleanup();
  });

  it('keeps the record, its fields, status, history and links; the next start reads the old records no more', async () => {
    migrateApp = await NestFactory.createApplicationContext(MigrateModule.forRoot(env.config), {
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
    const connection = migrateApp.get<Connection>(getConnectionToken());
    await connection.collection('contracts').insertOne(legacy);

    // The migrate entry point's run, as a deploy starts it.
    const first = await migrate(migrateApp);
    expect(first).toContainEqual({
      id: CONTRACTS_MOVE,
      result: 'applied',
      summary: '1 old contract record(s), 1 moved',
    });
    expect(await migrationRecords(connection).findOne({ _id: CONTRACTS_MOVE })).toEqual(
      expect.objectContaining({
        status: 'applied',
        appliedAt: expect.any(Date),
        durationMs: expect.any(Number),
      }),
    );

    const repository = migrateApp.get(AgreementRepository);
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
    expect(await migrateApp.get(AgreementEventRepository).checkChain(_id)).toEqual({
      intact: true,
      events: 2,
      brokenAt: null,
    });
    // The old keys resolve through the link records.
    expect(
      String((await migrateApp.get(AgreementLinkRepository).findByKey('sign', token))?._id),
    ).toBe(String(_id));
    expect(
      String((await migrateApp.get(AgreementLinkRepository).findByKey('send', sendKey))?._id),
    ).toBe(String(_id));

    // The next start does not read the old collection: a record added there since stays there.
    const lateId = new Types.ObjectId();
    await connection
      .collection('contracts')
      .insertOne({ ...legacy, _id: lateId, token: 'legacy-token-added-after-the-move' });
    const again = await migrate(migrateApp);
    expect(again).toContainEqual({
      id: CONTRACTS_MOVE,
      result: 'already applied',
      summary: '1 old contract record(s), 1 moved',
    });
    expect(await connection.collection('agreements').countDocuments({ _id: lateId })).toBe(0);
    const after = await repository.findById<StandardContractForm>(_id);
    expect(after!.toObject().events).toEqual(agreement.events);
    await migrateApp.close();
    migrateApp = undefined;

    // The staff users (the seed runs after the migrations, as in `npm start`).
    await seedBaseData(env.config);
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
