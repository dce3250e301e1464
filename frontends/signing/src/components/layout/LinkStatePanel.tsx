import type { SealedCopyWait } from '@prosign/api-client';
import {
  formatPacificDateTime,
  HANDOVER_MESSAGES,
  SIGNING_FIRM,
  signingStateMessage,
  type SigningClosedDetails,
  type SigningPageState,
} from '@prosign/domain';
import { SignedCopyStatus } from '@prosign/ui';
import '../signing.css';

export interface LinkStatePanelProps {
  state: SigningPageState;
  /** What the server said of the closed agreement: its name, when it closed and who sent it. */
  details?: SigningClosedDetails | null;
  /** The sealed copy and its verification page (which resolves once sealed), when signed. */
  signedDocLink?: string | null;
  verifyHref?: string | null;
  /** Signed by everyone, until the sealed copy is there (useSealedCopy): said in its place. */
  signedCopyWait?: SealedCopyWait | null;
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
  declined:
    'Nothing more is needed from you for this agreement. Reply to our e-mail if you have questions.',
  'handed-over': HANDOVER_MESSAGES.handedOverNext,
  'not-your-turn':
    'Someone else signs this agreement before you. Once they have, we will e-mail you, and this same link will open it for you to sign.',
};

/** How the date of each closed state reads. */
const DATE_LABEL: Partial<Record<SigningPageState['kind'], string>> = {
  signed: 'Signed',
  cancelled: 'Cancelled',
  voided: 'Voided',
  expired: 'Expired',
  replaced: 'Replaced',
  declined: 'Declined',
};

/**
 * The body of a signing page whose link cannot be signed: what happened, the
 * document and when, whom to ask, and what to do next.
 */
export function LinkStatePanel({
  state,
  details,
  signedDocLink,
  verifyHref,
  signedCopyWait,
}: LinkStatePanelProps) {
  const message = signingStateMessage(state);
  const next = NEXT_STEP[state.kind];
  const dateLabel = DATE_LABEL[state.kind];
  const date = details?.closedAt ? formatPacificDateTime(details.closedAt) : '';
  const contact = details?.sender.email || SIGNING_FIRM.email;
  return (
    <section className="ps-card sg-link-state" aria-label="What to do next">
      {message ? <p className="sg-link-state__message">{message}</p> : null}
      <dl className="sg-link-state__facts">
        {details?.agreementTitle ? (
          <>
            <dt>Document</dt>
            <dd>{details.agreementTitle}</dd>
          </>
        ) : null}
        {dateLabel && date ? (
          <>
            <dt>{dateLabel}</dt>
            <dd>{date}</dd>
          </>
        ) : null}
        <dt>Contact</dt>
        <dd>
          <a href={`mailto:${contact}`}>{contact}</a>
          <span className="sg-link-state__firm">
            {SIGNING_FIRM.name} · <a href={`tel:${SIGNING_FIRM.phone}`}>{SIGNING_FIRM.phone}</a>
          </span>
        </dd>
      </dl>
      {next ? <p>{next}</p> : null}
      {state.kind === 'signed' && signedDocLink ? (
        <ul className="sg-link-state__links">
          <li>
            <a href={signedDocLink} target="_blank" rel="noreferrer">
              Download the signed copy (PDF)
            </a>
          </li>
          {verifyHref ? (
            <li>
              <a href={verifyHref}>Check the signed copy&apos;s seal</a>
            </li>
          ) : null}
        </ul>
      ) : state.kind === 'signed' && signedCopyWait ? (
        <SignedCopyStatus wait={signedCopyWait} />
      ) : null}
    </section>
  );
}
