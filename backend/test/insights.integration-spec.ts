import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { calendarDayIn, INSIGHTS_PATHS, isoWeekOf, type InsightsResponse } from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import { AgreementInsightsRepository } from '../src/modules/agreements';
import { digestKey, InsightsDigestService } from '../src/modules/insights';
import { seedBaseData } from './support/seed';
import { PUBLIC_SIGNING_URL, sendContract, signStandardAs } from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const ZONE = 'America/Los_Angeles';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ANA = 'ana@prosign.example';
const BEN = 'ben@prosign.example';

/** What a seeded agreement went through, in hours after its send. */
interface Seeded {
  family: 'standard' | 'sow' | 'co';
  owner: string;
  fee: number;
  sentDaysAgo: number;
  status: string;
  viewedAfter?: number;
  signedAfter?: number;
  declined?: { after: number; reason: string };
  expiredAfter?: number;
  voidedAfter?: number;
  deleted?: boolean;
  reminderLocked?: boolean;
  invoices?: Record<string, unknown>;
}

/**
 * Insights through `GET /api/insights`: agreements of three families, two owners
 * and two months are stored as the agreement core stores them (their facts built as the
 * migration builds them), and every figure of the page is checked against what they went
 * through; one contract is then sent and signed through the product's own calls and moves the
 * figures at once. Who may ask, what a bad query gets, and the Monday digest: one mail per
 * reader and week, whatever the runs, and none to whoever did not choose it.
 */
describe('Insights', () => {
  const env = createTestEnv(__filename, { PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext | undefined;
  let connection: Connection;
  let admin: StaffHttp;
  const now = new Date();
  const today = calendarDayIn(now, ZONE);
  const period = { from: calendarDayIn(new Date(now.getTime() - 40 * DAY), ZONE), to: today };
  const ids: Record<string, Types.ObjectId> = {};

  async function seed(name: string, agreement: Seeded): Promise<void> {
    const sentAt = new Date(now.getTime() - agreement.sentDaysAgo * DAY);
    const at = (hours: number | undefined) =>
      hours === undefined ? null : new Date(sentAt.getTime() + hours * HOUR);
    const signer = `${name} Signer`;
    const email = `${name.toLowerCase()}@client.example`;
    const forms = {
      standard: {
        full_name: signer,
        email,
        contact_number: '',
        cc_email: '',
        csm_email: agreement.owner,
        pm_email: '',
        cost: agreement.fee,
        deposit: 2500,
        progress: 1000,
        balance: null,
        contractTitle: `Contract ${name}`,
        form_type: 'Structural Engineering',
        // The deal's pipeline, as the contract screen stores it from the CRM's deal.
        hs_pipeline: 'default',
      },
      sow: {
        cp_name: signer,
        cp_email: email,
        cp_phone: '',
        cc_emails: '',
        pm_email: agreement.owner,
        payment_amount: agreement.fee,
        project_address: `${name} Street`,
        project_id: name,
      },
      co: {
        signatory_name: signer,
        signatory_email: email,
        signatory_phone: '',
        cc_emails: '',
        csm_email: agreement.owner,
        pm_email: '',
        fee: agreement.fee,
        project_address: `${name} Avenue`,
        project_id: name,
        deal_pipeline: env.config.CRM_CHANGE_ORDER_PIPELINE,
      },
    };
    const events: Array<{ type: string; at: Date; actor: string }> = [
      { type: 'sent', at: sentAt, actor: agreement.owner },
    ];
    const push = (type: string, hours: number | undefined, actor = 'signer') => {
      if (hours !== undefined) events.push({ type, at: at(hours)!, actor });
    };
    push('viewed', agreement.viewedAfter);
    push('signed', agreement.signedAfter);
    push('declined', agreement.declined?.after);
    push('expired', agreement.expiredAfter, 'system');
    push('void', agreement.voidedAfter, 'admin@prosign.example');
    const _id = new Types.ObjectId();
    ids[name] = _id;
    const record = {
      _id,
      family: agreement.family,
      token: `insights-${name}-${String(_id)}`,
      docLink: `https://docs.example/${name}`,
      signingLink: `https://sign.example/${name}`,
      form: forms[agreement.family],
      sentBy: agreement.owner,
      status: agreement.status,
      searchText: name.toLowerCase(),
      events: events.map((event) => ({
        ...event,
        status: null,
        ip: null,
        userAgent: null,
        data: null,
        prevHash: null,
        hash: 'h',
      })),
      headHash: 'h',
      createdAt: sentAt,
      viewedAt: at(agreement.viewedAfter),
      viewedTimes: agreement.viewedAfter === undefined ? 0 : 1,
      signedAt: at(agreement.signedAfter),
      declinedAt: at(agreement.declined?.after),
      declineReason: agreement.declined?.reason ?? null,
      expiredAt: at(agreement.expiredAfter),
      voidedAt: at(agreement.voidedAfter),
      // Links open a while yet: the worker's expiry sweep (it runs in the digest's test) leaves them.
      expiresAt: new Date(now.getTime() + 30 * DAY),
      deletedAt: agreement.deleted ? now : null,
      isResend: false,
      isEditResend: false,
      isDeactiveReminder: agreement.reminderLocked === true,
      reminderDeactivateTime: agreement.reminderLocked ? new Date(now.getTime() + DAY) : null,
      remindersAt: [],
      ...(agreement.invoices ? { invoices: agreement.invoices } : {}),
    };
    await connection.collection('agreements').insertOne(record);
    const stored = await connection.collection('agreements').findOne({ _id });
    // As the migration stores the facts of agreements from before them.
    await api.get(AgreementInsightsRepository).rebuild(stored as never);
  }

  /** Every stored total without its counters at zero (a change taken back leaves a zero). */
  async function storedTotals() {
    const totals = await connection
      .collection('agreement_insight_totals')
      .find({}, { sort: { _id: 1 } })
      .toArray();
    const nonZero = (counters: Record<string, number> | undefined) =>
      Object.fromEntries(Object.entries(counters ?? {}).filter(([, count]) => count !== 0));
    return totals
      .map((total) => ({
        ...total,
        n: nonZero(total.n),
        tts: nonZero(total.tts),
        reasons: nonZero(total.reasons),
        texts: undefined,
      }))
      .filter((total) => Object.keys({ ...total.n, ...total.tts, ...total.reasons }).length > 0);
  }

  async function insights(http: StaffHttp, query: Record<string, string>) {
    const res = await http().get(INSIGHTS_PATHS.data).query(query).expect(200);
    return res.body as InsightsResponse;
  }

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    connection = api.get<Connection>(getConnectionToken(), { strict: false });
    admin = await staffHttp(api);
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    await seed('A1', {
      family: 'standard',
      owner: ANA,
      fee: 10_000,
      sentDaysAgo: 30,
      status: 'signed',
      viewedAfter: 2,
      signedAfter: 48,
      invoices: {
        deposit: { number: 1, issuedAt: ago(25), status: 'not paid' },
        progress: { number: 2, issuedAt: ago(5), status: 'paid' },
      },
    });
    await seed('A2', {
      family: 'sow',
      owner: ANA,
      fee: 4_000,
      sentDaysAgo: 20,
      status: 'signed',
      viewedAfter: 3,
      signedAfter: 120,
    });
    await seed('A3', {
      family: 'co',
      owner: ANA,
      fee: 1_500,
      sentDaysAgo: 10,
      status: 'signed',
      viewedAfter: 1,
      signedAfter: 24,
    });
    await seed('A4', {
      family: 'standard',
      owner: ANA,
      fee: 8_000,
      sentDaysAgo: 12,
      status: 'not signed',
      reminderLocked: true,
    });
    await seed('A5', {
      family: 'co',
      owner: ANA,
      fee: 2_000,
      sentDaysAgo: 3,
      status: 'viewed',
      viewedAfter: 1,
    });
    await seed('A6', {
      family: 'sow',
      owner: ANA,
      fee: 6_000,
      sentDaysAgo: 35,
      status: 'declined',
      viewedAfter: 24,
      declined: { after: 48, reason: 'The fee is over our budget' },
    });
    await seed('A7', {
      family: 'standard',
      owner: ANA,
      fee: 5_000,
      sentDaysAgo: 38,
      status: 'expired',
      expiredAfter: 30 * 24,
    });
    // Sent before the period: not in its funnel, but waiting (and stalled) now.
    await seed('A8', {
      family: 'standard',
      owner: ANA,
      fee: 7_000,
      sentDaysAgo: 60,
      status: 'viewed',
      viewedAfter: 24,
    });
    await seed('A9', {
      family: 'standard',
      owner: ANA,
      fee: 3_000,
      sentDaysAgo: 25,
      status: 'void',
      viewedAfter: 1,
      signedAfter: 24,
      voidedAfter: 72,
    });
    await seed('B1', {
      family: 'standard',
      owner: BEN,
      fee: 9_000,
      sentDaysAgo: 5,
      status: 'signed',
      viewedAfter: 1,
      signedAfter: 12,
    });
    await seed('B2', {
      family: 'standard',
      owner: BEN,
      fee: 9_000,
      sentDaysAgo: 5,
      status: 'not signed',
      deleted: true,
    });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  it('counts the funnel of what one owner sent in the period, with its rates', async () => {
    const figures = await insights(admin, { ...period, owner: ANA });
    expect(figures.funnel.map(({ step, count, rate }) => [step, count, rate])).toEqual([
      ['sent', 8, 1],
      ['viewed', 6, 0.75],
      ['signed', 4, 0.5],
      ['declined', 1, 0.125],
      ['expired', 1, 0.125],
      ['voided', 1, 0.125],
    ]);
    expect(figures.filter).toEqual({
      ...period,
      family: null,
      owner: ANA,
      pipeline: null,
      stalledDays: 7,
    });
    // The other owner: the deleted agreement never counts.
    const ben = await insights(admin, { ...period, owner: BEN });
    expect(ben.funnel.slice(0, 3).map((step) => step.count)).toEqual([1, 1, 1]);
    expect(figures.options.owners.map((owner) => owner.email)).toEqual(
      expect.arrayContaining([ANA, BEN]),
    );
  });

  it('filters by the deal’s CRM pipeline, named as the CRM names it', async () => {
    const figures = await insights(admin, { ...period, owner: ANA });
    expect(figures.options.pipelines).toEqual([
      { id: env.config.CRM_CHANGE_ORDER_PIPELINE, label: 'Change Orders' },
      { id: 'default', label: 'Sales Pipeline' },
    ]);
    // Ana's contracts of the period: A1 signed, A4 waiting, A7 expired, A9 signed then voided.
    const sales = await insights(admin, { ...period, owner: ANA, pipeline: 'default' });
    expect(sales.funnel.map(({ step, count }) => [step, count])).toEqual([
      ['sent', 4],
      ['viewed', 2],
      ['signed', 2],
      ['declined', 0],
      ['expired', 1],
      ['voided', 1],
    ]);
    const changeOrders = await insights(admin, {
      ...period,
      owner: ANA,
      pipeline: env.config.CRM_CHANGE_ORDER_PIPELINE,
    });
    expect(changeOrders.funnel.slice(0, 3).map((step) => step.count)).toEqual([2, 2, 1]);
    expect(changeOrders.timeToSign.byFamily.map((group) => group.key)).toEqual(['co']);
    // A pipeline nobody's deal is in: nothing, and the box still offers the one chosen.
    const none = await insights(admin, { ...period, pipeline: 'no-such-pipeline' });
    expect(none.funnel[0].count).toBe(0);
    expect(none.options.pipelines.map((pipeline) => pipeline.id)).toContain('no-such-pipeline');
  });

  it('gives time to sign as a distribution, median and 90th percentile, by family and owner', async () => {
    const { timeToSign } = await insights(admin, { ...period, owner: ANA });
    // Signed by the signer after 2, 5, 1 and 1 days.
    expect(timeToSign).toMatchObject({ count: 4, medianDays: 1, p90Days: 5 });
    expect(timeToSign.buckets.map((bucket) => [bucket.key, bucket.count])).toEqual([
      ['under1', 0],
      ['1to2', 3],
      ['3to7', 1],
      ['8to14', 0],
      ['15to30', 0],
      ['over30', 0],
    ]);
    expect(timeToSign.byFamily).toEqual(
      [
        { key: 'co', label: 'Change order', count: 1, medianDays: 1, p90Days: 1 },
        { key: 'sow', label: 'SOW', count: 1, medianDays: 5, p90Days: 5 },
        { key: 'standard', label: 'Contract', count: 2, medianDays: 1, p90Days: 2 },
      ].map((group) => ({ ...group, label: expect.any(String) })),
    );
    expect(timeToSign.byOwner).toEqual([
      { key: ANA, label: ANA, count: 4, medianDays: 1, p90Days: 5 },
    ]);
  });

  it('adds up the fee waiting for a signature now, by age band and by stage', async () => {
    const { valueWaiting } = await insights(admin, { ...period, owner: ANA });
    expect(valueWaiting.count).toBe(3);
    expect(valueWaiting.total).toEqual({ amount: 17_000, currency: 'USD' });
    const slices = (list: typeof valueWaiting.byAge | typeof valueWaiting.byStage) =>
      list.map((slice) => [slice.key, slice.count, slice.value.amount]);
    expect(slices(valueWaiting.byAge)).toEqual([
      ['0to7', 1, 2_000],
      ['8to14', 1, 8_000],
      ['15to30', 0, 0],
      ['31to60', 1, 7_000],
      ['over60', 0, 0],
    ]);
    expect(slices(valueWaiting.byStage)).toEqual([
      ['notViewed', 1, 8_000],
      ['viewed', 2, 9_000],
      ['signatureSaved', 0, 0],
    ]);
  });

  it('lists the stalled agreements oldest first, who they wait on, and whether a reminder may go now', async () => {
    const { stalled } = await insights(admin, { ...period, owner: ANA });
    expect(stalled.total).toBe(2);
    expect(stalled.items).toEqual([
      expect.objectContaining({
        id: String(ids.A8),
        family: 'standard',
        title: 'Contract A8',
        reason: 'noSignerAction',
        waitingOn: { name: 'A8 Signer', role: 'signer', email: 'a8@client.example' },
        daysWaiting: 59,
        reminderAllowed: true,
        reminder: {
          method: 'POST',
          path: '/api/email/send-reminder',
          body: { token: expect.stringMatching(/^insights-A8-/) },
        },
        link: '/dashboard',
      }),
      expect.objectContaining({
        id: String(ids.A4),
        reason: 'notViewed',
        waitingOn: { name: 'A4 Signer', role: 'signer', email: 'a4@client.example' },
        daysWaiting: 12,
        // The reminder lock is on: the dashboards' action table refuses it.
        reminderAllowed: false,
        reminderRefusal: 'A reminder was sent recently. The next one can be sent later.',
        reminder: null,
      }),
    ]);
    // A longer threshold leaves the younger one out.
    const longer = await insights(admin, { ...period, owner: ANA, stalledDays: '30' });
    expect(longer.stalled.items.map((item) => item.id)).toEqual([String(ids.A8)]);
    // A page shorter than the count: the oldest, and the whole count still; the threshold
    // exactly at an agreement's idle instant counts it (its own day read to the instant).
    const facts = api.get(AgreementInsightsRepository);
    const scope = { families: ['standard', 'sow', 'co'], owner: ANA, pipeline: null };
    const stalledAt = async (idleBefore: Date, limit: number) =>
      facts.stalled(
        scope,
        idleBefore,
        limit,
        await facts.waitingTotals(scope.families, today, idleBefore),
      );
    const a4IdleSince = new Date(now.getTime() - 12 * DAY);
    const page = await stalledAt(a4IdleSince, 1);
    expect(page.total).toBe(2);
    expect(page.facts.map((fact) => String(fact._id))).toEqual([String(ids.A8)]);
    const justBefore = await stalledAt(new Date(a4IdleSince.getTime() - 1), 5);
    expect(justBefore.total).toBe(1);
  });

  it('counts each week’s sends, signatures and declines, groups decline reasons and sums invoices', async () => {
    const { volume, invoices } = await insights(admin, { ...period, owner: ANA });
    const total = (key: 'sent' | 'signed' | 'declined') =>
      volume.weeks.reduce((sum, week) => sum + week[key], 0);
    expect([total('sent'), total('signed'), total('declined')]).toEqual([8, 4, 1]);
    expect(volume.weeks[0].weekStart <= period.from).toBe(true);
    expect(
      new Set(volume.weeks.map((week) => new Date(`${week.weekStart}T12:00:00Z`).getUTCDay())),
    ).toEqual(new Set([1]));
    expect(volume.declineReasons).toEqual([
      { group: 'price', label: 'Price or fee', count: 1, examples: ['The fee is over our budget'] },
    ]);
    // A deposit of $2,500 issued 25 days ago and unpaid (due after 15 days), a paid progress of $1,000.
    expect(invoices).toEqual({
      issued: { count: 2, value: { amount: 3_500, currency: 'USD' } },
      paid: { count: 1, value: { amount: 1_000, currency: 'USD' } },
      overdue: { count: 1, value: { amount: 2_500, currency: 'USD' } },
    });
  });

  it('counts only the families a staff member sees, and refuses whoever lacks the Insights flag', async () => {
    const csm = await staffHttp(api, 'csm@prosign.example');
    const refused = await csm().get(INSIGHTS_PATHS.data).expect(403);
    expect(refused.body.message).toMatch(/Insights/);
    await csm().get(INSIGHTS_PATHS.digest).expect(403);

    // The PM sees the SOW dashboard only: given Insights, they count SOW contracts alone.
    await admin()
      .post('/api/access/toggle-access')
      .send({ email: 'pm@prosign.example', accessField: 'insightsAccess' })
      .expect(200);
    const pm = await staffHttp(api, 'pm@prosign.example');
    const figures = await insights(pm, { ...period, owner: ANA });
    expect(figures.options.families.map((family) => family.id)).toEqual(['sow']);
    expect(figures.funnel[0].count).toBe(2);
    expect(figures.valueWaiting.count).toBe(0);
    const hidden = await pm().get(INSIGHTS_PATHS.data).query({ family: 'standard' }).expect(403);
    expect(hidden.body.message).toBe('You do not have access to this family’s agreements.');
  });

  it('refuses a malformed filter with the reason, and an unknown family', async () => {
    const bad = await admin().get(INSIGHTS_PATHS.data).query({ from: '2026-13-01' }).expect(400);
    expect(bad.body.message).toBe('from must be a date as YYYY-MM-DD.');
    const unknown = await admin().get(INSIGHTS_PATHS.data).query({ family: 'lease' }).expect(400);
    expect(unknown.body.message).toBe('No contract family is called "lease".');
  });

  it('moves the figures as soon as a contract is sent and signed through the product', async () => {
    const owner = 'csm@prosign.example';
    const before = await insights(admin, { owner });
    const { token } = await sendContract(admin, { csm_email: owner });
    const sent = await insights(admin, { owner });
    expect(sent.funnel[0].count).toBe(before.funnel[0].count + 1);
    expect(sent.valueWaiting.count).toBe(before.valueWaiting.count + 1);
    await signStandardAs(api, token, 'Maria Alvarez');
    const signed = await insights(admin, { owner });
    expect(signed.funnel[2].count).toBe(before.funnel[2].count + 1);
    expect(signed.valueWaiting.count).toBe(before.valueWaiting.count);
    expect(signed.timeToSign.count).toBe(before.timeToSign.count + 1);
    expect(signed.timeToSign.buckets[0].count).toBe(before.timeToSign.buckets[0].count + 1);
  });

  it('keeps totals that each write adds to equal to the totals counted afresh from the facts', async () => {
    // Written by every write of this file's agreements (the seeds, a sent and signed contract).
    const kept = await storedTotals();
    expect(kept.length).toBeGreaterThan(0);
    await api.get(AgreementInsightsRepository).recountTotals();
    expect(await storedTotals()).toEqual(kept);
  });

  describe('the Monday digest', () => {
    // The Monday two weeks ago, 08:00 in Los Angeles (16:00 UTC, standard time): another week
    // than the one the worker's own schedule may be mailing while the test runs.
    const monday = (() => {
      const day = new Date(`${today}T16:00:00Z`);
      return new Date(day.getTime() - (((day.getUTCDay() + 6) % 7) + 14) * DAY);
    })();
    const week = isoWeekOf(calendarDayIn(monday, ZONE));
    // That week's digests (the worker's own schedule may be mailing this week's meanwhile).
    const digests = () =>
      connection
        .collection('mail_deliveries')
        .find({ template: 'insights-digest', _id: { $regex: `\\.${week}$` } } as never)
        .toArray();

    it('keeps each reader’s choice, and refuses one that is not true or false', async () => {
      expect((await admin().get(INSIGHTS_PATHS.digest).expect(200)).body).toEqual({
        weekly: false,
      });
      const bad = await admin().post(INSIGHTS_PATHS.digest).send({ weekly: 'yes' }).expect(400);
      expect(JSON.stringify(bad.body.message)).toContain('weekly must be true or false');
      expect((await admin().get(INSIGHTS_PATHS.digest).expect(200)).body).toEqual({
        weekly: false,
      });
      await admin()
        .post(INSIGHTS_PATHS.digest)
        .send({ weekly: true })
        .expect(200, { weekly: true });
      expect((await admin().get(INSIGHTS_PATHS.digest).expect(200)).body).toEqual({
        weekly: true,
      });
    });

    it('mails each reader who chose it once a week on Monday morning, and nobody else', async () => {
      // Ana reads Insights and chooses the digest; Ben reads it and does not.
      for (const email of [ANA, BEN]) {
        await admin()
          .post('/api/access/user')
          .send({ email, role: ['csm'] })
          .expect(201);
        await admin()
          .post('/api/access/toggle-access')
          .send({ email, accessField: 'insightsAccess' })
          .expect(200);
      }
      const ana = await staffHttp(api, ANA);
      await ana().post(INSIGHTS_PATHS.digest).send({ weekly: true }).expect(200);

      worker = await startWorker(env.config);
      const digest = worker.get(InsightsDigestService);
      const tuesday = new Date(monday.getTime() + DAY);
      expect(await digest.run(tuesday)).toEqual({ sent: 0, skipped: 0 });
      expect(await digests()).toHaveLength(0);

      // The admin chose it in the test before: two readers.
      expect(await digest.run(monday)).toEqual({ sent: 2, skipped: 0 });
      // Again (a retry, another worker): nothing more.
      expect(await digest.run(new Date(monday.getTime() + HOUR))).toEqual({ sent: 0, skipped: 0 });
      const mails = await digests();
      expect(mails.map((mail) => mail.to).sort()).toEqual([['admin@prosign.example'], [ANA]]);
      const anaMail = mails.find((mail) => mail.to[0] === ANA)!;
      expect(anaMail._id).toBe(digestKey(ANA, week));
      expect(anaMail.text).toContain(
        'Value waiting now: $17,000.00 in 3 agreements waiting for a signature.',
      );
      expect(anaMail.text).toContain(
        'Contract A8 — no action from the signer, waiting on A8 Signer (signer) for',
      );
      expect(anaMail.text).toContain('/insights?from=');
      expect(anaMail.text).toContain(`owner=${encodeURIComponent(ANA)}`);
    });
  });
});
