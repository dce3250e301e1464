import { CONTRACT_MESSAGES } from '@prosign/domain';
import { ConfirmDialog, useToast } from '@prosign/ui';
import type { ReactNode } from 'react';
import { CopyLinkModal } from './CopyLinkModal';

/** One button of the send step: its label, the label while it runs, and when it is enabled. */
interface SendStepButton {
  label: string;
  /** Shown while `pending`; the label stays when absent. */
  pendingLabel?: string;
  pending: boolean;
  disabled: boolean;
  onClick: () => void;
}

/** A sent agreement's signing link and whom it went to. */
export interface SentLink {
  link: string;
  /** The signer's name (the copy-link modal) or "Name <email>" (the sent confirmation). */
  name: string;
}

export interface SendStepProps {
  send: SendStepButton;
  /** Download the saved document (the standard and SOW screens). */
  download?: SendStepButton;
  /** Before the buttons (a status line, Save). */
  before?: ReactNode;
  /** After the buttons (Edit the template text). */
  children?: ReactNode;
  /** The class of the button row. */
  className: string;
  /** Names the row as a group when given. */
  groupLabel?: string;
  /** Set once sent: the link is offered to copy. */
  sent: SentLink | null;
  onSentClose: () => void;
  /**
   * How the link is offered: the copy-link modal (SOW and change orders, like the
   * dashboards) or the "Contract sent" confirmation with its Copy link button (standard).
   */
  sentNotice: 'copy-link' | 'sent-dialog';
  /** False while the screen is not at its send step: only the sent link is offered. */
  showButtons?: boolean;
}

function StepButton({ button, primary }: { button: SendStepButton; primary?: boolean }) {
  return (
    <button
      type="button"
      className={primary ? 'ps-button ps-button--primary' : 'ps-button'}
      disabled={button.disabled}
      aria-busy={button.pending || undefined}
      onClick={button.onClick}
    >
      {button.pending && button.pendingLabel ? button.pendingLabel : button.label}
    </button>
  );
}

/** The standard screen's confirmation: the link, and Copy link with a toast saying how it went. */
function SentDialog({ sent, onClose }: { sent: SentLink | null; onClose: () => void }) {
  const toast = useToast();
  const copyLink = async () => {
    if (!sent) return;
    try {
      await navigator.clipboard.writeText(sent.link);
      toast.success(CONTRACT_MESSAGES.linkCopied);
    } catch {
      toast.error(CONTRACT_MESSAGES.linkCopyFailed);
    }
  };
  return (
    <ConfirmDialog
      open={sent !== null}
      title="Contract sent"
      confirmLabel="Copy link"
      cancelLabel="Close"
      onConfirm={() => void copyLink()}
      onCancel={onClose}
    >
      <p>The signing link was sent to {sent?.name ?? 'the client'}:</p>
      <p className="ps-copy-link">
        <a href={sent?.link} target="_blank" rel="noreferrer">
          {sent?.link}
        </a>
      </p>
    </ConfirmDialog>
  );
}

/**
 * The last step of every creation screen (standard `/`, SOW `/sow`, change order
 * `/co`): Send, Download when the screen offers it, and the signing link to copy
 * once sent.
 */
export function SendStep({
  send,
  download,
  before,
  children,
  className,
  groupLabel,
  sent,
  onSentClose,
  sentNotice,
  showButtons = true,
}: SendStepProps) {
  return (
    <>
      {showButtons ? (
        <div className={className} role={groupLabel ? 'group' : undefined} aria-label={groupLabel}>
          {before}
          <StepButton button={send} primary />
          {download ? <StepButton button={download} /> : null}
          {children}
        </div>
      ) : null}
      {sentNotice === 'sent-dialog' ? (
        <SentDialog sent={sent} onClose={onSentClose} />
      ) : sent ? (
        <CopyLinkModal link={sent.link} name={sent.name} onClose={onSentClose} />
      ) : null}
    </>
  );
}
