import { useContractActions } from '@prosign/api-client';
import {
  decideContractAction,
  STORAGE_KEYS,
  TOAST_DURATION_MS,
  type ContractAction,
  type ContractActionViewer,
  type ContractCardView,
} from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { draftFromContract, saveDraft } from '../../create/contract-draft';
import { DASHBOARD_MESSAGES, errorText } from '../dashboard-messages';

/** Actions that ask before they run. */
export type ConfirmedAction = 'cancel' | 'void' | 'markAsSigned' | 'delete';
const CONFIRMED: readonly ContractAction[] = ['cancel', 'void', 'markAsSigned', 'delete'];

/**
 * What happens when a card's action is chosen: the shared availability rule
 * decides first (void by a non-admin gets the spec's message), destructive
 * ones ask for confirmation, and every outcome is a 6 s toast (spec 2 §8).
 */
export function useCardActions(
  viewer: ContractActionViewer,
  onVoided: (card: ContractCardView) => void,
) {
  const actions = useContractActions();
  const toast = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState<{
    action: ConfirmedAction;
    card: ContractCardView;
  } | null>(null);
  const [busy, setBusy] = useState<{ token: string; action: ContractAction } | null>(null);

  const ok = (message: string) => toast.success(message, TOAST_DURATION_MS.long);
  const fail = (message: string) => toast.error(message, TOAST_DURATION_MS.long);

  async function run(action: ContractAction, card: ContractCardView): Promise<void> {
    setBusy({ token: card.token, action });
    try {
      switch (action) {
        case 'sendReminder':
          try {
            await actions.sendReminder.mutateAsync(card.token);
            ok(DASHBOARD_MESSAGES.reminderSent);
          } catch (error) {
            fail(DASHBOARD_MESSAGES.reminderFailed(errorText(error)));
          }
          return;
        case 'cancel':
          try {
            await actions.cancel.mutateAsync(card.token);
            ok(DASHBOARD_MESSAGES.cancelled);
          } catch (error) {
            fail(DASHBOARD_MESSAGES.cancelFailed(errorText(error)));
          }
          return;
        case 'void':
          try {
            await actions.void.mutateAsync(card.token);
            ok(DASHBOARD_MESSAGES.voided);
            onVoided(card);
          } catch (error) {
            // A refusal for rights carries the spec's own words; anything else is generic.
            const refused = (error as { statusCode?: number } | null)?.statusCode === 403;
            fail(refused ? errorText(error) : DASHBOARD_MESSAGES.voidFailed);
          }
          return;
        case 'markAsSigned':
          try {
            await actions.markAsSigned.mutateAsync(card.token);
            ok(DASHBOARD_MESSAGES.markedSigned);
          } catch {
            fail(DASHBOARD_MESSAGES.markSignedFailed);
          }
          return;
        case 'delete':
          try {
            await actions.delete.mutateAsync(card.token);
            ok(DASHBOARD_MESSAGES.deleted);
          } catch {
            fail(DASHBOARD_MESSAGES.deleteFailed);
          }
          return;
        case 'resend':
          try {
            await actions.resend.mutateAsync(card.token);
            ok(DASHBOARD_MESSAGES.resent(card.email));
          } catch {
            fail(DASHBOARD_MESSAGES.resendFailed);
          }
          return;
        case 'editAndResend':
          try {
            const { contract } = await actions.editResend.mutateAsync(card.token);
            saveDraft(draftFromContract({ ...contract, token: card.token }));
            try {
              localStorage.setItem(STORAGE_KEYS.selectedUserCardData, JSON.stringify(card));
            } catch {
              // Only the remembered card is lost.
            }
            void navigate('/');
          } catch {
            fail(DASHBOARD_MESSAGES.editResendFailed);
          }
          return;
        case 'copyLink':
          try {
            await navigator.clipboard.writeText(card.signingLink);
            ok(DASHBOARD_MESSAGES.linkCopied);
          } catch {
            fail(DASHBOARD_MESSAGES.copyFailed);
          }
          return;
      }
    } finally {
      setBusy(null);
    }
  }

  /** A card's action button was pressed. */
  const choose = (action: ContractAction, card: ContractCardView) => {
    const decision = decideContractAction(action, card, viewer, new Date());
    if (!decision.allowed) {
      fail(decision.message);
      return;
    }
    if (CONFIRMED.includes(action)) {
      setPending({ action: action as ConfirmedAction, card });
      return;
    }
    void run(action, card);
  };

  const confirm = () => {
    if (!pending) return;
    const { action, card } = pending;
    setPending(null);
    void run(action, card);
  };

  return {
    choose,
    pending,
    confirm,
    dismiss: () => setPending(null),
    busyFor: (token: string) => (busy?.token === token ? busy.action : null),
  };
}
