import { CONSENT_DISCLOSURE } from '@prosign/domain';
import { Fragment } from 'react';

export interface ConsentDisclosureTextProps {
  /** The level of the sections' headings under the page's own heading. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  className?: string;
}

/**
 * The "Electronic Signature Consent and Disclosure", rendered from `CONSENT_DISCLOSURE`
 * in `@prosign/domain`: what a signer reads is exactly the text whose SHA-256 the
 * server records with their consent (the staff app's countersignature shows it too).
 */
export function ConsentDisclosureText({
  headingLevel: Heading = 'h3',
  className = 'ps-consent-text',
}: ConsentDisclosureTextProps) {
  return (
    <div className={className} data-consent-version={CONSENT_DISCLOSURE.version}>
      {CONSENT_DISCLOSURE.sections.map((section, index) => (
        <Fragment key={section.heading ?? index}>
          {section.heading ? <Heading>{section.heading}</Heading> : null}
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
