/**
 * Insights (issue 58): the contract pipeline at a glance. The page's filters as
 * they live in its URL, and the one answer that carries every figure it shows,
 * shared by the api (which computes them with aggregations) and the shell
 * (which draws them, with a table and CSV beside each chart).
 *
 * Live updates: the page listens on the staff rooms it is in (the families'
 * dashboard rooms) and fetches `INSIGHTS_PATHS.data` again on
 * `ServerEvent.AgreementChanged` ('contract-changed': a send, view, signature,
 * decline, expiry, void, reminder…) and `ServerEvent.InvoiceChanged`
 * ('invoice-changed': an invoice sent or paid). Neither event carries figures:
 * the page refetches (debounced) rather than patching numbers itself.
 */
import { z } from 'zod';
import type { AgreementFamily } from '../agreements/agreement-statuses';
import type { RecipientRole } from '../agreements/recipients';
import type { DashboardRoute } from '../agreements/agreement-routes';

// ── Routes ──

/** The api calls of the Insights page. */
export const INSIGHTS_PATHS = {
  /** `GET /api/insights?from=&to=&family=&owner=&pipeline=&stalledDays=` → `InsightsResponse`. */
  data: '/api/insights',
  /** `GET` → `InsightsDigestSetting`; `POST` `InsightsDigestSetting` → `InsightsDigestSetting`. */
  digest: '/api/insights/digest',
} as const;

/** The shell's page (the digest mail links here). */
export const INSIGHTS_PAGE_PATH = '/insights';

// ── Filters (kept in the page's URL) ──

/** The period the page opens on: the last 90 days, today included. */
export const INSIGHTS_DEFAULT_PERIOD_DAYS = 90;
/** The longest period one request may ask for (two years and a day). */
export const INSIGHTS_MAX_PERIOD_DAYS = 731;
/** An agreement is stalled after this many days without a view or the next signer's action. */
export const INSIGHTS_DEFAULT_STALLED_DAYS = 7;
export const INSIGHTS_MAX_STALLED_DAYS = 365;
/** The stalled list is cut at this many rows (oldest first); `total` says how many there are. */
export const INSIGHTS_STALLED_LIMIT = 50;

/**
 * What the page shows. `from` and `to` are calendar days (`YYYY-MM-DD`, both
 * included) in the firm's time zone (`InsightsResponse.timeZone`). The period
 * picks the agreements sent in it (funnel, time to sign), the events in it
 * (volume per week, decline reasons) and the invoices issued in it; value
 * waiting and stalled are as of now. `family`, `owner` (the CSM's or PM's
 * e-mail: the staff member who sends it and gets replies) and `pipeline` (the
 * CRM deal pipeline's id) narrow everything.
 */
export interface InsightsFilter {
  from: string;
  to: string;
  family: AgreementFamily | null;
  owner: string | null;
  pipeline: string | null;
  stalledDays: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included. */
export function periodDays(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** `day` moved by `days` calendar days. */
export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : null));

/** The query as it arrives (every value a string, or absent). */
const insightsQuerySchema = z.object({
  from: z.string().trim().refine(isCalendarDay, 'from must be a date as YYYY-MM-DD.').optional(),
  to: z.string().trim().refine(isCalendarDay, 'to must be a date as YYYY-MM-DD.').optional(),
  family: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9]{0,31}$/, 'family must be a family id, e.g. sow.')
    .optional(),
  owner: z
    .string()
    .trim()
    .toLowerCase()
    .max(320)
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'owner must be an e-mail address.',
    )
    .optional()
    .transform((value) => (value ? value : null)),
  pipeline: optionalText(100),
  stalledDays: z
    .string()
    .trim()
    .regex(
      /^\d{1,3}$/,
      `stalledDays must be a whole number from 1 to ${INSIGHTS_MAX_STALLED_DAYS}.`,
    )
    .transform(Number)
    .refine(
      (days) => days >= 1 && days <= INSIGHTS_MAX_STALLED_DAYS,
      `stalledDays must be a whole number from 1 to ${INSIGHTS_MAX_STALLED_DAYS}.`,
    )
    .optional(),
});

export type InsightsQuery = Partial<Record<keyof InsightsFilter, string | string[] | undefined>>;

export type InsightsFilterResult =
  { ok: true; filter: InsightsFilter } | { ok: false; message: string };

/**
 * The filter a URL query asks for, with the defaults filled in (`today`: the
 * firm's calendar day now). A repeated parameter, a malformed value, a period
 * ending before it starts or longer than `INSIGHTS_MAX_PERIOD_DAYS` is refused
 * with a message naming it. Whether `family` is one the viewer may see is the
 * server's to check.
 */
export function parseInsightsQuery(query: InsightsQuery, today: string): InsightsFilterResult {
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) return { ok: false, message: `${key} may be given once.` };
  }
  const parsed = insightsQuerySchema.safeParse(query);
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join(' ') };
  }
  const { from: givenFrom, to: givenTo, family, owner, pipeline, stalledDays } = parsed.data;
  const to = givenTo ?? (givenFrom && givenFrom > today ? givenFrom : today);
  const from = givenFrom ?? addCalendarDays(to, 1 - INSIGHTS_DEFAULT_PERIOD_DAYS);
  if (from > to) return { ok: false, message: 'from must be on or before to.' };
  if (periodDays(from, to) > INSIGHTS_MAX_PERIOD_DAYS) {
    return {
      ok: false,
      message: `The period can be at most ${INSIGHTS_MAX_PERIOD_DAYS} days long.`,
    };
  }
  return {
    ok: true,
    filter: {
      from,
      to,
      family: family ?? null,
      owner,
      pipeline,
      stalledDays: stalledDays ?? INSIGHTS_DEFAULT_STALLED_DAYS,
    },
  };
}

/** The URL query of a filter (what the page puts in its address and sends to the api). */
export function insightsQueryString(filter: InsightsFilter): string {
  const params: Array<[string, string]> = [
    ['from', filter.from],
    ['to', filter.to],
  ];
  if (filter.family) params.push(['family', filter.family]);
  if (filter.owner) params.push(['owner', filter.owner]);
  if (filter.pipeline) params.push(['pipeline', filter.pipeline]);
  if (filter.stalledDays !== INSIGHTS_DEFAULT_STALLED_DAYS) {
    params.push(['stalledDays', String(filter.stalledDays)]);
  }
  // Spelt out (libs/domain has no URLSearchParams): each value percent-encoded.
  return params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

// ── The answer ──

/** An amount of money; every fee and invoice of the firm is in US dollars. */
export interface MoneyAmount {
  amount: number;
  currency: 'USD';
}

export const FUNNEL_STEPS = ['sent', 'viewed', 'signed', 'declined', 'expired', 'voided'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Readonly<Record<FunnelStep, string>> = {
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
  declined: 'Declined',
  expired: 'Expired',
  voided: 'Voided',
};

/**
 * One step of the funnel, over the agreements sent in the period: how many got
 * that far (viewed: opened at least once; signed: signed, by the signer or
 * marked by staff, voided later included; declined, expired, voided: ended so),
 * and `rate` = count / sent (0–1; null when nothing was sent).
 */
export interface FunnelStepFigure {
  step: FunnelStep;
  label: string;
  count: number;
  rate: number | null;
}

/** Time from the send to the signature, in days (fractions kept). */
export const TIME_TO_SIGN_BUCKETS = [
  { key: 'under1', label: 'Under 1 day', fromDays: 0, toDays: 1 },
  { key: '1to2', label: '1–2 days', fromDays: 1, toDays: 3 },
  { key: '3to7', label: '3–7 days', fromDays: 3, toDays: 8 },
  { key: '8to14', label: '8–14 days', fromDays: 8, toDays: 15 },
  { key: '15to30', label: '15–30 days', fromDays: 15, toDays: 31 },
  { key: 'over30', label: 'Over 30 days', fromDays: 31, toDays: null },
] as const;
export type TimeToSignBucketKey = (typeof TIME_TO_SIGN_BUCKETS)[number]['key'];

export interface TimeToSignBucket {
  key: TimeToSignBucketKey;
  label: string;
  count: number;
}

/** Median and 90th percentile of a group's times to sign, in days; null when none signed. */
export interface TimeToSignSummary {
  count: number;
  medianDays: number | null;
  p90Days: number | null;
}

export interface TimeToSignGroup extends TimeToSignSummary {
  /** The family's id, or the owner's e-mail. */
  key: string;
  label: string;
}

/** Of the agreements sent in the period and signed (by the signer): how long it took. */
export interface TimeToSignFigures extends TimeToSignSummary {
  buckets: TimeToSignBucket[];
  byFamily: TimeToSignGroup[];
  byOwner: TimeToSignGroup[];
}

/** Age of an agreement still waiting for its signature, from its send. */
export const VALUE_AGE_BANDS = [
  { key: '0to7', label: '0–7 days', fromDays: 0, toDays: 8 },
  { key: '8to14', label: '8–14 days', fromDays: 8, toDays: 15 },
  { key: '15to30', label: '15–30 days', fromDays: 15, toDays: 31 },
  { key: '31to60', label: '31–60 days', fromDays: 31, toDays: 61 },
  { key: 'over60', label: 'Over 60 days', fromDays: 61, toDays: null },
] as const;
export type ValueAgeBandKey = (typeof VALUE_AGE_BANDS)[number]['key'];

/** Where a waiting agreement is: not opened yet, opened, or a signature saved (a later signer or the firm to go). */
export const WAITING_STAGES = ['notViewed', 'viewed', 'signatureSaved'] as const;
export type WaitingStage = (typeof WAITING_STAGES)[number];

export const WAITING_STAGE_LABELS: Readonly<Record<WaitingStage, string>> = {
  notViewed: 'Not viewed',
  viewed: 'Viewed',
  signatureSaved: 'Signature saved',
};

export interface ValueSlice<TKey extends string> {
  key: TKey;
  label: string;
  count: number;
  value: MoneyAmount;
}

/**
 * The fee of every agreement sent and not signed yet, still open (not declined,
 * cancelled, expired), as of now, whenever it was sent: the contract's cost, the
 * SOW's total payment, the change order's fee (documents carry none: counted, $0).
 */
export interface ValueWaitingFigures {
  count: number;
  total: MoneyAmount;
  byAge: ValueSlice<ValueAgeBandKey>[];
  byStage: ValueSlice<WaitingStage>[];
}

/** Why an agreement is on the stalled list. */
export type StalledReason = 'notViewed' | 'noSignerAction';

export const STALLED_REASON_LABELS: Readonly<Record<StalledReason, string>> = {
  notViewed: 'Not opened',
  noSignerAction: 'No action from the signer',
};

/** The person an agreement waits on: a client signer, or the firm's countersigner. */
export interface WaitingOn {
  name: string;
  role: Extract<RecipientRole, 'signer' | 'countersigner'>;
  email: string;
}

/**
 * An open agreement nobody opened (or the next signer did nothing on) for at
 * least `stalledDays` days, as of now.
 */
export interface StalledAgreement {
  /** The agreement's `_id`. */
  id: string;
  family: AgreementFamily;
  title: string;
  owner: string;
  waitingOn: WaitingOn;
  reason: StalledReason;
  /** Since when nothing happened (the send, the last view or signature), ISO 8601. */
  since: string;
  daysWaiting: number;
  /**
   * Whether this viewer may send a reminder now, by the family's action table
   * (`decideAgreementAction(family, 'sendReminder', …)`: status, rights, reminder lock).
   */
  reminderAllowed: boolean;
  /** Why not, in the dashboard's words; null when allowed. */
  reminderRefusal: string | null;
  /**
   * The family's own reminder call, as its dashboard makes it (`dashboardRoutesOf`):
   * the Insights page posts exactly this. Null when not allowed.
   */
  reminder: { method: DashboardRoute['method']; path: string; body: Record<string, string> } | null;
  /** The family's dashboard in the staff app, where its card is. */
  link: string;
}

export interface StalledFigures {
  days: number;
  total: number;
  /** The oldest first, at most `INSIGHTS_STALLED_LIMIT`. */
  items: StalledAgreement[];
}

/** One week (Monday to Sunday in the firm's time zone): what was sent, signed, declined in it. */
export interface WeekVolume {
  /** The Monday, `YYYY-MM-DD`. */
  weekStart: string;
  sent: number;
  signed: number;
  declined: number;
}

/** Decline reasons as the page groups them (a keyword rule, `declineReasonGroup`). */
export const DECLINE_REASON_GROUPS = [
  'price',
  'scope',
  'timing',
  'details',
  'elsewhere',
  'other',
  'none',
] as const;
export type DeclineReasonGroup = (typeof DECLINE_REASON_GROUPS)[number];

export const DECLINE_REASON_GROUP_LABELS: Readonly<Record<DeclineReasonGroup, string>> = {
  price: 'Price or fee',
  scope: 'Scope of work',
  timing: 'Timing',
  details: 'Wrong details',
  elsewhere: 'Went elsewhere',
  other: 'Other',
  none: 'No reason given',
};

export interface DeclineReasonFigure {
  group: DeclineReasonGroup;
  label: string;
  count: number;
  /** Up to three of the signers' own words, most frequent first. */
  examples: string[];
}

/** Invoices of signed contracts issued in the period: billed, paid so far, and overdue now. */
export interface InvoiceFigures {
  issued: { count: number; value: MoneyAmount };
  paid: { count: number; value: MoneyAmount };
  /** Not fully paid and past due (issued + the firm's due days): what is still owed. */
  overdue: { count: number; value: MoneyAmount };
}

/** What the filter boxes offer: only what the viewer may see. */
export interface InsightsOptions {
  families: { id: AgreementFamily; label: string }[];
  owners: { email: string }[];
  pipelines: { id: string; label: string }[];
}

/** `GET /api/insights`: every figure of the page, for one filter. */
export interface InsightsResponse {
  filter: InsightsFilter;
  /** The firm's IANA time zone the days and weeks are in. */
  timeZone: string;
  /** When the figures were computed, ISO 8601. */
  generatedAt: string;
  funnel: FunnelStepFigure[];
  timeToSign: TimeToSignFigures;
  valueWaiting: ValueWaitingFigures;
  stalled: StalledFigures;
  volume: { weeks: WeekVolume[]; declineReasons: DeclineReasonFigure[] };
  invoices: InvoiceFigures;
  options: InsightsOptions;
}

/** `GET` / `POST /api/insights/digest`: the viewer's Monday digest mail, on or off. */
export interface InsightsDigestSetting {
  weekly: boolean;
}

export const insightsDigestSettingSchema = z.strictObject({ weekly: z.boolean() });
