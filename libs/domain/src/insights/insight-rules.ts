/**
 * The rules behind the Insights figures (issue 58): calendar days and weeks in
 * the firm's time zone, the funnel's rates, time-to-sign percentiles from a
 * histogram, age bands, waiting stages, decline reason groups and the Monday
 * digest's week. The api computes raw counts with aggregations and these turn
 * them into what the page and the digest mail show.
 */
import { activeStatuses, type AgreementFamily } from '../agreements/agreement-statuses';
import {
  DECLINE_REASON_GROUP_LABELS,
  FUNNEL_STEP_LABELS,
  FUNNEL_STEPS,
  TIME_TO_SIGN_BUCKETS,
  VALUE_AGE_BANDS,
  addCalendarDays,
  type DeclineReasonGroup,
  type FunnelStep,
  type FunnelStepFigure,
  type TimeToSignBucketKey,
  type TimeToSignSummary,
  type ValueAgeBandKey,
  type WaitingStage,
} from './insights';

const DAY_MS = 86_400_000;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in `timeZone`. */
function zonedFields(at: Date, timeZone: string) {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      weekday: 'short',
      hourCycle: 'h23',
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(at)) parts[part.type] = part.value;
  return {
    day: `${parts.year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`,
    hour: Number(parts.hour) % 24,
    weekday: parts.weekday,
  };
}

/** "2026-03-14": the calendar day of an instant in the firm's time zone. */
export function calendarDayIn(at: Date, timeZone: string): string {
  return zonedFields(at, timeZone).day;
}

/** The Monday of the week (Monday to Sunday) a calendar day is in. */
export function weekStartOf(day: string): string {
  // 1970-01-05 was a Monday.
  const days = Math.round(
    (Date.parse(`${day}T00:00:00Z`) - Date.parse('1970-01-05T00:00:00Z')) / DAY_MS,
  );
  return addCalendarDays(day, -(((days % 7) + 7) % 7));
}

/** Every week's Monday from the week of `from` to the week of `to`. */
export function weeksOf(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = weekStartOf(from); week <= to; week = addCalendarDays(week, 7)) weeks.push(week);
  return weeks;
}

/** Whole days from calendar day `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The ISO week of a calendar day, "2026-W50": the Monday digest's once-a-week key. */
export function isoWeekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  // The ISO year is the year of the week's Thursday.
  const thursday = new Date(date.getTime() + (3 - ((date.getUTCDay() + 6) % 7)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday digest goes from this hour on, Monday, in the firm's time zone. */
export const DIGEST_HOUR = 7;

/** Whether it is Monday morning (from DIGEST_HOUR, before noon) in the firm's time zone. */
export function isDigestTime(now: Date, timeZone: string): boolean {
  const { hour, weekday } = zonedFields(now, timeZone);
  return weekday === 'Mon' && hour >= DIGEST_HOUR && hour < 12;
}

/** The funnel's steps from their counts: each rate is of the agreements sent. */
export function funnelFigures(counts: Readonly<Record<FunnelStep, number>>): FunnelStepFigure[] {
  return FUNNEL_STEPS.map((step) => ({
    step,
    label: FUNNEL_STEP_LABELS[step],
    count: counts[step],
    rate: counts.sent === 0 ? null : counts[step] / counts.sent,
  }));
}

/** One value of a histogram and how many had it. */
export interface HistogramEntry {
  value: number;
  count: number;
}

/**
 * The `p`-th percentile (0–100) of the values a histogram counts, by the
 * nearest-rank method (the value at rank ⌈p/100 · n⌉, so the median of 1, 2, 3, 4
 * is 2); null when it counts nothing.
 */
export function histogramPercentile(entries: readonly HistogramEntry[], p: number): number | null {
  const sorted = [...entries].filter((entry) => entry.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const entry of sorted) {
    seen += entry.count;
    if (seen >= rank) return entry.value;
  }
  return sorted[sorted.length - 1].value;
}

/** Count, median and 90th percentile of times to sign (days) a histogram counts. */
export function timeToSignSummary(entries: readonly HistogramEntry[]): TimeToSignSummary {
  return {
    count: entries.reduce((sum, entry) => sum + entry.count, 0),
    medianDays: histogramPercentile(entries, 50),
    p90Days: histogramPercentile(entries, 90),
  };
}

/** The bucket of a time to sign, in days. */
export function timeToSignBucketOf(days: number): TimeToSignBucketKey {
  const bucket = TIME_TO_SIGN_BUCKETS.find(
    (candidate) =>
      days >= candidate.fromDays && (candidate.toDays === null || days < candidate.toDays),
  );
  return (bucket ?? TIME_TO_SIGN_BUCKETS[TIME_TO_SIGN_BUCKETS.length - 1]).key;
}

/** The age band of an agreement sent `ageDays` whole days ago. */
export function valueAgeBandOf(ageDays: number): ValueAgeBandKey {
  const band = VALUE_AGE_BANDS.find(
    (candidate) =>
      ageDays >= candidate.fromDays && (candidate.toDays === null || ageDays < candidate.toDays),
  );
  return (band ?? VALUE_AGE_BANDS[0]).key;
}

/**
 * Where an agreement still waiting for its signature is; null once it no longer
 * waits (signed, declined, cancelled, expired, void, replaced).
 */
export function waitingStageOf(
  family: AgreementFamily,
  status: string | null,
): WaitingStage | null {
  if (!status || !(activeStatuses(family) as readonly string[]).includes(status)) return null;
  if (status === 'viewed') return 'viewed';
  if (status === 'signature_saved') return 'signatureSaved';
  return 'notViewed';
}

/** Words that put a decline reason in a group, tried in this order. */
const DECLINE_KEYWORDS: ReadonlyArray<readonly [DeclineReasonGroup, RegExp]> = [
  ['price', /\b(price|pric(e|ing)|cost|fee|fees|expensive|budget|afford|cheaper|quote|money)\b/i],
  [
    'elsewhere',
    /\b(another|other (firm|company|engineer|provider)|competitor|elsewhere|went with|hired)\b/i,
  ],
  ['timing', /\b(time|timing|later|delay|postpone|not now|schedule|wait|deadline|season)\b/i],
  ['scope', /\b(scope|services?|work|include|included|missing|change|project)\b/i],
  ['details', /\b(wrong|incorrect|mistake|typo|address|name|spelling|error|details?)\b/i],
];

/** The group a signer's decline reason falls in (an empty reason: `none`). */
export function declineReasonGroup(reason: string | null | undefined): DeclineReasonGroup {
  const text = (reason ?? '').trim();
  if (!text) return 'none';
  return DECLINE_KEYWORDS.find(([, words]) => words.test(text))?.[0] ?? 'other';
}

export function declineReasonGroupLabel(group: DeclineReasonGroup): string {
  return DECLINE_REASON_GROUP_LABELS[group];
}

/** A form's fee as a number of dollars for the figures: whole cents, 0 when missing or not a number. */
export function feeAmount(value: unknown): number {
  const amount = typeof value === 'string' ? Number(value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0
    ? Math.round(amount * 100) / 100
    : 0;
}
