import {
  STALLED_REASON_LABELS,
  TIME_TO_SIGN_BUCKETS,
  familyDefinition,
  isAgreementFamily,
  type InsightsResponse,
  type StalledAgreement,
  type TimeToSignGroup,
  type TimeToSignSummary,
  type ValueSlice,
} from '@prosign/domain';
import type { ChartTable } from './chart-table';

/**
 * The page's charts as tables, built from the api's answer: each chart, its Table view and its
 * CSV read these rows (an answer with nothing in a chart gives no rows: its empty state).
 */

/** Sent → viewed → signed, and how the rest ended: each step's count and share of what was sent. */
export function funnelTable(figures: InsightsResponse): ChartTable {
  const sent = figures.funnel.find((step) => step.step === 'sent')?.count ?? 0;
  return {
    columns: [
      { key: 'step', label: 'Step', kind: 'text' },
      { key: 'count', label: 'Agreements', kind: 'count' },
      { key: 'rate', label: 'Share of sent', kind: 'percent' },
    ],
    rows:
      sent === 0
        ? []
        : figures.funnel.map((step) => ({ step: step.label, count: step.count, rate: step.rate })),
  };
}

/** How many signed within each span of days. */
export function timeToSignDistributionTable(figures: InsightsResponse): ChartTable {
  const { buckets, count } = figures.timeToSign;
  return {
    columns: [
      { key: 'bucket', label: 'Time to sign', kind: 'text' },
      { key: 'count', label: 'Agreements signed', kind: 'count' },
    ],
    rows:
      count === 0 ? [] : buckets.map((bucket) => ({ bucket: bucket.label, count: bucket.count })),
  };
}

/** The bucket (its label) a number of days falls in, for the median and 90th percentile lines. */
export function timeToSignBucketLabel(days: number | null): string | null {
  if (days === null) return null;
  const bucket = TIME_TO_SIGN_BUCKETS.find(
    (candidate) =>
      days >= candidate.fromDays && (candidate.toDays === null || days < candidate.toDays),
  );
  return bucket?.label ?? null;
}

/** Median and 90th percentile per family or per owner, after those of all of them. */
export function timeToSignGroupTable(
  groups: readonly TimeToSignGroup[],
  groupLabel: string,
  overall: TimeToSignSummary,
): ChartTable {
  const all = { label: 'All', ...overall };
  return {
    columns: [
      { key: 'group', label: groupLabel, kind: 'text' },
      { key: 'medianDays', label: 'Median', kind: 'days' },
      { key: 'p90Days', label: '90th percentile', kind: 'days' },
      { key: 'count', label: 'Signed', kind: 'count' },
    ],
    rows: (overall.count === 0 ? [] : [all, ...groups])
      .filter((group) => group.count > 0)
      .map((group) => ({
        group: group.label,
        medianDays: group.medianDays,
        p90Days: group.p90Days,
        count: group.count,
      })),
  };
}

/** The fee waiting for a signature, by age band or by stage. */
export function valueWaitingTable(
  slices: readonly ValueSlice<string>[],
  sliceLabel: string,
): ChartTable {
  return {
    columns: [
      { key: 'slice', label: sliceLabel, kind: 'text' },
      { key: 'value', label: 'Value waiting', kind: 'money' },
      { key: 'count', label: 'Agreements', kind: 'count' },
    ],
    rows: slices.every((slice) => slice.count === 0)
      ? []
      : slices.map((slice) => ({
          slice: slice.label,
          value: slice.value.amount,
          count: slice.count,
        })),
  };
}

/** Sent, signed and declined per week (the week's Monday names it). */
export function weeklyVolumeTable(figures: InsightsResponse): ChartTable {
  const { weeks } = figures.volume;
  const quiet = weeks.every((week) => week.sent === 0 && week.signed === 0 && week.declined === 0);
  return {
    columns: [
      { key: 'week', label: 'Week of', kind: 'text' },
      { key: 'sent', label: 'Sent', kind: 'count' },
      { key: 'signed', label: 'Signed', kind: 'count' },
      { key: 'declined', label: 'Declined', kind: 'count' },
    ],
    rows: quiet
      ? []
      : weeks.map((week) => ({
          week: weekLabel(week.weekStart),
          sent: week.sent,
          signed: week.signed,
          declined: week.declined,
        })),
  };
}

const WEEK_LABEL = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** `2026-11-30` → `Nov 30` (a calendar day: read in UTC so it never shifts). */
function weekLabel(weekStart: string): string {
  return WEEK_LABEL.format(new Date(`${weekStart}T00:00:00Z`));
}

/** Why clients declined, grouped, with a few of their own words. */
export function declineReasonsTable(figures: InsightsResponse): ChartTable {
  return {
    columns: [
      { key: 'reason', label: 'Reason', kind: 'text' },
      { key: 'count', label: 'Declines', kind: 'count' },
      { key: 'examples', label: 'In their words', kind: 'text' },
    ],
    rows: figures.volume.declineReasons
      .filter((reason) => reason.count > 0)
      .map((reason) => ({
        reason: reason.label,
        count: reason.count,
        examples: reason.examples.map((example) => `“${example}”`).join('; '),
      })),
  };
}

/** Invoices issued in the period, what of them is paid, and what is overdue now. */
export function invoicesTable(figures: InsightsResponse): ChartTable {
  const { issued, paid, overdue } = figures.invoices;
  return {
    columns: [
      { key: 'state', label: 'Invoices', kind: 'text' },
      { key: 'amount', label: 'Amount', kind: 'money' },
      { key: 'count', label: 'Count', kind: 'count' },
    ],
    rows:
      issued.count === 0 && overdue.count === 0
        ? []
        : [
            { state: 'Issued', amount: issued.value.amount, count: issued.count },
            { state: 'Paid', amount: paid.value.amount, count: paid.count },
            { state: 'Overdue', amount: overdue.value.amount, count: overdue.count },
          ],
  };
}

/** A family's name as its dashboard says it (an unknown id as it is). */
export function familyLabel(family: string): string {
  return isAgreementFamily(family) ? familyDefinition(family).label : family;
}

const SINCE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** When nothing has happened since, as a date. */
function sinceLabel(since: string): string {
  return SINCE.format(new Date(since));
}

/** The one who is waited on, in words: "Maria Alvarez (signer)". */
function waitingOnLabel(item: StalledAgreement): string {
  const role = item.waitingOn.role === 'countersigner' ? 'firm countersigner' : 'signer';
  return `${item.waitingOn.name || item.waitingOn.email} (${role})`;
}

/** The stalled list as its table and CSV show it. */
export function stalledTable(items: readonly StalledAgreement[]): ChartTable {
  return {
    columns: [
      { key: 'title', label: 'Agreement', kind: 'text' },
      { key: 'family', label: 'Family', kind: 'text' },
      { key: 'waitingOn', label: 'Waiting on', kind: 'text' },
      { key: 'reason', label: 'Stalled because', kind: 'text' },
      { key: 'since', label: 'Since', kind: 'text' },
      { key: 'daysWaiting', label: 'Days waiting', kind: 'count' },
      { key: 'owner', label: 'Owner', kind: 'text' },
    ],
    rows: items.map((item) => ({
      title: item.title,
      family: familyLabel(item.family),
      waitingOn: waitingOnLabel(item),
      reason: STALLED_REASON_LABELS[item.reason],
      since: sinceLabel(item.since),
      daysWaiting: item.daysWaiting,
      owner: item.owner,
    })),
  };
}
