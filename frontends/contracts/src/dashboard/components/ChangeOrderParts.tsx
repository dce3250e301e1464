import {
  formatCalendarDate,
  formatUsd,
  isSplitPayment,
  ROUTES,
  STORAGE_KEYS,
  type CoCardView,
} from '@prosign/domain';
import { useEditAndResend } from '@prosign/ui/agreements';

type CoPayment = Pick<CoCardView, 'fee' | 'payment_terms' | 'firstPayment' | 'secondPayment'>;

const money = (amount: number | null | undefined) =>
  typeof amount === 'number' && Number.isFinite(amount) ? formatUsd(amount) : null;

/** The payment terms in words, a split with its two amounts ("Split Payment: $1,200.00 + $800.00"). */
function coPaymentTerms(card: CoPayment): string | null {
  if (!card.payment_terms) return null;
  if (!isSplitPayment(card.payment_terms)) return card.payment_terms;
  const parts = [money(card.firstPayment), money(card.secondPayment)].filter(Boolean);
  return parts.length ? `${card.payment_terms}: ${parts.join(' + ')}` : card.payment_terms;
}

/** The main contract's signed date as a calendar date ("March 14, 2025"), else as the CRM gave it. */
function signedDate(value: string | null): string | null {
  if (!value) return null;
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? formatCalendarDate(value.slice(0, 10)) : value;
}

/** What only a change order's card shows under the shared lines: its label, deal, fee and terms. */
export function ChangeOrderCardLines({ card }: { card: CoCardView }) {
  const fee = money(card.fee);
  const terms = coPaymentTerms(card);
  return (
    <>
      {card.coLabel ? <span className="dash-card__co-label">{card.coLabel}</span> : null}
      {card.deal_id ? <span>Deal ID {card.deal_id}</span> : null}
      {fee ? <span>Fee {fee}</span> : null}
      {terms ? <span>{terms}</span> : null}
    </>
  );
}

/** The change order's own rows in the details modal, after the signatory's contact and the sender. */
export function changeOrderContactRows(card: CoCardView) {
  return [
    ['Change order', card.coLabel],
    ['CSM', card.csm_email],
    ['PM', card.pm_email],
    ['CC emails', card.cc_emails],
    ['Deal ID', card.deal_id],
    ['Project', card.project_id],
    ['Main contract signed', signedDate(card.main_contract_signed_date)],
    ['Fee', money(card.fee)],
    ['Payment terms', coPaymentTerms(card)],
  ] as const;
}

/**
 * Edit and Resend of a change order (spec 2 §2.2, spec 3 §4): the saved form
 * the server answered is kept as `editAndResendCoContractData` and /co opens
 * prefilled from it (its `_id` is the change order the new one replaces).
 */
export function useEditAndResendChangeOrder() {
  return useEditAndResend('co', {
    storageKey: STORAGE_KEYS.editAndResendCoContractData,
    route: ROUTES.changeOrder,
    // The card's recipients: /co asks the same additional signers again.
    stored: (result, card) => ({ ...result.contract, recipients: card.recipients }),
  });
}
