import { useInsights, useInsightsLive } from '@prosign/api-client';
import type { InsightsFilter, InsightsResponse } from '@prosign/domain';
import { ErrorPanel, LoadingState, PageHeader } from '@prosign/ui';
import { ChartPanel } from './components/ChartPanel';
import { DigestToggle } from './components/DigestToggle';
import { FiltersBar } from './components/FiltersBar';
import { StalledPanel } from './components/StalledPanel';
import { useInsightsFilters } from './hooks/useInsightsFilters';
import { formatCell } from './utils/chart-table';
import {
  declineReasonsTable,
  funnelTable,
  invoicesTable,
  timeToSignBucketLabel,
  timeToSignDistributionTable,
  timeToSignGroupTable,
  valueWaitingTable,
  weeklyVolumeTable,
} from './utils/insights-tables';
import { INSIGHTS_TEXTS as T } from './utils/insights-texts';
import './insights.css';

/**
 * /insights (staff with insightsAccess; the layout says "No access" to others): the pipeline's
 * figures for the filter in the address, each chart with its table and CSV, kept current by the
 * staff room's events.
 */
export function InsightsPage() {
  const { result, apply, clear, today } = useInsightsFilters();
  return (
    <div className="ps-page in-page">
      <PageHeader title={T.title} description={T.description} actions={<DigestToggle />} />
      {result.ok ? (
        <InsightsFor filter={result.filter} today={today} onApply={apply} onClear={clear} />
      ) : (
        <ErrorPanel
          title="These filters cannot be shown"
          message={result.message}
          onRetry={clear}
          retryLabel={T.clearFilters}
        />
      )}
    </div>
  );
}

interface InsightsForProps {
  filter: InsightsFilter;
  today: string;
  onApply: (next: InsightsFilter) => string | null;
  onClear: () => void;
}

function InsightsFor({ filter, today, onApply, onClear }: InsightsForProps) {
  const insights = useInsights(filter);
  useInsightsLive();
  const figures = insights.data;
  const refreshing = insights.isFetching && !insights.isPending;
  return (
    <>
      <FiltersBar
        filter={filter}
        options={figures?.options}
        today={today}
        onApply={onApply}
        onClear={onClear}
      />
      <p className="in-muted" role="status">
        {refreshing ? T.refreshing : figures ? asOfText(figures) : ''}
      </p>
      {insights.isPending ? (
        <LoadingState label={T.loading} />
      ) : insights.isError ? (
        <ErrorPanel
          title={T.failed}
          message={T.failedMessage}
          detail={insights.error.message}
          onRetry={() => void insights.refetch()}
        />
      ) : isEmpty(insights.data) ? (
        <p className="ps-card in-chart__empty">{T.emptyPage}</p>
      ) : (
        <InsightsCharts
          figures={insights.data}
          onApply={(change) => onApply({ ...filter, ...change })}
        />
      )}
    </>
  );
}

const AS_OF = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function asOfText(figures: InsightsResponse): string {
  return `Figures as of ${AS_OF.format(new Date(figures.generatedAt))} (${figures.timeZone}).`;
}

/** Nothing sent in the period, nothing waiting, no invoice: one sentence instead of empty charts. */
function isEmpty(figures: InsightsResponse): boolean {
  return (
    figures.funnel.every((step) => step.count === 0) &&
    figures.valueWaiting.count === 0 &&
    figures.stalled.total === 0 &&
    figures.volume.weeks.every((week) => week.sent + week.signed + week.declined === 0) &&
    figures.invoices.issued.count === 0 &&
    figures.invoices.overdue.count === 0
  );
}

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <p className="in-figure">
      <span className="in-figure__value">{value}</span>{' '}
      <span className="in-figure__label">{label}</span>
    </p>
  );
}

function InsightsCharts({
  figures,
  onApply,
}: {
  figures: InsightsResponse;
  onApply: (change: Partial<InsightsFilter>) => string | null;
}) {
  const { timeToSign, valueWaiting } = figures;
  const overall = {
    count: timeToSign.count,
    medianDays: timeToSign.medianDays,
    p90Days: timeToSign.p90Days,
  };
  const markers = [
    { label: 'Median', category: timeToSignBucketLabel(timeToSign.medianDays) },
    { label: '90th percentile', category: timeToSignBucketLabel(timeToSign.p90Days) },
  ].flatMap((marker) =>
    marker.category ? [{ label: marker.label, category: marker.category }] : [],
  );

  return (
    <div className="in-charts">
      <div className="in-grid">
        <ChartPanel
          title="Funnel"
          note="Agreements sent in the period: how far they got, and how the others ended."
          table={funnelTable(figures)}
          fileName="insights-funnel"
          chart={{
            category: 'step',
            series: ['count'],
            orientation: 'horizontal',
            annotation: 'rate',
          }}
        />
        <ChartPanel
          title="Time to sign"
          note="Of the agreements sent in the period and signed: days from the send to the signature."
          table={timeToSignDistributionTable(figures)}
          fileName="insights-time-to-sign"
          chart={{ category: 'bucket', series: ['count'], orientation: 'vertical', markers }}
          headline={
            timeToSign.count > 0 ? (
              <>
                <Figure value={formatCell('days', timeToSign.medianDays)} label="median" />
                <Figure value={formatCell('days', timeToSign.p90Days)} label="90th percentile" />
                <Figure value={formatCell('count', timeToSign.count)} label="signed" />
              </>
            ) : null
          }
        />
        <ChartPanel
          title="Time to sign by family"
          table={timeToSignGroupTable(timeToSign.byFamily, 'Family', overall)}
          fileName="insights-time-to-sign-by-family"
          chart={{
            category: 'group',
            series: ['medianDays', 'p90Days'],
            orientation: 'horizontal',
          }}
        />
        <ChartPanel
          title="Time to sign by owner"
          table={timeToSignGroupTable(timeToSign.byOwner, 'Owner', overall)}
          fileName="insights-time-to-sign-by-owner"
          chart={{
            category: 'group',
            series: ['medianDays', 'p90Days'],
            orientation: 'horizontal',
          }}
        />
        <ChartPanel
          title="Value waiting by age"
          note="The fee of agreements sent and not signed yet, as of now, by days since the send."
          table={valueWaitingTable(valueWaiting.byAge, 'Age')}
          fileName="insights-value-waiting-by-age"
          chart={{
            category: 'slice',
            series: ['value'],
            orientation: 'horizontal',
            annotation: 'count',
          }}
          headline={
            valueWaiting.count > 0 ? (
              <>
                <Figure value={formatCell('money', valueWaiting.total.amount)} label="waiting" />
                <Figure value={formatCell('count', valueWaiting.count)} label="agreements" />
              </>
            ) : null
          }
        />
        <ChartPanel
          title="Value waiting by stage"
          note="The same agreements, by how far their signers got."
          table={valueWaitingTable(valueWaiting.byStage, 'Stage')}
          fileName="insights-value-waiting-by-stage"
          chart={{
            category: 'slice',
            series: ['value'],
            orientation: 'horizontal',
            annotation: 'count',
          }}
        />
      </div>
      <StalledPanel
        stalled={figures.stalled}
        onStalledDays={(stalledDays) => onApply({ stalledDays })}
      />
      <div className="in-grid">
        <ChartPanel
          title="Volume per week"
          note="Sends, signatures and declines in each week (Monday to Sunday) of the period."
          table={weeklyVolumeTable(figures)}
          fileName="insights-volume-per-week"
          chart={{
            category: 'week',
            series: ['sent', 'signed', 'declined'],
            orientation: 'vertical',
          }}
        />
        <ChartPanel
          title="Decline reasons"
          note="Declines in the period, grouped by what the signers wrote."
          table={declineReasonsTable(figures)}
          fileName="insights-decline-reasons"
          chart={{ category: 'reason', series: ['count'], orientation: 'horizontal' }}
          emptyText="No agreement was declined in the period."
        />
        <ChartPanel
          title="Invoices"
          note="Invoices issued in the period, what of them is paid, and what is overdue now."
          table={invoicesTable(figures)}
          fileName="insights-invoices"
          chart={{
            category: 'state',
            series: ['amount'],
            orientation: 'horizontal',
            annotation: 'count',
          }}
          emptyText="No invoice was issued in the period."
        />
      </div>
    </div>
  );
}
