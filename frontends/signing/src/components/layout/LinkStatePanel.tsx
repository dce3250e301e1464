import type { SigningPageState } from '@prosign/domain';
import '../signing.css';

export interface LinkStatePanelProps {
  state: SigningPageState;
  /** The sealed copy and its verification page, when the agreement is signed. */
  signedDocLink?: string | null;
  verifyHref?: string | null;
}

/** What to do next, for each state in which a link cannot be signed. */
const NEXT_STEP: Partial<Record<SigningPageState['kind'], string>> = {
  'missing-link':
    'The link you opened is incomplete. Open the latest e-mail or text message we sent you and use its button or link as it is, or ask us for a new link.',
  'malformed-link':
    'The link you opened is damaged, perhaps cut short when it was copied. Open it again from the e-mail or text message we sent you, or ask us for a new link.',
  'invalid-token':
    'We could not find an agreement for this link. It may have been mistyped or withdrawn. Ask us for a new link.',
  cancelled:
    'Nothing more is needed from you for this agreement. Reply to our e-mail if you have questions.',
  voided:
    'This agreement is no longer valid. If a new agreement is needed, we will send you a new link.',
  expired:
    'Signing links are valid for a limited time. Reply to our e-mail and we will send you a new one.',
  signed: 'The signed copy was e-mailed to you when the agreement was completed.',
  replaced:
    'The agreement was updated and sent to you again. Open the most recent e-mail or text message from us.',
};

/** The body of a signing page whose link cannot be signed: what happened and what to do. */
export function LinkStatePanel({ state, signedDocLink, verifyHref }: LinkStatePanelProps) {
  const next = NEXT_STEP[state.kind];
  return (
    <section className="ps-card sg-link-state" aria-label="What to do next">
      {next ? <p>{next}</p> : null}
      {state.kind === 'signed' && (signedDocLink || verifyHref) ? (
        <ul className="sg-link-state__links">
          {signedDocLink ? (
            <li>
              <a href={signedDocLink} target="_blank" rel="noreferrer">
                Download the signed copy (PDF)
              </a>
            </li>
          ) : null}
          {verifyHref ? (
            <li>
              <a href={verifyHref}>Check the signed copy&apos;s seal</a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
