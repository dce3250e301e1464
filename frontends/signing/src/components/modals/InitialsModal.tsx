import { useState } from 'react';
import { InitialsField, SigningFormDialog, useSigningForm } from './SigningFormDialog';
import { useSignerMessages } from '@prosign/ui';
import { useSigningTexts } from './signing-texts';

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

/** The Initials modal (spec 1 §2.4, §4.1 step 5, §5): the signing modal with initials and consent. */
export function InitialsModal({
  open,
  initials,
  busy = false,
  askInitials = true,
  texts,
  onSave,
  onClose,
}: InitialsModalProps) {
  const T = useSigningTexts().initials;
  const messages = useSignerMessages();
  const [value, setValue] = useState(initials);
  const [agreed, setAgreed] = useState(false);
  const form = useSigningForm(open, () => {
    setValue(initials);
    setAgreed(false);
  });

  const submit = () => {
    const trimmed = askInitials ? value.trim() : '';
    if (askInitials && !trimmed) return T.initialsRequired;
    if (!agreed) return messages.format('terms.required');
    onSave({ initials: trimmed, agreedToTerms: true });
  };

  return (
    <SigningFormDialog
      open={open}
      texts={texts ?? T}
      busy={busy}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      {askInitials ? (
        <>
          <InitialsField label={T.initialsLabel} value={value} onChange={setValue} form={form} />
          <div
            className="sg-signature-preview"
            role="img"
            aria-label={T.previewLabel}
            translate="no"
          >
            {value.trim()}
          </div>
        </>
      ) : null}
      <label className="sg-checkbox">
        <input
          type="checkbox"
          checked={agreed}
          aria-describedby={form.describedBy}
          onChange={(event) => {
            setAgreed(event.target.checked);
            form.setError('');
          }}
        />
        {T.agree}
      </label>
    </SigningFormDialog>
  );
}
