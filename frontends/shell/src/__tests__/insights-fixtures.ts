import {
  FUNNEL_STEP_LABELS,
  TIME_TO_SIGN_BUCKETS,
  VALUE_AGE_BANDS,
  WAITING_STAGE_LABELS,
  type InsightsResponse,
  type StalledAgreement,
} from '@prosign/domain';
import type { FakeApi } from './fake-api';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

export const CSM = 'csm@prosign.example';
const PM = 'pm@prosign.example';

function stalledItem(overrides: Partial<StalledAgreement> = {}): StalledAgreement {
  return {
    id: 'sow-17',
    family: 'sow',
    title: 'SOW #17 — Harbor Street retrofit',
    owner: PM,
    waitingOn: { name: 'Maria Alvarez', role: 'signer', email: 'maria@example.com' },
    reason: 'notViewed',
    since: '2026-11-20T15:00:00.000Z',
    daysWaiting: 17,
    reminderAllowed: true,
    reminderRefusal: null,
    reminder: { method: 'POST', path: '/api/sow/send-reminder', body: { id: 'sow-17' } },
    link: '/sow-dashboard',
    ...overrides,
  };
}

/** Figures of a busy quarter: 120 sent, 70 signed, over two families and two owners. */
export function insightsFigures(overrides: Partial<InsightsResponse> = {}): InsightsResponse {
  const funnel = { sent: 120, viewed: 96, signed: 70, declined: 9, expired: 4, voided: 2 };
  const bucketCounts = [12, 20, 22, 9, 5, 2];
  return {
    filter: {
      from: '2026-09-09',
      to: '2026-12-07',
      family: null,
      owner: null,
      pipeline: null,
      stalledDays: 7,
    },
    timeZone: 'America/Los_Angeles',
    generatedAt: '2026-12-07T14:00:00.000Z',
    funnel: (Object.keys(funnel) as (keyof typeof funnel)[]).map((step) => ({
      step,
      label: FUNNEL_STEP_LABELS[step],
      count: funnel[step],
      rate: funnel[step] / funnel.sent,
    })),
    timeToSign: {
      count: 70,
      medianDays: 3.4,
      p90Days: 12.5,
      buckets: TIME_TO_SIGN_BUCKETS.map((bucket, index) => ({
        key: bucket.key,
        label: bucket.label,
        count: bucketCounts[index],
      })),
      byFamily: [
        { key: 'standard', label: 'Contract', count: 50, medianDays: 2.9, p90Days: 10 },
        { key: 'sow', label: 'SOW', count: 20, medianDays: 5.25, p90Days: 16 },
      ],
      byOwner: [
        { key: CSM, label: CSM, count: 45, medianDays: 3, p90Days: 11 },
        { key: PM, label: PM, count: 25, medianDays: 4.5, p90Days: 14.2 },
      ],
    },
    valueWaiting: {
      count: 21,
      total: usd(184_500),
      byAge: VALUE_AGE_BANDS.map((band, index) => ({
        key: band.key,
        label: band.label,
        count: [8, 5, 4, 3, 1][index],
        value: usd([62_000, 48_500, 40_000, 26_000, 8_000][index]),
      })),
      byStage: (['notViewed', 'viewed', 'signatureSaved'] as const).map((stage, index) => ({
        key: stage,
        label: WAITING_STAGE_LABELS[stage],
        count: [9, 10, 2][index],
        value: usd([71_000, 98_500, 15_000][index]),
      })),
    },
    stalled: {
      days: 7,
      total: 2,
      items: [
        stalledItem(),
        stalledItem({
          id: 'c-9',
          family: 'standard',
          title: 'Structural Engineering Agreement — 2215 Larkin Street',
          owner: CSM,
          waitingOn: { name: 'Luis Ortega', role: 'signer', email: 'luis@example.com' },
          reason: 'noSignerAction',
          since: '2026-11-28T18:00:00.000Z',
          daysWaiting: 9,
          reminderAllowed: false,
          reminderRefusal: 'A reminder was sent less than 24 hours ago.',
          reminder: null,
          link: '/dashboard',
        }),
      ],
    },
    volume: {
      weeks: [
        { weekStart: '2026-11-09', sent: 10, signed: 6, declined: 1 },
        { weekStart: '2026-11-16', sent: 14, signed: 9, declined: 0 },
        { weekStart: '2026-11-23', sent: 8, signed: 7, declined: 2 },
        { weekStart: '2026-11-30', sent: 12, signed: 5, declined: 1 },
      ],
      declineReasons: [
        {
          group: 'price',
          label: 'Price or fee',
          count: 5,
          examples: ['Too expensive', '=HYPERLINK("x")'],
        },
        { group: 'timing', label: 'Timing', count: 3, examples: ['Not this year'] },
        { group: 'none', label: 'No reason given', count: 1, examples: [] },
      ],
    },
    invoices: {
      issued: { count: 14, value: usd(96_250.5) },
      paid: { count: 9, value: usd(61_000) },
      overdue: { count: 3, value: usd(18_400) },
    },
    options: {
      families: [
        { id: 'standard', label: 'Contract' },
        { id: 'sow', label: 'SOW' },
      ],
      owners: [{ email: CSM }, { email: PM }],
      pipelines: [{ id: 'default', label: 'Sales pipeline' }],
    },
    ...overrides,
  };
}

/** Nothing sent, waiting or invoiced. */
export function emptyFigures(): InsightsResponse {
  const figures = insightsFigures();
  return {
    ...figures,
    funnel: figures.funnel.map((step) => ({ ...step, count: 0, rate: null })),
    timeToSign: {
      count: 0,
      medianDays: null,
      p90Days: null,
      buckets: figures.timeToSign.buckets.map((bucket) => ({ ...bucket, count: 0 })),
      byFamily: [],
      byOwner: [],
    },
    valueWaiting: {
      count: 0,
      total: usd(0),
      byAge: figures.valueWaiting.byAge.map((slice) => ({ ...slice, count: 0, value: usd(0) })),
      byStage: figures.valueWaiting.byStage.map((slice) => ({ ...slice, count: 0, value: usd(0) })),
    },
    stalled: { days: 7, total: 0, items: [] },
    volume: {
      weeks: figures.volume.weeks.map((week) => ({ ...week, sent: 0, signed: 0, declined: 0 })),
      declineReasons: [],
    },
    invoices: {
      issued: { count: 0, value: usd(0) },
      paid: { count: 0, value: usd(0) },
      overdue: { count: 0, value: usd(0) },
    },
  };
}

/** Answers `GET /api/insights?…` with `figures` (a function: per call) and the digest setting. */
export function answerInsights(
  api: FakeApi,
  figures: InsightsResponse | (() => InsightsResponse) = insightsFigures(),
  digest = { weekly: false },
) {
  api.on('GET', /^\/api\/insights\?/, () => ({
    status: 200,
    body: typeof figures === 'function' ? figures() : figures,
  }));
  api.on('GET', '/api/insights/digest', () => ({ status: 200, body: digest }));
}
