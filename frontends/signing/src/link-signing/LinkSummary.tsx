import type {
  LinkSigningFamily,
  LinkSigningView,
  LinkSigningViewCore,
  LinkSigningViews,
} from '@prosign/api-client';
import { familyDefinition, formatCalendarDate, formatUsd, isSplitPayment } from '@prosign/domain';
import { useId } from 'react';

export interface SummaryRow {
  label: string;
  value: string;
}

/** What a family's page says above the document, and who signs it. */
interface FamilySummary<V> {
  heading: string;
  rows: (view: V) => SummaryRow[];
  /** The name the typed signature starts from. */
  signerName: (view: V) => string;
}

const money = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? formatUsd(value) : '';
const calendarDate = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? formatCalendarDate(value) : (value ?? '');

const SUMMARIES: { [F in keyof LinkSigningViews]: FamilySummary<LinkSigningViews[F]> } = {
  sow: {
    heading: 'Scope of Work details',
    rows: (view) => [
      { label: 'Partner', value: view.cp_name || view.client.full_name },
      { label: 'Project', value: view.project_address },
      { label: 'Amount', value: money(view.payment_amount) },
      { label: 'Effective date', value: calendarDate(view.effective_date) },
    ],
    signerName: (view) => view.cp_name || view.client.full_name,
  },
  co: {
    heading: 'Change order details',
    rows: (view) => [
      { label: 'Signatory', value: view.signatory_name || view.client.full_name },
      { label: 'Project address', value: view.project_address },
      { label: 'Description', value: view.description },
      { label: 'Fee', value: money(view.fee) },
      { label: 'Payment terms', value: view.payment_terms },
      ...(isSplitPayment(view.payment_terms)
        ? [
            { label: 'First payment', value: money(view.firstPayment) },
            { label: 'Second payment', value: money(view.secondPayment) },
          ]
        : []),
    ],
    signerName: (view) => view.signatory_name || view.client.full_name,
  },
};

/** A family with no summary of its own: the rows its server sends, else the signer, under the family's name. */
const plainSummary = (family: LinkSigningFamily): FamilySummary<LinkSigningView> => ({
  heading: `${familyDefinition(family).label} details`,
  rows: (view) =>
    (view as LinkSigningViewCore).summary ?? [{ label: 'Signer', value: view.client.full_name }],
  signerName: (view) => view.client.full_name,
});

// The view is the family's own: `LinkSigningFlow` opens it under the same family.
const summaryOf = (family: LinkSigningFamily) =>
  ((SUMMARIES as Partial<Record<string, unknown>>)[family] as
    FamilySummary<LinkSigningView> | undefined) ?? plainSummary(family);

/** The summary rows of a family's view; empty values are left out. */
function summaryRows(family: LinkSigningFamily, view: LinkSigningView): SummaryRow[] {
  return summaryOf(family)
    .rows(view)
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
  const rows = summaryRows(family, view);
  if (rows.length === 0) return null;
  return (
    <section className="ps-card sg-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="sg-summary__title">
        {summaryOf(family).heading}
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
