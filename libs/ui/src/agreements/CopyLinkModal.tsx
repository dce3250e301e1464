import { useId, useRef, useState } from 'react';
import { Dialog } from '@prosign/ui';
import { AGREEMENT_MESSAGES } from './agreement-messages';
import './agreements.css';

export interface CopyLinkModalProps {
  /** The signing link. */
  link: string;
  /** Who the link is for (names the dialog). */
  name: string;
  onClose: () => void;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The copy-link modal (spec 2 §2.4): the signing link in a read-only field
 * with a Copy button; says whether it was copied ("Link copied to
 * clipboard!" / "Failed to copy token."), and on failure selects the link so
 * it can be copied by hand.
 */
export function CopyLinkModal({ link, name, onClose }: CopyLinkModalProps) {
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setState('copied');
    } catch {
      setState('failed');
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  };

  return (
    <Dialog
      open
      title={`Copy link — ${name}`}
      onClose={onClose}
      initialFocusRef={inputRef}
      describeBody={false}
      className="dash-copy-link"
      actions={
        <button type="button" className="ps-button" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="ps-field">
        <label className="ps-field__label" htmlFor={fieldId}>
          Signing link
        </label>
        <div className="dash-copy-link__row">
          <input
            ref={inputRef}
            id={fieldId}
            className="ps-input dash-copy-link__input"
            type="text"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="ps-button ps-button--primary"
            onClick={() => void copy()}
          >
            Copy
          </button>
        </div>
      </div>
      <p className="dash-copy-link__status" role="status">
        {state === 'copied' ? AGREEMENT_MESSAGES.linkCopied : ''}
      </p>
      <p className="dash-copy-link__status dash-copy-link__status--failed" role="alert">
        {state === 'failed' ? AGREEMENT_MESSAGES.copyFailed : ''}
      </p>
    </Dialog>
  );
}
