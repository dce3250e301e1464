import { CONSENT_DISCLOSURE } from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import { Fragment } from 'react';
import '../signing.css';
import { SIGNING_TEXTS } from './signing-texts';

export interface ConsentDisclosureModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The "Electronic Signature Consent and Disclosure" (spec 1 §2.4); its words
 * are `CONSENT_DISCLOSURE` in `@prosign/domain`.
 */
export function ConsentDisclosureModal({ open, onClose }: ConsentDisclosureModalProps) {
  const T = SIGNING_TEXTS.consent;
  return (
    <Dialog
      open={open}
      title={T.title}
      onClose={onClose}
      describeBody={false}
      size="wide"
      actions={
        <button type="button" className="ps-button ps-button--primary" onClick={onClose}>
          {T.close}
        </button>
      }
    >
      <ConsentDisclosureText />
    </Dialog>
  );
}

/**
 * The disclosure's words, rendered from `CONSENT_DISCLOSURE` in `@prosign/domain`:
 * what the signer reads is exactly the text whose SHA-256 the consent event records.
 */
export function ConsentDisclosureText() {
  return (
    <div className="sg-consent-text" data-consent-version={CONSENT_DISCLOSURE.version}>
      {CONSENT_DISCLOSURE.sections.map((section, index) => (
        <Fragment key={section.heading ?? index}>
          {section.heading ? <h3>{section.heading}</h3> : null}
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.bullets?.length ? (
            <ul>
              {section.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          ) : null}
          {section.closing?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Fragment>
      ))}
    </div>
  );
}
