/**
 * Clause texts generated from the contract form (spec 2 §5). The agreement,
 * the editor and the preview all take them from here.
 */
import { balanceOf } from '../agreements/agreement-rules';
import { formatUsd } from '../money/money';

/** Money is formatted in one place (money/money.ts); kept here for the clauses' readers. */
export { formatUsd };
import { formatPacificDate, type Instant } from '../time/pacific-time';

export interface PaymentAmounts {
  cost: number;
  deposit: number;
  progress: number;
  /** Final balance; when absent it is cost − deposit − progress. */
  balance?: number;
}

/** Final payments are due within this many days of the matching delivery (spec 2 §9). */
const FINAL_PAYMENT_DUE_DAYS = 7;

/**
 * - only a cost (deposit and progress 0, or a deposit of the whole cost): the
 *   full amount is due on signing;
 * - no progress payment: the deposit is due on signing, the final balance within
 *   seven days after the final unstamped documents are delivered;
 * - otherwise deposit, progress payment and final balance are each due within
 *   seven days of the matching delivery.
 */
export function paymentClauseText(amounts: PaymentAmounts): string {
  const { cost, deposit, progress } = amounts;
  const balance = amounts.balance ?? balanceOf(amounts);
  // A deposit of the whole cost (the Inspection service) is full payment too.
  if (progress === 0 && (deposit === 0 || deposit >= cost)) {
    return (
      `The total fee for the services described in this Agreement is ${formatUsd(cost)}. ` +
      `Full payment of ${formatUsd(cost)} is due upon signing of this Agreement.`
    );
  }
  if (progress === 0) {
    return (
      `The total fee for the services described in this Agreement is ${formatUsd(cost)}. ` +
      `A deposit of ${formatUsd(deposit)} is due upon signing of this Agreement. ` +
      `The final balance of ${formatUsd(balance)} is due within ${FINAL_PAYMENT_DUE_DAYS} days ` +
      `after delivery of the final unstamped documents.`
    );
  }
  return (
    `The total fee for the services described in this Agreement is ${formatUsd(cost)}. ` +
    `A deposit of ${formatUsd(deposit)} is due within ${FINAL_PAYMENT_DUE_DAYS} days of signing ` +
    `of this Agreement. A progress payment of ${formatUsd(progress)} is due within ` +
    `${FINAL_PAYMENT_DUE_DAYS} days of delivery of the progress set of documents. ` +
    `The final balance of ${formatUsd(balance)} is due within ${FINAL_PAYMENT_DUE_DAYS} days ` +
    `of delivery of the final documents.`
  );
}

/** 'The Engineer shall also provide {n} Title 24 report(s).'; empty when no report is ordered. */
export function title24ClauseText(reportCount: number): string {
  if (!Number.isInteger(reportCount) || reportCount < 0) {
    throw new RangeError(`Title 24 report count must be a whole number ≥ 0, got ${reportCount}`);
  }
  return reportCount === 0
    ? ''
    : `The Engineer shall also provide ${reportCount} Title 24 report(s).`;
}

/** What a standard agreement's placeholder values are made from (spec 2 §3 contract form data). */
export interface StandardContractValuesInput {
  full_name: string;
  first_name?: string;
  last_name?: string;
  company_name?: string;
  email: string;
  contact_number?: string;
  site_address: string;
  city?: string;
  state?: string;
  zipcode?: string;
  project_type?: string;
  serviceType?: string;
  csm_email: string;
  pm_email?: string;
  hs_deal_id?: string;
  cost: number;
  deposit: number;
  progress?: number;
  balance?: number;
  t24ReportCount: number;
}

/**
 * The placeholder values of a standard agreement (`$full_name`, `$cost`, …),
 * from its form data: the document engine fills the PDF with them and the
 * clause editor shows them beside each placeholder, so both say the same.
 */
export function standardContractValues(
  form: StandardContractValuesInput,
  agreementDate: Instant,
): Record<string, string> {
  const progress = form.progress ?? 0;
  const balance = form.balance ?? Math.max(0, form.cost - form.deposit - progress);
  const stateZip = [form.state, form.zipcode].filter(Boolean).join(' ');
  const fullAddress = [form.site_address, form.city, stateZip]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  const fullName = form.full_name.trim();
  return {
    agreement_date: formatPacificDate(agreementDate),
    full_name: fullName,
    first_name: form.first_name ?? fullName.split(/\s+/)[0],
    last_name: form.last_name ?? fullName.split(/\s+/).slice(-1)[0],
    client_name: form.company_name?.trim() || fullName,
    company_name: form.company_name ?? '',
    email: form.email,
    contact_number: form.contact_number?.trim() || 'phone not provided',
    site_address: form.site_address,
    city: form.city ?? '',
    state: form.state ?? '',
    zipcode: form.zipcode ?? '',
    full_address: fullAddress,
    project_type: form.project_type?.trim() || 'engineering',
    service_type: form.serviceType?.trim() || 'engineering services',
    csm_email: form.csm_email,
    pm_email: form.pm_email ?? form.csm_email,
    hs_deal_id: form.hs_deal_id ?? '',
    cost: formatUsd(form.cost),
    deposit: formatUsd(form.deposit),
    progress: formatUsd(progress),
    balance: formatUsd(balance),
    payment_clause: paymentClauseText({
      cost: form.cost,
      deposit: form.deposit,
      progress,
      balance,
    }),
    title_report_clause: title24ClauseText(form.t24ReportCount),
    report_count: String(form.t24ReportCount),
  };
}
