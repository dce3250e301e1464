import type { ContractCardView, ContractForEditing } from '@prosign/domain';
import { ROUTES, STORAGE_KEYS } from '@prosign/domain';
import { useEditAndResend } from '@prosign/ui/agreements';
import { draftFromContract } from '../../create/contract-send-input';

/** What only a standard contract's card shows under the shared lines: its service. */
export function ContractCardLines({ card }: { card: ContractCardView }) {
  return card.form_type ? <span className="dash-card__service">{card.form_type}</span> : null;
}

/** The standard contract's own rows in the details modal. */
export function contractContactRows(card: ContractCardView) {
  return [
    ['Company', card.company_name],
    ['CC email', card.cc_email],
    ['Service', card.form_type],
    ['CSM', card.csm_email],
    ['PM', card.pm_email],
  ] as const;
}

/**
 * Edit and Resend of a standard contract: the creation screen opens prefilled
 * with the record (its draft), remembering the contract it replaces (spec 2 §4).
 */
export function useEditAndResendContract() {
  return useEditAndResend('standard', {
    storageKey: STORAGE_KEYS.contractFormData,
    route: ROUTES.home,
    stored: (result: ContractForEditing, card: ContractCardView) =>
      // The card's recipients: / asks the same signers and countersigner again.
      draftFromContract({ ...result.contract, token: card.token }, card.recipients),
  });
}
