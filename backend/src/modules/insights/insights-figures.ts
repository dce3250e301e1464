import {
  daysBetween,
  DECLINE_REASON_GROUP_LABELS,
  DECLINE_REASON_GROUPS,
  familyDefinition,
  TIME_TO_SIGN_BUCKETS,
  timeToSignBucketOf,
  timeToSignSummary,
  VALUE_AGE_BANDS,
  valueAgeBandOf,
  WAITING_STAGE_LABELS,
  WAITING_STAGES,
  type DeclineReasonFigure,
  type HistogramEntry,
  type InsightsFilter,
  type MoneyAmount,
  type TimeToSignFigures,
  type TimeToSignGroup,
  type ValueWaitingFigures,
} from '@prosign/domain';
import { dayOfTotal, type InsightTotal } from '../agreements';

// The page's figures from the Insights totals of its period (agreement-insight-totals.ts).

export const usd = (amount: number): MoneyAmount => ({
  amount: Math.round(amount * 100) / 100,
  currency: 'USD',
});

/** The funnel's counts: every agreement sent, and how many of them reached each step. */
export function funnelCountsOf(totals: readonly InsightTotal[]) {
  const counts = { sent: 0, viewed: 0, signed: 0, declined: 0, expired: 0, voided: 0 };
  for (const total of totals) {
    for (const step of Object.keys(counts) as Array<keyof typeof counts>) {
      counts[step] += total.n?.[step] ?? 0;
    }
  }
  return counts;
}

/**
 * The owner and pipeline boxes' choices: those with agreements sent in the period (in the
 * families asked for), and the ones chosen, so a choice never vanishes from its own box.
 */
export function choicesOf(totals: readonly InsightTotal[], filter: InsightsFilter) {
  const sent = totals.filter((total) => (total.n?.sent ?? 0) > 0);
  const owners = new Set(sent.map((total) => total.owner).filter(Boolean));
  const pipelines = new Set(sent.map((total) => total.pipeline).filter((id): id is string => !!id));
  if (filter.owner) owners.add(filter.owner);
  if (filter.pipeline) pipelines.add(filter.pipeline);
  return { owners: [...owners].sort(), pipelines: [...pipelines].sort() };
}

/** Each total's times to sign as histogram entries (days, how many), with its family and owner. */
function timesToSignOf(totals: readonly InsightTotal[]) {
  return totals.flatMap((total) =>
    Object.entries(total.tts ?? {})
      .filter(([, count]) => count > 0)
      .map(([hundredths, count]) => ({
        family: total.family,
        owner: total.owner,
        value: Number(hundredths.slice(1)) / 100,
        count,
      })),
  );
}

export function timeToSignFigures(sent: readonly InsightTotal[]): TimeToSignFigures {
  const entries = timesToSignOf(sent);
  const histogram = (of: typeof entries): HistogramEntry[] =>
    of.map(({ value, count }) => ({ value, count }));
  const groups = (key: 'family' | 'owner'): TimeToSignGroup[] => {
    const keys = [...new Set(entries.map((entry) => entry[key]))].sort();
    return keys.map((value) => ({
      key: value,
      label: key === 'family' ? familyDefinition(value).label : value,
      ...timeToSignSummary(histogram(entries.filter((entry) => entry[key] === value))),
    }));
  };
  return {
    ...timeToSignSummary(histogram(entries)),
    buckets: TIME_TO_SIGN_BUCKETS.map((bucket) => ({
      key: bucket.key,
      label: bucket.label,
      count: entries
        .filter((entry) => timeToSignBucketOf(entry.value) === bucket.key)
        .reduce((sum, entry) => sum + entry.count, 0),
    })),
    byFamily: groups('family'),
    byOwner: groups('owner'),
  };
}

export function valueWaitingFigures(
  totals: readonly InsightTotal[],
  today: string,
): ValueWaitingFigures {
  // Each total's stages, aged by its day (a month's totals are all older than the last band).
  const slices = totals.flatMap((total) => {
    const band = valueAgeBandOf(Math.max(0, daysBetween(dayOfTotal(total), today)));
    return WAITING_STAGES.map((stage) => ({
      band,
      stage,
      count: total.n?.[stage] ?? 0,
      cents: total.n?.[`fee_${stage}`] ?? 0,
    }));
  });
  const sum = (of: typeof slices) => ({
    count: of.reduce((total, slice) => total + slice.count, 0),
    value: usd(of.reduce((total, slice) => total + slice.cents, 0) / 100),
  });
  const all = sum(slices);
  return {
    count: all.count,
    total: all.value,
    byAge: VALUE_AGE_BANDS.map((band) => ({
      key: band.key,
      label: band.label,
      ...sum(slices.filter((slice) => slice.band === band.key)),
    })),
    byStage: WAITING_STAGES.map((stage) => ({
      key: stage,
      label: WAITING_STAGE_LABELS[stage],
      ...sum(slices.filter((slice) => slice.stage === stage)),
    })),
  };
}

export function declineReasonFigures(totals: readonly InsightTotal[]): DeclineReasonFigure[] {
  // The totals are by day or week too: the same words in two periods are one example.
  const byReason = new Map<string, { group: string; reason: string; count: number }>();
  for (const total of totals) {
    for (const [key, count] of Object.entries(total.reasons ?? {})) {
      const [group, hash] = key.split('~');
      const reason = total.texts?.[hash] ?? '';
      const merged = byReason.get(key) ?? { group, reason, count: 0 };
      merged.count += count;
      byReason.set(key, merged);
    }
  }
  const reasons = [...byReason.values()].filter((row) => row.count > 0);
  return DECLINE_REASON_GROUPS.map((group) => {
    const inGroup = reasons.filter((row) => row.group === group);
    return {
      group,
      label: DECLINE_REASON_GROUP_LABELS[group],
      count: inGroup.reduce((sum, row) => sum + row.count, 0),
      examples: inGroup
        .filter((row) => row.reason)
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
        .slice(0, 3)
        .map((row) => row.reason),
    };
  }).filter((figure) => figure.count > 0);
}
