import { createHash } from 'node:crypto';
import { addCalendarDays, VALUE_AGE_BANDS, weekStartOf } from '@prosign/domain';
import type { AgreementInsightFacts } from './agreement-insight-facts';

/**
 * Running totals of the Insights facts (`agreement_insight_totals`): each agreement's facts
 * add a few lines (sent on a day, signed on a day, declined with a reason, waiting at a
 * stage, idle since a day), each line kept per day and per week or month, family, owner and
 * pipeline. A write of the facts adds what it changed (the new facts' lines less the old
 * ones'), so the page reads a few hundred small totals, never each agreement's facts; the
 * totals stay exact however writes interleave, because each write's change is counted once.
 */

/**
 * What a line counts: `activity`, what happened on its day (sent, with what became of those
 * sent; signed on it; declined on it, with the reason); `waiting`, the agreements still waiting
 * for a signature sent that day, by stage, and those idle since that day. Lines of one series
 * share a record per day, so a request reads one record where it would read one per line.
 */
export type TotalSeries = 'activity' | 'waiting';

/** A totals record's period: a day, a week (Monday on, as the page's weeks) or a month. */
type TotalResolution = 'd' | 'w' | 'm';

/** The coarser period each series is kept by beside days (the week charts; the age bands). */
const COARSE: Readonly<Record<TotalSeries, 'w' | 'm'>> = {
  activity: 'w',
  waiting: 'm',
};

/** One stored total: its period, whose agreements, and their counters. */
export interface InsightTotal {
  /** `series:resolution|period|family|owner|pipeline`. */
  _id: string;
  /** `series:resolution`, e.g. `sent:w`. */
  series: string;
  /** The day (`YYYY-MM-DD`), the week's Monday, or the month (`YYYY-MM`). */
  period: string;
  family: string;
  owner: string;
  pipeline: string | null;
  /**
   * Counts (and fees in cents), by name. Activity: `sent` and, of those sent, `viewed`,
   * `signed`, `declined`, `expired`, `voided`; `signedOn` and `declinedOn` that day. Waiting:
   * each stage's count and `fee_<stage>`; `idle`, those idle since that day.
   */
  n?: Record<string, number>;
  /** Times to sign by hundredths of a day (`h327` = 3.27 days): how many took each. */
  tts?: Record<string, number>;
  /** Declines by `<reason group>~<hash of the words>`. */
  reasons?: Record<string, number>;
  /** The signer's words of each reason hash. */
  texts?: Record<string, string>;
}

/** One line of one agreement's facts: what it adds to the totals of its day. */
interface TotalLine {
  series: TotalSeries;
  day: string;
  inc: Record<string, number>;
  texts?: Record<string, string>;
}

/** The change a write makes to one totals record. */
export interface TotalChange {
  _id: string;
  key: Omit<InsightTotal, '_id' | 'n' | 'tts' | 'reasons' | 'texts'>;
  inc: Record<string, number>;
  texts: Record<string, string>;
}

/** The hash a decline's words are counted under (their text kept beside it). */
function reasonHash(reason: string): string {
  return createHash('sha256').update(reason).digest('hex').slice(0, 12);
}

/** Fees are added in cents: sums of whole numbers stay exact however often they change. */
const cents = (amount: number) => Math.round(amount * 100);

function linesOf(facts: AgreementInsightFacts): TotalLine[] {
  if (!facts.listed) return [];
  const lines: TotalLine[] = [];
  if (facts.sentDay) {
    const inc: Record<string, number> = {
      'n.sent': 1,
      'n.viewed': facts.viewed,
      'n.signed': facts.signed,
      'n.declined': facts.declined,
      'n.expired': facts.expired,
      'n.voided': facts.voided,
    };
    if (typeof facts.daysToSign === 'number') {
      inc[`tts.h${Math.round(facts.daysToSign * 100)}`] = 1;
    }
    lines.push({ series: 'activity', day: facts.sentDay, inc });
    if (facts.open && facts.stage) {
      lines.push({
        series: 'waiting',
        day: facts.sentDay,
        inc: { [`n.${facts.stage}`]: 1, [`n.fee_${facts.stage}`]: cents(facts.fee) },
      });
    }
  }
  if (facts.signedDay) {
    lines.push({ series: 'activity', day: facts.signedDay, inc: { 'n.signedOn': 1 } });
  }
  if (facts.declinedDay) {
    const words = facts.declineReason ?? '';
    const hash = reasonHash(words);
    lines.push({
      series: 'activity',
      day: facts.declinedDay,
      inc: { 'n.declinedOn': 1, [`reasons.${facts.declineGroup ?? 'none'}~${hash}`]: 1 },
      texts: { [`texts.${hash}`]: words },
    });
  }
  if (facts.open && facts.idleDay) {
    lines.push({ series: 'waiting', day: facts.idleDay, inc: { 'n.idle': 1 } });
  }
  return lines;
}

/** The period of `day` at a resolution. */
function periodOf(day: string, resolution: TotalResolution): string {
  if (resolution === 'w') return weekStartOf(day);
  if (resolution === 'm') return day.slice(0, 7);
  return day;
}

/**
 * What replacing an agreement's facts `before` (null: none stored) with `after` (null: none)
 * changes in the totals: each record touched, with what to add (negative to take away).
 * Counters that come to zero are left out; an unchanged agreement changes nothing.
 */
export function totalChangesOf(
  before: AgreementInsightFacts | null,
  after: AgreementInsightFacts | null,
): TotalChange[] {
  const changes = new Map<string, TotalChange>();
  const add = (facts: AgreementInsightFacts, sign: 1 | -1) => {
    for (const line of linesOf(facts)) {
      for (const resolution of ['d', COARSE[line.series]] as const) {
        const period = periodOf(line.day, resolution);
        const series = `${line.series}:${resolution}`;
        const pipeline = facts.pipeline ?? null;
        const _id = `${series}|${period}|${facts.family}|${facts.owner}|${pipeline ?? ''}`;
        const change = changes.get(_id) ?? {
          _id,
          key: { series, period, family: facts.family, owner: facts.owner, pipeline },
          inc: {},
          texts: {},
        };
        for (const [field, value] of Object.entries(line.inc)) {
          change.inc[field] = (change.inc[field] ?? 0) + sign * value;
        }
        if (sign === 1) Object.assign(change.texts, line.texts);
        changes.set(_id, change);
      }
    }
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  const result: TotalChange[] = [];
  for (const change of changes.values()) {
    for (const [field, value] of Object.entries(change.inc)) {
      if (value === 0) delete change.inc[field];
    }
    if (Object.keys(change.inc).length > 0) result.push(change);
  }
  return result;
}

/** Adds changes to those of other agreements (a recount; a bulk load): one per record. */
function mergeTotalChanges(
  into: Map<string, TotalChange>,
  changes: readonly TotalChange[],
): Map<string, TotalChange> {
  for (const change of changes) {
    const merged = into.get(change._id);
    if (!merged) {
      into.set(change._id, { ...change, inc: { ...change.inc }, texts: { ...change.texts } });
      continue;
    }
    for (const [field, value] of Object.entries(change.inc)) {
      merged.inc[field] = (merged.inc[field] ?? 0) + value;
    }
    Object.assign(merged.texts, change.texts);
  }
  return into;
}

/** The totals of every agreement's facts, counted from nothing (a recount; a bulk load). */
export async function totalsOfAll(
  facts: AsyncIterable<AgreementInsightFacts>,
): Promise<TotalChange[]> {
  const merged = new Map<string, TotalChange>();
  for await (const one of facts) mergeTotalChanges(merged, totalChangesOf(null, one));
  return [...merged.values()];
}

/** The bulk write that applies changes (each an upsert adding its counters). */
export function totalWritesOf(changes: readonly TotalChange[]) {
  return changes.map((change) => ({
    updateOne: {
      filter: { _id: change._id },
      update: {
        $inc: change.inc,
        $setOnInsert: change.key,
        ...(Object.keys(change.texts).length > 0 ? { $set: change.texts } : {}),
      },
      upsert: true,
    },
  }));
}

/** A range of periods of one resolution, both ends included. */
export interface PeriodRange {
  resolution: TotalResolution;
  from: string;
  to: string;
}

/**
 * The totals that add up to the days `from`–`to` exactly: the weeks wholly inside at the
 * week's resolution, the days at either end by day (at most six each side).
 */
export function weekPlanOf(from: string, to: string): PeriodRange[] {
  let firstWeek = weekStartOf(from);
  if (firstWeek < from) firstWeek = addCalendarDays(firstWeek, 7);
  let lastWeek = weekStartOf(to);
  if (addCalendarDays(lastWeek, 6) > to) lastWeek = addCalendarDays(lastWeek, -7);
  if (firstWeek > lastWeek) return [{ resolution: 'd', from, to }];
  const plan: PeriodRange[] = [{ resolution: 'w', from: firstWeek, to: lastWeek }];
  if (from < firstWeek) plan.push({ resolution: 'd', from, to: addCalendarDays(firstWeek, -1) });
  const afterLast = addCalendarDays(lastWeek, 7);
  if (afterLast <= to) plan.push({ resolution: 'd', from: afterLast, to });
  return plan;
}

/**
 * The totals that add up to every day before and on `to`, with days from `dayFrom` on kept
 * as days: whole months before `dayFrom`'s month, then its month's days. `dayFrom` is moved to
 * its month's first day so nothing is counted twice or missed.
 */
export function sincePlanOf(dayFrom: string, to: string): PeriodRange[] {
  const monthStart = `${dayFrom.slice(0, 7)}-01`;
  const plan: PeriodRange[] = [
    { resolution: 'm', from: '0000-00', to: periodOf(addCalendarDays(monthStart, -1), 'm') },
  ];
  if (monthStart <= to) plan.push({ resolution: 'd', from: monthStart, to });
  return plan;
}

/**
 * The first day the value-waiting figures need by day: older agreements all fall in the last
 * age band ("over 60 days"), so their months are enough.
 */
export function waitingDaysFrom(today: string): string {
  const oldest = VALUE_AGE_BANDS[VALUE_AGE_BANDS.length - 1].fromDays;
  return `${addCalendarDays(today, -oldest).slice(0, 7)}-01`;
}

/** The day (or the first day of the week or month) a total is of. */
export function dayOfTotal(total: Pick<InsightTotal, 'series' | 'period'>): string {
  return total.series.endsWith(':m') ? `${total.period}-01` : total.period;
}

/** The week (its Monday) a day or week total is of. */
export function weekOfTotal(total: Pick<InsightTotal, 'series' | 'period'>): string {
  return weekStartOf(dayOfTotal(total));
}
