import {
  useAgreementAction,
  useReopenEmailCode,
  type FamilyCard,
  type FamilyResults,
  type ListedFamily,
} from '@prosign/api-client';
import {
  decideAgreementAction,
  EMAIL_CODE_MESSAGES,
  TOAST_DURATION_MS,
  type ActionViewer,
  type AgreementAction,
} from '@prosign/domain';
import { useState } from 'react';
import { useToast } from '@prosign/ui';
import { agreementMessages, errorText, refusalText } from './agreement-messages';

/** Actions that ask before they run. */
export type ConfirmedAction = 'cancel' | 'void' | 'markAsSigned' | 'delete';
const CONFIRMED: readonly AgreementAction[] = ['cancel', 'void', 'markAsSigned', 'delete'];

export interface AgreementCardActionsOptions<F extends ListedFamily> {
  viewer: ActionViewer;
  /** After a void: the page shows the voided PDF. */
  onVoided?: (card: FamilyCard<F>) => void;
  /** Edit and Resend answered: the family opens its creation screen with the record. */
  onEditAndResend: (result: FamilyResults<F>['editAndResend'], card: FamilyCard<F>) => void;
}

/**
 * What happens when a card's action is chosen: the shared rule decides first,
 * destructive ones ask for confirmation, Copy Link opens the copy-link modal,
 * and every outcome is a 6 s notice in the family's words (spec 2 §8, spec 3 §8).
 */
export function useAgreementCardActions<F extends ListedFamily>(
  family: F,
  { viewer, onVoided, onEditAndResend }: AgreementCardActionsOptions<F>,
) {
  const { run } = useAgreementAction(family);
  const reopen = useReopenEmailCode(family);
  const toast = useToast();
  const messages = agreementMessages(family);
  const [pending, setPending] = useState<{
    action: ConfirmedAction;
    card: FamilyCard<F>;
  } | null>(null);
  const [copying, setCopying] = useState<FamilyCard<F> | null>(null);
  // The card whose Change signer dialog is open.
  const [changing, setChanging] = useState<FamilyCard<F> | null>(null);
  const [busy, setBusy] = useState<{ id: string; action: AgreementAction } | null>(null);

  const ok = (message: string) => toast.success(message, TOAST_DURATION_MS.long);
  const fail = (message: string) => toast.error(message, TOAST_DURATION_MS.long);

  async function perform(action: AgreementAction, card: FamilyCard<F>): Promise<void> {
    if (action === 'copyLink') {
      setCopying(card);
      return;
    }
    if (action === 'changeSigner') {
      setChanging(card);
      return;
    }
    if (action === 'reopenEmailCode') {
      // Every signer whose code step is locked (usually one) may try again.
      setBusy({ id: card._id, action });
      try {
        for (const recipientId of card.emailCodeLocked ?? []) {
          await reopen.mutateAsync({ card, recipientId });
        }
        ok(EMAIL_CODE_MESSAGES.reopened);
      } catch (error) {
        fail(refusalText(error) || EMAIL_CODE_MESSAGES.reopenFailed);
      } finally {
        setBusy(null);
      }
      return;
    }
    // Spec 2 §8: a reminder or a resend needs the client's e-mail.
    if (
      (action === 'sendReminder' || action === 'resend') &&
      !card.summary.recipientEmail?.trim()
    ) {
      fail(messages.emailNotFound);
      return;
    }
    setBusy({ id: card._id, action });
    try {
      switch (action) {
        case 'sendReminder':
          // Spec 2 §8: the server's reason when it refused, else the generic error.
          await run(action, card).then(
            () => ok(messages.reminderSent),
            (error: unknown) => {
              const reason = refusalText(error);
              fail(reason ? messages.reminderFailed(reason) : messages.reminderError);
            },
          );
          return;
        case 'cancel':
          await run(action, card).then(
            () => ok(messages.cancelled),
            (error: unknown) => {
              const reason = refusalText(error);
              fail(reason ? messages.cancelFailed(reason) : messages.cancelError);
            },
          );
          return;
        case 'void':
          await run(action, card).then(
            () => {
              ok(messages.voided);
              onVoided?.(card);
            },
            (error: unknown) => {
              // A refusal for rights carries the spec's own words; anything else is generic.
              const refused = (error as { statusCode?: number } | null)?.statusCode === 403;
              fail(refused ? errorText(error) : messages.voidFailed);
            },
          );
          return;
        case 'markAsSigned':
          await run(action, card).then(
            () => ok(messages.markedSigned),
            () => fail(messages.markSignedFailed),
          );
          return;
        case 'delete':
          await run(action, card).then(
            () => ok(messages.deleted),
            () => fail(messages.deleteFailed),
          );
          return;
        case 'resend':
          await run(action, card).then(
            () => ok(messages.resent(card.summary.recipientEmail)),
            () => fail(messages.resendFailed),
          );
          return;
        case 'editAndResend':
          await run(action, card).then(
            (result) => onEditAndResend(result, card),
            () => fail(messages.editResendFailed),
          );
          return;
      }
    } finally {
      setBusy(null);
    }
  }

  /** A card's action was chosen. */
  const choose = (action: AgreementAction, card: FamilyCard<F>) => {
    const decision = decideAgreementAction(family, action, card, viewer, new Date());
    if (!decision.allowed) {
      fail(decision.message);
      return;
    }
    if (CONFIRMED.includes(action)) {
      setPending({ action: action as ConfirmedAction, card });
      return;
    }
    void perform(action, card);
  };

  const confirm = () => {
    if (!pending) return;
    const { action, card } = pending;
    setPending(null);
    void perform(action, card);
  };

  return {
    choose,
    /** The action waiting for confirmation. */
    pending,
    confirm,
    dismiss: () => setPending(null),
    /** The card whose link the copy-link modal shows. */
    copying,
    closeCopyLink: () => setCopying(null),
    /** The card whose Change signer dialog is open. */
    changing,
    closeChangeSigner: () => setChanging(null),
    busyFor: (id: string) => (busy?.id === id ? busy.action : null),
  };
}
