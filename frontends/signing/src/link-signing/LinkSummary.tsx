import type {
  LinkSigningFamily,
  LinkSigningView,
  LinkSigningViewCore,
  LinkSigningViews,
} from '@prosign/api-client';
import {
  familyDefinition,
  formatCalendarDate,
  isSplitPayment,
  type SignerMessages,
} from '@prosign/domain';
import { useSignerMessages } from '@prosign/ui';
import { useId } from 'react';

export interface SummaryRow {
  label: string;
  value: string;
}

/** What a family's page says above the document, and who signs it. */
interface FamilySummary<V> {
  heading: (m: SignerMessages) => string;
  rows: (view: V, m: SignerMessages) => SummaryRow[];
  /** The name the typed signature starts from. */
  signerName: (view: V) => string;
}

const money = (m: SignerMessages, value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? m.format('summary.money', { amount: value })
    : '';
const calendarDate = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? formatCalendarDate(value) : (value ?? '');

const SUMMARIES: { [F in keyof LinkSigningViews]: FamilySummary<LinkSigningViews[F]> } = {
  sow: {
    heading: (m) => m.format('summary.sowHeading'),
    rows: (view, m) => [
      { label: m.format('summary.partner'), value: view.cp_name || view.client.full_name },
      { label: m.format('summary.project'), value: view.project_address },
      { label: m.format('summary.amount'), value: money(m, view.payment_amount) },
      { label: m.format('summary.effectiveDate'), value: calendarDate(view.effective_date) },
    ],
    signerName: (view) => view.cp_name || view.client.full_name,
  },
  co: {
    heading: (m) => m.format('summary.coHeading'),
    rows: (view, m) => [
      { label: m.format('summary.signatory'), value: view.signatory_name || view.client.full_name },
      { label: m.format('summary.projectAddress'), value: view.project_address },
      { label: m.format('summary.description'), value: view.description },
      { label: m.format('summary.fee'), value: money(m, view.fee) },
      { label: m.format('summary.paymentTerms'), value: view.payment_terms },
      ...(isSplitPayment(view.payment_terms)
        ? [
            { label: m.format('summary.firstPayment'), value: money(m, view.firstPayment) },
            { label: m.format('summary.secondPayment'), value: money(m, view.secondPayment) },
          ]
        : []),
    ],
    signerName: (view) => view.signatory_name || view.client.full_name,
  },
};

/** A family with no summary of its own: the rows its server sends, else the signer, under the family's name. */
const plainSummary = (family: LinkSigningFamily): FamilySummary<LinkSigningView> => ({
  heading: (m) => m.format('summary.familyHeading', { family: familyDefinition(family).label }),
  rows: (view, m) =>
    (view as LinkSigningViewCore).summary ?? [
      { label: m.format('summary.signer'), value: view.client.full_name },
    ],
  signerName: (view) => view.client.full_name,
});

// The view is the family's own: `LinkSigningFlow` opens it under the same family.
const summaryOf = (family: LinkSigningFamily) =>
  ((SUMMARIES as Partial<Record<string, unknown>>)[family] as
    FamilySummary<LinkSigningView> | undefined) ?? plainSummary(family);

/** The summary rows of a family's view; empty values are left out. */
function summaryRows(
  family: LinkSigningFamily,
  view: LinkSigningView,
  m: SignerMessages,
): SummaryRow[] {
  return summaryOf(family)
    .rows(view, m)
    .filter((row) => row.value.trim() !== '');
}

export function signerNameOf(family: LinkSigningFamily, view: LinkSigningView): string {
  return summaryOf(family).signerName(view);
}

/** The agreement's key facts above the document (spec 3 §2), as a labelled list. */
export function LinkSummary({
  family,
  view,
}: {
  family: LinkSigningFamily;
  view: LinkSigningView;
}) {
  const headingId = useId();
  const messages = useSignerMessages();
  const rows = summaryRows(family, view, messages);
  if (rows.length === 0) return null;
  return (
    <section className="ps-card sg-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="sg-summary__title">
        {summaryOf(family).heading(messages)}
      </h2>
      <dl className="sg-summary__facts">
        {rows.map((row) => (
          <div key={row.label} className="sg-summary__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
