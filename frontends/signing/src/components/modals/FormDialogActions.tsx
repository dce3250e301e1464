import { SIGNING_TEXTS } from './signing-texts';

export interface FormDialogActionsProps {
  /** The id of the form the primary button submits. */
  formId: string;
  saveLabel: string;
  busy: boolean;
  onCancel: () => void;
}

/** Cancel and the form's submit button, both held while the save runs. */
export function FormDialogActions({ formId, saveLabel, busy, onCancel }: FormDialogActionsProps) {
  return (
    <>
      <button type="button" className="ps-button" onClick={onCancel} disabled={busy}>
        {SIGNING_TEXTS.cancel}
      </button>
      <button type="submit" form={formId} className="ps-button ps-button--primary" disabled={busy}>
        {saveLabel}
      </button>
    </>
  );
}
