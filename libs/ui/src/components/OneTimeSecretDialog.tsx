import { useId, useRef, useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface OneTimeSecretDialogProps {
  /** The secret to show; the dialog is closed while null. */
  secret: string | null;
  title: string;
  /** What the secret is, as the label of its box: "API key", "Signing secret". */
  label: string;
  /** What it is for and where it goes, above the secret. */
  children?: ReactNode;
  /** Called by the acknowledgement button: the secret is gone from the screen after. */
  onDone: () => void;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A secret the server sends once (an API key, a webhook signing secret): shown in full with a
 * Copy button and a plain "you will not see it again". It closes only by its acknowledgement
 * button (no Escape, no close control): one stray key press must not lose a secret for good.
 */
export function OneTimeSecretDialog({
  secret,
  title,
  label,
  children,
  onDone,
}: OneTimeSecretDialogProps) {
  if (secret === null) return null;
  return (
    <Dialog
      open
      title={title}
      describeBody={false}
      actions={
        <button type="button" className="ps-button ps-button--primary" onClick={onDone}>
          I have stored it
        </button>
      }
    >
      <SecretBody secret={secret} label={label}>
        {children}
      </SecretBody>
    </Dialog>
  );
}

function SecretBody({
  secret,
  label,
  children,
}: {
  secret: string;
  label: string;
  children?: ReactNode;
}) {
  const boxId = useId();
  const warningId = useId();
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refusal): the secret is selected for copying by hand.
      setCopy('failed');
      boxRef.current?.focus();
      boxRef.current?.select();
    }
  };

  return (
    <div className="ps-secret">
      {children}
      <p id={warningId} className="ps-secret__warning">
        <strong>This is the only time it is shown: you will not see it again.</strong> Copy it now
        and store it where the system that uses it keeps its secrets.
      </p>
      <label className="ps-field__label" htmlFor={boxId}>
        {label}
      </label>
      <div className="ps-secret__row">
        <textarea
          ref={boxRef}
          id={boxId}
          className="ps-input ps-secret__value"
          readOnly
          rows={2}
          value={secret}
          spellCheck={false}
          aria-describedby={warningId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="ps-button ps-button--primary"
          onClick={() => void copySecret()}
        >
          Copy
        </button>
      </div>
      <p className="ps-secret__status" role="status">
        {copy === 'copied' ? `${label} copied to the clipboard.` : ''}
      </p>
      <p className="ps-secret__status ps-secret__status--failed" role="alert">
        {copy === 'failed' ? 'It could not be copied: it is selected, copy it by hand.' : ''}
      </p>
    </div>
  );
}
