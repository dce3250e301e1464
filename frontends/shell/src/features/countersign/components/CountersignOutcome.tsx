import type { SealedCopyWait } from '@prosign/api-client';
import { COUNTERSIGN_PAGE_PATH, COUNTERSIGN_MESSAGES, type SignerLinkState } from '@prosign/domain';
import { SignedCopyStatus } from '@prosign/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const COUNTERSIGN_OUTCOME_TEXTS = {
  notYours: COUNTERSIGN_MESSAGES.notYours,
  notYoursDetail:
    'It may have been signed, cancelled or handed to someone else, or the link is wrong.',
  notYourTurn: 'Not your turn yet',
  notYourTurnDetail:
    'Every client signs before the firm countersigns: you will get an e-mail when it is your turn.',
  signed: 'You countersigned this agreement',
  sealed: 'The agreement is signed by everyone and sealed.',
  download: 'Download the signed agreement (PDF)',
  back: 'Back to Waiting for my signature',
} as const;

/** Why a closed agreement can no longer be signed. */
const CLOSED: Record<Exclude<SignerLinkState, 'open' | 'signed'>, string> = {
  cancelled: 'This agreement was cancelled: there is nothing to sign.',
  voided: 'This agreement was voided: there is nothing to sign.',
  expired: 'This agreement expired before it was signed.',
  replaced: 'This agreement was sent again: the new one will wait for your signature.',
  declined: 'A client declined this agreement: there is nothing to sign.',
};

export function closedMessage(state: SignerLinkState): string | null {
  return state === 'open' || state === 'signed' ? null : CLOSED[state];
}

/** A page that says where things stand instead of the signing steps, with the way back. */
export function CountersignOutcome({
  title,
  children,
  tone = 'info',
}: {
  title: string;
  children?: ReactNode;
  tone?: 'info' | 'success';
}) {
  return (
    <section className={`cs-outcome cs-outcome--${tone} ps-card`} aria-labelledby="cs-outcome">
      <h2 id="cs-outcome" className="cs-section-title">
        {title}
      </h2>
      {children}
      <p>
        <Link to={COUNTERSIGN_PAGE_PATH}>{COUNTERSIGN_OUTCOME_TEXTS.back}</Link>
      </p>
    </section>
  );
}

/**
 * Signed: the sealed PDF when theirs sealed it (said to be on its way while the worker seals
 * it), else where the others stand.
 */
export function CountersignDone({
  signedDocLink,
  progress,
  wait,
}: {
  signedDocLink: string | null | undefined;
  progress: string | null | undefined;
  wait?: SealedCopyWait | null;
}) {
  const T = COUNTERSIGN_OUTCOME_TEXTS;
  return (
    <CountersignOutcome title={T.signed} tone="success">
      {signedDocLink ? (
        <>
          <p role="status">{T.sealed}</p>
          <p>
            <a
              className="ps-button ps-button--primary"
              href={signedDocLink}
              target="_blank"
              rel="noreferrer"
            >
              {T.download}
            </a>
          </p>
        </>
      ) : wait ? (
        <SignedCopyStatus wait={wait} />
      ) : progress ? (
        <p role="status">{progress}</p>
      ) : null}
    </CountersignOutcome>
  );
}
