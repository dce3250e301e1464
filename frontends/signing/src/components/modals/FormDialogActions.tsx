import { useSigningTexts } from './signing-texts';

export interface FormDialogActionsProps {
  /** The id of the form the primary button submits. */
  formId: string;
  saveLabel: string;
  busy: boolean;
  onCancel: () => void;
}

/** Cancel and the form's submit button, both held while the save runs. */
export function FormDialogActions({ formId, saveLabel, busy, onCancel }: FormDialogActionsProps) {
  const texts = useSigningTexts();
  return (
    <>
      <button type="button" className="ps-button" onClick={onCancel} disabled={busy}>
        {texts.cancel}
      </button>
      <button type="submit" form={formId} className="ps-button ps-button--primary" disabled={busy}>
        {saveLabel}
      </button>
    </>
  );
}
