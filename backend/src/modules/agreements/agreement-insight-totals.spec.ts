import { Types } from 'mongoose';
import type { AgreementInsightFacts } from './agreement-insight-facts';
import {
  sincePlanOf,
  totalChangesOf,
  waitingDaysFrom,
  weekPlanOf,
  type TotalChange,
} from './agreement-insight-totals';

function facts(overrides: Partial<AgreementInsightFacts> = {}): AgreementInsightFacts {
  return {
    _id: new Types.ObjectId('6750f1a2b3c4d5e6f7a8b9c0'),
    family: 'standard',
    owner: 'ana@prosign.example',
    pipeline: 'default',
    fee: 1234.56,
    listed: true,
    status: 'not signed',
    sentAt: new Date('2026-11-04T18:00:00Z'),
    sentDay: '2026-11-04',
    sentWeek: '2026-11-02',
    viewed: 0,
    signed: 0,
    declined: 0,
    expired: 0,
    voided: 0,
    signedDay: null,
    signedWeek: null,
    daysToSign: null,
    declinedDay: null,
    declinedWeek: null,
    declineGroup: null,
    declineReason: null,
    open: true,
    stage: 'notViewed',
    idleSince: new Date('2026-11-04T18:00:00Z'),
    idleDay: '2026-11-04',
    invoices: [],
    lastIssuedDay: null,
    eventCount: 1,
    ...overrides,
  };
}

/** Applies changes to a map of totals as the database's `$inc` does. */
function apply(into: Map<string, Record<string, number>>, changes: readonly TotalChange[]) {
  for (const change of changes) {
    const counters = into.get(change._id) ?? {};
    for (const [field, value] of Object.entries(change.inc)) {
      counters[field] = (counters[field] ?? 0) + value;
    }
    into.set(change._id, counters);
  }
}

/** The totals without zero counters and empty records (what a fresh count holds). */
function nonZero(totals: Map<string, Record<string, number>>) {
  const result: Record<string, Record<string, number>> = {};
  for (const [id, counters] of totals) {
    const kept = Object.fromEntries(Object.entries(counters).filter(([, value]) => value !== 0));
    if (Object.keys(kept).length > 0) result[id] = kept;
  }
  return result;
}

describe('Insights totals', () => {
  it('adds a sent agreement to its day and week, waiting (fee in cents) and idle by day and month', () => {
    const changes = totalChangesOf(null, facts());
    const byId = Object.fromEntries(changes.map((change) => [change._id, change.inc]));
    const key = 'standard|ana@prosign.example|default';
    expect(byId[`activity:d|2026-11-04|${key}`]).toEqual({ 'n.sent': 1 });
    expect(byId[`activity:w|2026-11-02|${key}`]).toEqual({ 'n.sent': 1 });
    // Waiting since the send and idle since then: one record a day, one a month.
    const waiting = { 'n.notViewed': 1, 'n.fee_notViewed': 123456, 'n.idle': 1 };
    expect(byId[`waiting:d|2026-11-04|${key}`]).toEqual(waiting);
    expect(byId[`waiting:m|2026-11|${key}`]).toEqual(waiting);
    expect(changes).toHaveLength(4);
  });

  it('moves a signed agreement out of waiting and into signed, with its time to sign', () => {
    const sent = facts();
    const signed = facts({
      status: 'signed',
      signed: 1,
      viewed: 1,
      signedDay: '2026-11-10',
      daysToSign: 5.27,
      open: false,
      stage: null,
      idleSince: null,
      idleDay: null,
      eventCount: 3,
    });
    const byId = Object.fromEntries(
      totalChangesOf(sent, signed).map((change) => [change._id, change.inc]),
    );
    const key = 'standard|ana@prosign.example|default';
    expect(byId[`activity:d|2026-11-04|${key}`]).toEqual({
      'n.viewed': 1,
      'n.signed': 1,
      'tts.h527': 1,
    });
    expect(byId[`waiting:d|2026-11-04|${key}`]).toEqual({
      'n.notViewed': -1,
      'n.fee_notViewed': -123456,
      'n.idle': -1,
    });
    expect(byId[`activity:w|2026-11-09|${key}`]).toEqual({ 'n.signedOn': 1 });
  });

  it('changes nothing when the facts are the same, and takes all back when unlisted', () => {
    expect(totalChangesOf(facts(), facts())).toEqual([]);
    const removed = totalChangesOf(facts(), facts({ listed: false }));
    expect(removed.every((change) => Object.values(change.inc).every((value) => value < 0))).toBe(
      true,
    );
  });

  it('keeps the words of a decline beside the hash it is counted under', () => {
    const declined = facts({
      declined: 1,
      declinedDay: '2026-11-05',
      declineGroup: 'price',
      declineReason: 'Over our budget',
      open: false,
      stage: null,
      idleSince: null,
    });
    const change = totalChangesOf(null, declined).find((one) =>
      one._id.startsWith('activity:d|2026-11-05'),
    )!;
    const [reasonField] = Object.keys(change.inc).filter((field) => field.startsWith('reasons.'));
    expect(reasonField).toMatch(/^reasons\.price~[0-9a-f]{12}$/);
    expect(change.texts).toEqual({ [`texts.${reasonField.split('~')[1]}`]: 'Over our budget' });
  });

  it('ends equal to a fresh count of the last facts, whatever states an agreement went through', () => {
    // A walk through states an agreement may take, each write adding its change.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pick = <T>(of: readonly T[]) => of[Math.floor(random() * of.length)];
    const days = ['2026-10-30', '2026-11-01', '2026-11-02', '2026-11-09', '2026-12-01'];
    const states = Array.from({ length: 200 }, () => {
      const open = random() < 0.5;
      return facts({
        owner: pick(['ana@prosign.example', 'ben@prosign.example']),
        pipeline: pick(['default', null, 'change_orders']),
        fee: Math.round(random() * 1e6) / 100,
        listed: random() < 0.9,
        sentDay: pick([...days, null]),
        viewed: pick([0, 1] as const),
        signed: open ? 0 : pick([0, 1] as const),
        signedDay: open ? null : pick([...days, null]),
        daysToSign: open ? null : pick([null, 0.5, 2.25, 10]),
        declinedDay: open ? null : pick([null, '2026-11-03']),
        declineGroup: pick(['price', 'scope', null] as const),
        declineReason: pick(['', 'Too much', null]),
        open,
        stage: open ? pick(['notViewed', 'viewed', 'signatureSaved'] as const) : null,
        idleDay: open ? pick(days) : null,
      });
    });
    const kept = new Map<string, Record<string, number>>();
    let previous: AgreementInsightFacts | null = null;
    for (const state of states) {
      apply(kept, totalChangesOf(previous, state));
      previous = state;
    }
    const fresh = new Map<string, Record<string, number>>();
    apply(fresh, totalChangesOf(null, previous));
    expect(nonZero(kept)).toEqual(nonZero(fresh));
  });

  it('covers a period with whole weeks and the days at either end, each day once', () => {
    // Wednesday 2026-11-04 to Tuesday 2026-11-24: weeks of the 9th and 16th whole.
    expect(weekPlanOf('2026-11-04', '2026-11-24')).toEqual([
      { resolution: 'w', from: '2026-11-09', to: '2026-11-16' },
      { resolution: 'd', from: '2026-11-04', to: '2026-11-08' },
      { resolution: 'd', from: '2026-11-23', to: '2026-11-24' },
    ]);
    // Monday to Sunday: one week, no days.
    expect(weekPlanOf('2026-11-09', '2026-11-15')).toEqual([
      { resolution: 'w', from: '2026-11-09', to: '2026-11-09' },
    ]);
    // Inside one week: days only.
    expect(weekPlanOf('2026-11-10', '2026-11-12')).toEqual([
      { resolution: 'd', from: '2026-11-10', to: '2026-11-12' },
    ]);
  });

  it('covers everything up to a day with whole months, then that month by day', () => {
    expect(sincePlanOf('2026-11-17', '2026-11-16')).toEqual([
      { resolution: 'm', from: '0000-00', to: '2026-10' },
      { resolution: 'd', from: '2026-11-01', to: '2026-11-16' },
    ]);
    // The first of a month: its days are none yet.
    expect(sincePlanOf('2026-11-01', '2026-10-31')).toEqual([
      { resolution: 'm', from: '0000-00', to: '2026-10' },
    ]);
    // Waiting is by day from the month 61 days back (the last age band starts at 61 days).
    expect(waitingDaysFrom('2026-12-07')).toBe('2026-10-01');
  });
});
