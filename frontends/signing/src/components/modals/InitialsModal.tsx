import { SIGNATURE_MESSAGES } from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import '@fontsource/whisper/400.css';
import '../signing.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormDialogActions } from './FormDialogActions';
import { SIGNING_TEXTS } from './signing-texts';

export interface InitialsModalProps {
  open: boolean;
  /** The initials saved with the signature; the signer may correct them here. */
  initials: string;
  busy?: boolean;
  /**
   * Whether initials are asked (the customer page); the SOW page's Agree and
   * Finish asks for the consent alone, and `initials` is then ''.
   */
  askInitials?: boolean;
  /** The modal's title, prompt and button, when not the customer page's. */
  texts?: { title: string; prompt: string; save: string };
  /** Called only with non-blank initials and the terms accepted. */
  onSave: (input: { initials: string; agreedToTerms: true }) => void;
  onClose: () => void;
}

const T = SIGNING_TEXTS.initials;

/** The Initials modal (spec 1 §2.4, §4.1 step 5, §5). */
export function InitialsModal({
  open,
  initials,
  busy = false,
  askInitials = true,
  texts = T,
  onSave,
  onClose,
}: InitialsModalProps) {
  const [value, setValue] = useState(initials);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState('');
  const formId = useId();
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!open) return;
    setValue(initials);
    setAgreed(false);
    setError('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = askInitials ? value.trim() : '';
    if (askInitials && !trimmed) return setError(T.initialsRequired);
    if (!agreed) return setError(SIGNATURE_MESSAGES.termsRequired);
    onSave({ initials: trimmed, agreedToTerms: true });
  };

  return (
    <Dialog
      open={open}
      title={texts.title}
      onClose={busy ? undefined : onClose}
      describeBody={false}
      actions={
        <FormDialogActions formId={formId} saveLabel={texts.save} busy={busy} onCancel={onClose} />
      }
    >
      <form id={formId} className="sg-signature-form" onSubmit={submit} noValidate>
        <p>{texts.prompt}</p>
        {askInitials ? (
          <>
            <div className="ps-field">
              <label htmlFor={inputId}>{T.initialsLabel}</label>
              <input
                id={inputId}
                className="ps-input"
                value={value}
                maxLength={20}
                autoComplete="off"
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  setValue(event.target.value);
                  setError('');
                }}
              />
            </div>
            <div className="sg-signature-preview" role="img" aria-label="Initials preview">
              {value.trim()}
            </div>
          </>
        ) : null}
        <label className="sg-checkbox">
          <input
            type="checkbox"
            checked={agreed}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setAgreed(event.target.checked);
              setError('');
            }}
          />
          {T.agree}
        </label>
        {error ? (
          <p id={errorId} className="sg-form-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
