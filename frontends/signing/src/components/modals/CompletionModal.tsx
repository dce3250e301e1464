import { Dialog } from '@prosign/ui';
import { SIGNING_TEXTS } from './signing-texts';

export interface CompletionModalProps {
  open: boolean;
  /** Leaves for the firm's customer-reviews page (spec 1 §2.4). */
  onClose: () => void;
}

/** The Completion modal: the agreement is signed; Close (or Escape) moves on. */
export function CompletionModal({ open, onClose }: CompletionModalProps) {
  const T = SIGNING_TEXTS.completion;
  return (
    <Dialog
      open={open}
      title={T.title}
      onClose={onClose}
      actions={
        <button type="button" className="ps-button ps-button--primary" onClick={onClose}>
          {T.close}
        </button>
      }
    >
      <p>{T.message}</p>
    </Dialog>
  );
}
