import { STORAGE_KEYS, type ContractCardView, type ContractForEditing } from '@prosign/domain';
import { useNavigate } from 'react-router';
import { draftFromContract, saveDraft } from '../../create/contract-draft';

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
 * with the record, remembering the contract it replaces (spec 2 §4).
 */
export function useEditAndResendContract() {
  const navigate = useNavigate();
  return (result: ContractForEditing, card: ContractCardView) => {
    saveDraft(draftFromContract({ ...result.contract, token: card.token }));
    try {
      localStorage.setItem(STORAGE_KEYS.selectedUserCardData, JSON.stringify(card));
    } catch {
      // Only the remembered card is lost.
    }
    void navigate('/');
  };
}
