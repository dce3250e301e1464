import { useId, useState } from 'react';

const SIGNATURE_FIELD_TEXTS = {
  label: 'Your signature (type your full name)',
  previewLabel: 'Signature preview',
  previewEmpty: 'Your signature will appear here.',
  save: 'Save signature',
  saving: 'Saving…',
  change: 'Save the new signature',
  clear: 'Clear signature',
  clearing: 'Clearing…',
  saved: 'Your signature is saved. Read the consent below, then Agree and Finish.',
  empty: 'Type your signature first.',
} as const;

export interface SignatureFieldProps {
  /** The proposed signature: the countersigner's name as the send gave it. */
  suggested: string;
  /** The saved signature (null: none saved). */
  saved: string | null;
  busy: boolean;
  /** The server's refusal or the field's own message. */
  error?: string;
  onSave: (signature: string) => void;
  onClear: () => void;
}

/**
 * The firm's typed signature: a field (the countersigner's name proposed), its preview in
 * the signature font, Save (or save the changed one) and Clear once saved.
 */
export function SignatureField({
  suggested,
  saved,
  busy,
  error,
  onSave,
  onClear,
}: SignatureFieldProps) {
  const T = SIGNATURE_FIELD_TEXTS;
  const [text, setText] = useState(saved ?? suggested);
  const [empty, setEmpty] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const message = empty ? T.empty : error;
  const trimmed = text.trim();
  const changed = saved !== null && trimmed !== saved;

  return (
    <form
      className="cs-signature ps-card"
      aria-labelledby={`${inputId}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setEmpty(!trimmed);
        if (trimmed) onSave(trimmed);
      }}
    >
      <h2 id={`${inputId}-title`} className="cs-section-title">
        The firm’s signature
      </h2>
      <div className="ps-field" data-invalid={message ? '' : undefined}>
        <label className="ps-field__label" htmlFor={inputId}>
          {T.label}
          <span className="ps-required" aria-hidden="true">
            {' *'}
          </span>
        </label>
        <input
          id={inputId}
          className="ps-input"
          value={text}
          autoComplete="name"
          aria-required
          aria-invalid={message ? true : undefined}
          aria-describedby={[hintId, message ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => {
            setText(event.target.value);
            setEmpty(false);
          }}
        />
        <p id={hintId} className="ps-field__hint">
          Stamped into the firm’s signature block when you finish.
        </p>
        {message ? (
          <p id={errorId} className="ps-field__error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      <div
        className={`cs-signature__preview${trimmed ? '' : ' cs-signature__preview--empty'}`}
        role="img"
        aria-label={trimmed ? `${T.previewLabel}: ${trimmed}` : T.previewLabel}
      >
        {trimmed || T.previewEmpty}
      </div>
      {saved !== null && !changed ? (
        <p className="cs-signature__saved" role="status">
          {T.saved}
        </p>
      ) : null}
      <div className="cs-actions">
        {saved === null || changed ? (
          <button type="submit" className="ps-button ps-button--primary" disabled={busy}>
            {busy ? T.saving : saved === null ? T.save : T.change}
          </button>
        ) : null}
        {saved !== null ? (
          <button
            type="button"
            className="ps-button"
            disabled={busy}
            onClick={() => {
              setText(suggested);
              onClear();
            }}
          >
            {T.clear}
          </button>
        ) : null}
      </div>
    </form>
  );
}
