/**
 * The Insights page's answer (`GET INSIGHTS_PATHS.data`): every figure it draws, each with
 * its table and CSV beside the chart, and the Monday digest's setting.
 */
import type { AgreementFamily } from '../agreements/agreement-statuses';
import type { RecipientRole } from '../agreements/recipients';
import type { DashboardRoute } from '../agreements/agreement-routes';
import type { InsightsFilter } from './insights';

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

interface TimeToSignBucket {
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
type StalledReason = 'notViewed' | 'noSignerAction';

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
interface WeekVolume {
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
interface InvoiceFigures {
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
