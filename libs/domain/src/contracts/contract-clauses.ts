/**
 * Clause texts generated from the contract form (spec 2 §5). The agreement,
 * the editor and the preview all take them from here.
 */
import { balanceOf } from '../agreements/agreement-rules';
import { USD_FORMAT } from '../money/money';

export interface PaymentAmounts {
  cost: number;
  deposit: number;
  progress: number;
  /** Final balance; when absent it is cost − deposit − progress. */
  balance?: number;
}

const usd = new Intl.NumberFormat('en-US', USD_FORMAT);

/** "$12,500.00". */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** Final payments are due within this many days of the matching delivery (spec 2 §9). */
export const FINAL_PAYMENT_DUE_DAYS = 7;

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
