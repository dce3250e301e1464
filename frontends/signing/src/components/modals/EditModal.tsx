import { Dialog } from '@prosign/ui';
import { useDismissLabels, useSigningTexts } from './signing-texts';

export interface EditModalProps {
  open: boolean;
  /** Reopens the Signature modal with the saved values. */
  onEdit: () => void;
  onClose: () => void;
}

/** The Edit modal (spec 1 §2.4): offered once a signature is saved. */
export function EditModal({ open, onEdit, onClose }: EditModalProps) {
  const texts = useSigningTexts();
  const dismissLabels = useDismissLabels();
  const T = texts.edit;
  return (
    <Dialog
      dismissLabels={dismissLabels}
      open={open}
      title={T.title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="ps-button" onClick={onClose}>
            {texts.cancel}
          </button>
          <button type="button" className="ps-button ps-button--primary" onClick={onEdit}>
            {T.edit}
          </button>
        </>
      }
    >
      <p>{T.prompt}</p>
    </Dialog>
  );
}
