import { Dialog } from '@prosign/ui';
import { useDismissLabels, useSigningTexts } from './signing-texts';

export interface CompletionModalProps {
  open: boolean;
  /** Leaves for the firm's customer-reviews page (spec 1 §2.4). */
  onClose: () => void;
  /** Several signers, others still to sign: where the signatures stand. */
  progress?: string | null;
}

/** The Completion modal: the agreement is signed; Close (or Escape) moves on. */
export function CompletionModal({ open, onClose, progress }: CompletionModalProps) {
  const T = useSigningTexts().completion;
  const dismissLabels = useDismissLabels();
  return (
    <Dialog
      dismissLabels={dismissLabels}
      open={open}
      title={progress ? T.partTitle : T.title}
      onClose={onClose}
      actions={
        <button type="button" className="ps-button ps-button--primary" onClick={onClose}>
          {T.close}
        </button>
      }
    >
      {progress ? (
        <>
          <p>{T.partMessage}</p>
          <p>{progress}</p>
        </>
      ) : (
        <p>{T.message}</p>
      )}
    </Dialog>
  );
}
