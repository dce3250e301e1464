import type { SealedCopyWait } from '@prosign/api-client';
import {
  formatPacificDateTime,
  SIGNING_FIRM,
  type SigningClosedDetails,
  type SigningPageState,
} from '@prosign/domain';
import { SignedCopyStatus } from '@prosign/ui';
import { useStateTexts } from '../../signing-session/state-texts';
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
  const texts = useStateTexts();
  const message = texts.message(state);
  const next = texts.next(state);
  const dateLabel = texts.dateLabel(state);
  const date = details?.closedAt ? formatPacificDateTime(details.closedAt) : '';
  const contact = details?.sender.email || SIGNING_FIRM.email;
  return (
    <section className="ps-card sg-link-state" aria-label={texts.panel}>
      {message ? <p className="sg-link-state__message">{message}</p> : null}
      <dl className="sg-link-state__facts">
        {details?.agreementTitle ? (
          <>
            <dt>{texts.document}</dt>
            <dd>{details.agreementTitle}</dd>
          </>
        ) : null}
        {dateLabel && date ? (
          <>
            <dt>{dateLabel}</dt>
            <dd>{date}</dd>
          </>
        ) : null}
        <dt>{texts.contact}</dt>
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
              {texts.download}
            </a>
          </li>
          {verifyHref ? (
            <li>
              <a href={verifyHref}>{texts.checkSeal}</a>
            </li>
          ) : null}
        </ul>
      ) : state.kind === 'signed' && signedCopyWait ? (
        <SignedCopyStatus wait={signedCopyWait} />
      ) : null}
    </section>
  );
}
