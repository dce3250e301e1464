import { Dialog } from '@prosign/ui';
import '@fontsource/whisper/400.css';
import '../signing.css';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormDialogActions } from './FormDialogActions';
import { useDismissLabels } from './signing-texts';

/**
 * The form state every signing modal keeps: one error message (cleared by any
 * change) and a reset to its starting values each time the modal opens.
 */
export function useSigningForm(open: boolean, reset: () => void) {
  const [error, setError] = useState('');
  const errorId = useId();
  useEffect(() => {
    if (!open) return;
    reset();
    setError('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  /** Ties a field to the error message while there is one. */
  const describedBy = error ? errorId : undefined;
  return { error, setError, errorId, describedBy };
}

export interface SigningFormDialogProps {
  open: boolean;
  /** The dialog's title, the prompt atop the form, the Save button's label. */
  texts: { title: string; prompt: string; save: string };
  busy: boolean;
  size?: 'normal' | 'wide';
  form: ReturnType<typeof useSigningForm>;
  /** Checks the fields; returns the error to show, or saves and returns nothing. */
  onSubmit: () => string | void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The one signing modal (spec 1 §2.4, §5; spec 3 §2): a form in a dialog with
 * Cancel and Save (held while saving), its prompt, its fields and one error.
 * The signature modal and the initials / Agree and Finish modal are this frame
 * with their own fields.
 */
export function SigningFormDialog({
  open,
  texts,
  busy,
  size,
  form,
  onSubmit,
  onClose,
  children,
}: SigningFormDialogProps) {
  const formId = useId();
  const dismissLabels = useDismissLabels();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = onSubmit();
    if (problem) form.setError(problem);
  };
  return (
    <Dialog
      dismissLabels={dismissLabels}
      open={open}
      title={texts.title}
      onClose={busy ? undefined : onClose}
      describeBody={false}
      size={size}
      actions={
        <FormDialogActions formId={formId} saveLabel={texts.save} busy={busy} onCancel={onClose} />
      }
    >
      <form id={formId} className="sg-signature-form" onSubmit={submit} noValidate>
        <p>{texts.prompt}</p>
        {children}
        {form.error ? (
          <p id={form.errorId} className="sg-form-error" role="alert">
            {form.error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

export interface SigningTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  form: ReturnType<typeof useSigningForm>;
  maxLength: number;
  autoComplete: string;
}

/** A text field of a signing modal (initials, typed signature): a change clears the error. */
export function SigningTextField({
  label,
  value,
  onChange,
  form,
  maxLength,
  autoComplete,
}: SigningTextFieldProps) {
  const id = useId();
  return (
    <div className="ps-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="ps-input"
        value={value}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-describedby={form.describedBy}
        onChange={(event) => {
          onChange(event.target.value);
          form.setError('');
        }}
      />
    </div>
  );
}

/** The initials field both signing modals ask (20 characters at most). */
export function InitialsField(
  props: Pick<SigningTextFieldProps, 'label' | 'value' | 'onChange' | 'form'>,
) {
  return <SigningTextField {...props} maxLength={20} autoComplete="off" />;
}
