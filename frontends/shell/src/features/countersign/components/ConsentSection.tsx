import { CONSENT_DISCLOSURE } from '@prosign/domain';
import { ConsentDisclosureText } from '@prosign/ui';
import { useId } from 'react';

const CONSENT_LABEL =
  'I have read the Electronic Signature Consent and Disclosure and agree to sign electronically.';

export interface ConsentSectionProps {
  agreed: boolean;
  onChange: (agreed: boolean) => void;
  /** Why Agree and Finish waits for the box. */
  error?: string;
}

/**
 * The consent every signer gives (the same disclosure the client pages show, from
 * `@prosign/domain`), in a scrollable, keyboard-reachable box, and its required check box.
 */
export function ConsentSection({ agreed, onChange, error }: ConsentSectionProps) {
  const titleId = useId();
  const boxId = useId();
  const errorId = useId();
  return (
    <section className="cs-consent ps-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="cs-section-title">
        {CONSENT_DISCLOSURE.title}
      </h2>
      <div
        className="cs-consent__text"
        role="region"
        aria-label={`${CONSENT_DISCLOSURE.title} (text)`}
        tabIndex={0}
      >
        <ConsentDisclosureText headingLevel="h3" />
      </div>
      <label className="ps-check cs-consent__check" htmlFor={boxId}>
        <input
          id={boxId}
          type="checkbox"
          checked={agreed}
          required
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{CONSENT_LABEL}</span>
      </label>
      {error ? (
        <p id={errorId} className="ps-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
