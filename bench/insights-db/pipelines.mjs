// The Insights page's queries on `agreement_insights`, copied from
// backend/src/modules/agreements/agreement-insights.repository.ts: this branch's (one
// accumulator per $group), and main's at d81aebca (one read of the period's sends).

/** The ranges a request is timed for (calendar days, both included). */
export const RANGES = {
  '90 days': { from: '2026-08-03', to: '2026-10-31' },
  '365 days': { from: '2025-11-01', to: '2026-10-31' },
};

const NOW = new Date('2026-10-31T12:00:00Z');
const STALLED_BEFORE = new Date(NOW.getTime() - 7 * 86_400_000);

/**
 * Each request's queries (name → (collection, driver options) => rows), for one range and the
 * viewer's families.
 */
/** The stalled count and the oldest 20 (both revisions ask the same). */
function stalledPage(scoped) {
  const stalledFilter = { ...scoped, open: true, idleSince: { $lte: STALLED_BEFORE } };
  return async (coll, options) => [
    { total: await coll.countDocuments(stalledFilter, options) },
    ...(await coll.find(stalledFilter, options).sort({ idleSince: 1, _id: 1 }).limit(20).toArray()),
  ];
}

export function requests(days, families) {
  return { branch: branchPipelines(days, families), main: mainPipelines(days, families) };
}

function branchPipelines(days, families) {
  const scoped = { listed: true, family: { $in: [...families] } };
  const range = { $gte: days.from, $lte: days.to };
  const run = (pipeline) => (coll, options) => coll.aggregate(pipeline, options).toArray();
  const weekly = (day, week) =>
    run([
      { $match: { ...scoped, [day]: range } },
      { $group: { _id: `$${week}`, count: { $sum: 1 } } },
    ]);
  const waitingKey = { stage: '$stage', sentDay: '$sentDay' };
  return {
    funnel: run([
      { $match: { ...scoped, sentDay: range } },
      {
        $group: {
          _id: {
            viewed: '$viewed',
            signed: '$signed',
            declined: '$declined',
            expired: '$expired',
            voided: '$voided',
          },
          count: { $sum: 1 },
        },
      },
    ]),
    timeToSign: run([
      { $match: { ...scoped, sentDay: range, daysToSign: { $ne: null } } },
      {
        $group: {
          _id: { family: '$family', owner: '$owner', days: '$daysToSign' },
          count: { $sum: 1 },
        },
      },
    ]),
    waitingCounts: run([
      { $match: { ...scoped, open: true } },
      { $group: { _id: waitingKey, count: { $sum: 1 } } },
    ]),
    waitingFees: run([
      { $match: { ...scoped, open: true } },
      { $group: { _id: waitingKey, fee: { $sum: '$fee' } } },
    ]),
    stalled: stalledPage(scoped),
    weeklySent: weekly('sentDay', 'sentWeek'),
    weeklySigned: weekly('signedDay', 'signedWeek'),
    weeklyDeclined: weekly('declinedDay', 'declinedWeek'),
    declines: run([
      { $match: { ...scoped, declinedDay: range } },
      {
        $group: {
          _id: { group: '$declineGroup', reason: '$declineReason' },
          count: { $sum: 1 },
        },
      },
    ]),
    invoices: run([
      { $match: { ...scoped, invoiced: true } },
      { $unwind: '$invoices' },
      { $match: { 'invoices.issuedDay': range } },
      {
        $group: {
          _id: {
            amount: '$invoices.amount',
            paid: '$invoices.paid',
            owed: '$invoices.owed',
            dueAt: '$invoices.dueAt',
          },
          count: { $sum: 1 },
        },
      },
    ]),
    choices: run([
      { $match: { listed: true, family: { $in: [...families] } } },
      { $group: { _id: { owner: '$owner', pipeline: '$pipeline' } } },
    ]),
  };
}

function mainPipelines(days, families) {
  const scoped = { listed: true, family: { $in: [...families] } };
  const range = { $gte: days.from, $lte: days.to };
  const run = (pipeline) => (coll, options) => coll.aggregate(pipeline, options).toArray();
  return {
    sent: run([
      { $match: { ...scoped, sentDay: range } },
      {
        $group: {
          _id: {
            family: '$family',
            owner: '$owner',
            pipeline: '$pipeline',
            week: '$sentWeek',
            viewed: '$viewed',
            signed: '$signed',
            declined: '$declined',
            expired: '$expired',
            voided: '$voided',
            daysToSign: '$daysToSign',
          },
          count: { $sum: 1 },
        },
      },
    ]),
    waiting: run([
      { $match: { ...scoped, open: true } },
      {
        $group: {
          _id: { stage: '$stage', sentDay: '$sentDay', fee: '$fee' },
          count: { $sum: 1 },
        },
      },
    ]),
    stalled: stalledPage(scoped),
    signedWeeks: run([
      { $match: { ...scoped, signedDay: range } },
      { $group: { _id: '$signedWeek', count: { $sum: 1 } } },
    ]),
    declines: run([
      { $match: { ...scoped, declinedDay: range } },
      {
        $group: {
          _id: { week: '$declinedWeek', group: '$declineGroup', reason: '$declineReason' },
          count: { $sum: 1 },
        },
      },
    ]),
    invoices: run([
      { $match: { ...scoped, lastIssuedDay: { $gte: days.from } } },
      { $unwind: '$invoices' },
      { $match: { 'invoices.issuedDay': range } },
      {
        $group: {
          _id: {
            amount: '$invoices.amount',
            paid: '$invoices.paid',
            owed: '$invoices.owed',
            dueAt: '$invoices.dueAt',
          },
          count: { $sum: 1 },
        },
      },
    ]),
  };
}
