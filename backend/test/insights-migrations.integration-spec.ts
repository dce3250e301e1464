import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { migrate, MigrateModule } from '../src/migrations/migrate.module';
import { createTestEnv } from './support/test-env';

/**
 * The Insights migrations on a database from before them: users get the Insights flag as a
 * new user of their role would (administrators on, others off, a choice made since kept), and
 * every stored agreement gets its Insights facts.
 */
describe('the Insights migrations', () => {
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

  it('turns Insights on for administrators only, and stores the facts of every agreement', async () => {
    const users = connection.collection('users');
    await users.insertMany([
      { email: 'old.admin@prosign.example', role: ['admin'], homeAccess: true },
      { email: 'old.csm@prosign.example', role: ['csm'], homeAccess: true },
      // Turned off by someone before this migration ran again: stays off.
      { email: 'chosen@prosign.example', role: ['admin'], insightsAccess: false },
    ]);
    const _id = new Types.ObjectId();
    const sentAt = new Date('2026-11-02T17:00:00.000Z');
    await connection.collection('agreements').insertOne({
      _id,
      family: 'co',
      token: 'migrated-co',
      docLink: 'https://docs.example/co',
      signingLink: 'https://sign.example/co',
      form: {
        signatory_name: 'Ana Lee',
        signatory_email: 'ana@client.example',
        signatory_phone: '',
        cc_emails: '',
        csm_email: 'Casey@ProSign.example',
        pm_email: '',
        fee: 1250,
        project_address: '12 Oak Avenue',
        project_id: 'P-1',
      },
      sentBy: 'casey@prosign.example',
      status: 'viewed',
      events: [
        { type: 'sent', at: sentAt, actor: 'casey@prosign.example' },
        { type: 'viewed', at: new Date('2026-11-03T10:00:00.000Z'), actor: 'signer' },
      ],
      createdAt: sentAt,
      viewedAt: new Date('2026-11-03T10:00:00.000Z'),
      viewedTimes: 1,
      deletedAt: null,
    });

    const outcomes = await migrate(app);
    expect(outcomes.map((outcome) => outcome.id)).toEqual(
      expect.arrayContaining([
        '2026-12-07-agreement-insights',
        '2026-12-07-insights-access-for-admins',
        '2026-12-08-agreement-insight-totals',
      ]),
    );

    const flags = await users
      .find({}, { projection: { _id: 0, email: 1, insightsAccess: 1 } })
      .sort({ email: 1 })
      .toArray();
    expect(flags).toEqual([
      { email: 'chosen@prosign.example', insightsAccess: false },
      { email: 'old.admin@prosign.example', insightsAccess: true },
      { email: 'old.csm@prosign.example', insightsAccess: false },
    ]);
    const facts = await connection.collection('agreement_insights').findOne({ _id });
    expect(facts).toMatchObject({
      family: 'co',
      owner: 'casey@prosign.example',
      fee: 1250,
      listed: true,
      sentDay: '2026-11-02',
      sentWeek: '2026-11-02',
      viewed: 1,
      signed: 0,
      open: true,
      stage: 'viewed',
      idleSince: new Date('2026-11-03T10:00:00.000Z'),
      idleDay: '2026-11-03',
      eventCount: 2,
    });
    // Its totals: sent that day (and week), viewed; waiting at "viewed" since that day (and
    // month), idle since the view.
    const totals = connection.collection('agreement_insight_totals');
    expect(
      await totals.findOne({ series: 'activity:d', period: '2026-11-02', family: 'co' }),
    ).toMatchObject({ owner: 'casey@prosign.example', n: { sent: 1, viewed: 1 } });
    expect(
      await totals.findOne({ series: 'waiting:m', period: '2026-11', family: 'co' }),
    ).toMatchObject({ n: { viewed: 1, fee_viewed: 125_000, idle: 1 } });
  });
});
