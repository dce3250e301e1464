import {
  AGREEMENT_ACTION_LABELS,
  familyDefinition,
  type AgreementCardCore,
  type AgreementFamily,
} from '@prosign/domain';
import { ConfirmDialog } from '@prosign/ui';
import { ChangeSignerDialog } from './ChangeSignerDialog';
import { CopyLinkModal } from './CopyLinkModal';
import type { ConfirmedAction } from './useAgreementCardActions';

const CONFIRM_TEXT: Record<
  ConfirmedAction,
  { title: (noun: string) => string; body: string | ((signer: string) => string); danger: boolean }
> = {
  cancel: {
    title: (noun) => `Cancel this ${noun}?`,
    body: 'The signing link stops working. You can resend or edit and resend it afterwards.',
    danger: true,
  },
  void: {
    title: (noun) => `Void this signed ${noun}?`,
    body: 'A voided copy of the signed PDF is produced and the status becomes void.',
    danger: true,
  },
  markAsSigned: {
    title: (noun) => `Mark this ${noun} as signed?`,
    body: (signer) =>
      `Use this when the ${signer} signed outside ProSign. The status becomes signed manually.`,
    danger: false,
  },
  delete: {
    title: (noun) => `Delete this ${noun}?`,
    body: 'It disappears from the dashboard. This cannot be undone from here.',
    danger: true,
  },
};

function confirmBody(action: ConfirmedAction, family: AgreementFamily): string {
  const { body } = CONFIRM_TEXT[action];
  return typeof body === 'function' ? body(familyDefinition(family).signerWord) : body;
}

export interface AgreementActionDialogsProps {
  family: AgreementFamily;
  pending: { action: ConfirmedAction; card: AgreementCardCore } | null;
  onConfirm: () => void;
  onDismiss: () => void;
  copying: AgreementCardCore | null;
  onCloseCopyLink: () => void;
  /** The card whose Change signer dialog is open. */
  changing?: (AgreementCardCore & { token?: string }) | null;
  onCloseChangeSigner?: () => void;
}

/** The questions before destructive actions and the copy-link modal of a dashboard. */
export function AgreementActionDialogs({
  family,
  pending,
  onConfirm,
  onDismiss,
  copying,
  onCloseCopyLink,
  changing,
  onCloseChangeSigner,
}: AgreementActionDialogsProps) {
  const noun = familyDefinition(family).noun;
  return (
    <>
      {pending ? (
        <ConfirmDialog
          open
          title={CONFIRM_TEXT[pending.action].title(noun)}
          confirmLabel={AGREEMENT_ACTION_LABELS[pending.action]}
          cancelLabel="Keep it"
          danger={CONFIRM_TEXT[pending.action].danger}
          onConfirm={onConfirm}
          onCancel={onDismiss}
        >
          <p>
            <strong>
              {pending.card.summary.recipientName || pending.card.summary.recipientEmail}
            </strong>{' '}
            — {confirmBody(pending.action, family)}
          </p>
        </ConfirmDialog>
      ) : null}
      {copying ? (
        <CopyLinkModal
          link={copying.signingLink}
          name={copying.summary.recipientName || copying.summary.recipientEmail}
          onClose={onCloseCopyLink}
        />
      ) : null}
      {changing ? (
        <ChangeSignerDialog
          family={family}
          card={changing}
          onClose={() => onCloseChangeSigner?.()}
        />
      ) : null}
    </>
  );
}
