import {
  declinedCardLine,
  formatPacificDate,
  handoverLine,
  isFullySigned,
  recipientProgressLabel,
  displayedStatus,
  mailPendingNotice,
  sealWaitingLine,
  SIGNED_STATUSES,
  type ActionViewer,
  type AgreementAction,
  type AgreementCardCore,
  type AgreementFamily,
  type AgreementMailPending,
} from '@prosign/domain';
import type { ReactNode } from 'react';
import { AgreementActions } from './AgreementActions';
import { cardCreatedTime, pacificTime, statusClass, truncatedAddress } from './agreement-format';
import { StatusBadge } from './StatusBadge';
import './agreements.css';

export interface AgreementCardProps<TCard extends AgreementCardCore> {
  family: AgreementFamily;
  card: TCard;
  viewer: ActionViewer;
  /** The signer is on the signing page now. */
  viewingNow: boolean;
  now: Date;
  /** The action running for this card, if any. */
  busyAction: AgreementAction | null;
  onAction: (action: AgreementAction, card: TCard) => void;
  onDetails: (card: TCard) => void;
  onPreview: (card: TCard) => void;
  /** The family's own lines, under the created time (e.g. the contract's service). */
  children?: ReactNode;
  /** Sends a mail that finally failed again; without it the problem shows without a Retry. */
  onRetryMail?: (card: TCard) => void;
  /** The Retry of this card's failed mail is running. */
  retryingMail?: boolean;
}

/** The words for a mail kind on a card ("signed-copy" → "signed copy"). */
const mailName = (kind: string) => kind.replace(/-/g, ' ');

/** "The signing link mail is waiting to be sent (3 tries, last: …) — retrying automatically." */
function mailPendingLine(pending: AgreementMailPending): string {
  const tries = pending.attempts === 1 ? '1 try' : `${pending.attempts} tries`;
  const detail =
    pending.attempts > 0
      ? ` (${tries}${pending.lastError ? `, last: ${pending.lastError}` : ''})`
      : '';
  const next = pending.attempts > 0 ? 'retrying automatically' : 'it goes out automatically';
  return `The ${mailName(pending.mail)} mail is waiting to be sent${detail} — ${next}.`;
}

/**
 * One agreement of any family: status, who signs, what and where, when it was
 * created, signed or resent, whether the signer is on it now, and the actions
 * this viewer may take.
 */
export function AgreementCard<TCard extends AgreementCardCore>({
  family,
  card,
  viewer,
  viewingNow,
  now,
  busyAction,
  onAction,
  onDetails,
  onPreview,
  children,
  onRetryMail,
  retryingMail = false,
}: AgreementCardProps<TCard>) {
  const status = displayedStatus(family, card.status);
  const { summary } = card;
  const name = summary.recipientName || summary.recipientEmail;
  const titleId = `agreement-${card._id}-name`;
  const signed = SIGNED_STATUSES.includes(status) && card.signedAt;
  // A resent agreement shows when it was resent where the resend actions were.
  const alreadyResent = card.isResend || card.isEditResend;
  // Only a mail waiting longer than a normal send: it retries by itself, so no button.
  const waitingMails = mailPendingNotice(card.mailPending, now);
  // Several signers: where the signatures stand, until the agreement is signed or closed.
  const signing = (card.recipients ?? []).filter((r) => r.role !== 'cc');
  // A signer declined: who, when and why; the progress line would only repeat who.
  const declined = card.declined ? declinedCardLine(card.declined, card.recipients, name) : null;
  // Who handed over to whom, and when (a signer from their link, or staff).
  const handovers = (card.recipients ?? [])
    .map((recipient) => handoverLine(recipient, formatPacificDate))
    .filter((line): line is string => Boolean(line));
  const progress =
    !declined && signing.length > 1 && !signed && !isFullySigned(signing)
      ? recipientProgressLabel(card.recipients)
      : null;

  return (
    <li className={`dash-card dash-card--${statusClass(status)}`} aria-labelledby={titleId}>
      <div className="dash-card__top">
        <StatusBadge family={family} status={status} recipients={card.recipients} />
        {viewingNow ? (
          <span className="dash-presence" role="status">
            <span className="dash-presence__dot" aria-hidden="true" /> Viewing now
          </span>
        ) : null}
      </div>
      <h3 id={titleId} className="dash-card__name">
        {name}
      </h3>
      {summary.title ? <p className="dash-card__title">{summary.title}</p> : null}
      <p className="dash-card__address" title={summary.address}>
        {summary.address ? truncatedAddress(summary.address) : 'No address'}
      </p>
      <div className="dash-card__meta">
        <span>
          Created{' '}
          <time dateTime={card.createdAt ?? undefined}>{cardCreatedTime(card.createdAt)}</time>
        </span>
        {signed ? (
          <span className="dash-card__signed">
            Signed <time dateTime={card.signedAt ?? undefined}>{pacificTime(card.signedAt)}</time>
          </span>
        ) : null}
        {children}
      </div>
      {progress ? <p className="dash-card__progress">{progress}</p> : null}
      {handovers.map((line) => (
        <p key={line} className="dash-card__handover">
          {line}
        </p>
      ))}
      {declined ? (
        <div className="dash-card__declined" title={card.declined?.reason}>
          <p>{declined.line}</p>
          {/* The signer's words: a quotation under their name, plain text (never linked). */}
          {declined.quote ? (
            <>
              <p>{declined.quote.intro}</p>
              <blockquote className="dash-card__quote">
                {declined.quote.lines.join('\n')}
              </blockquote>
            </>
          ) : null}
        </div>
      ) : null}
      {alreadyResent ? (
        <p className="dash-card__resent">
          {card.isEditResend
            ? `Edited and resent ${pacificTime(card.editResendAt)}`
            : `Resent ${pacificTime(card.resendAt)}`}
        </p>
      ) : null}
      {card.mailProblem ? (
        <div className="dash-card__mail-problem">
          <p>
            The {mailName(card.mailProblem.mail)} mail could not be delivered
            {card.mailProblem.error ? `: ${card.mailProblem.error}` : '.'}
          </p>
          {onRetryMail ? (
            <button
              type="button"
              className="dash-link"
              disabled={retryingMail}
              onClick={() => onRetryMail(card)}
            >
              {retryingMail ? 'Retrying…' : 'Retry mail'}
              <span className="ps-visually-hidden"> to {name}</span>
            </button>
          ) : null}
        </div>
      ) : null}
      {waitingMails.map((pending) => (
        <p key={pending.deliveryId} className="dash-card__mail-pending">
          {mailPendingLine(pending)}
        </p>
      ))}
      {card.sealWaiting ? (
        <p className="dash-card__mail-pending">{sealWaitingLine(card.sealWaiting)}</p>
      ) : null}
      <div className="dash-card__links">
        <button type="button" className="dash-link" onClick={() => onDetails(card)}>
          Details<span className="ps-visually-hidden"> of {name}</span>
        </button>
        <button type="button" className="dash-link" onClick={() => onPreview(card)}>
          Preview document<span className="ps-visually-hidden"> of {name}</span>
        </button>
      </div>
      <AgreementActions
        family={family}
        card={card}
        viewer={viewer}
        now={now}
        busyAction={busyAction}
        onAction={(action) => onAction(action, card)}
        label={`Actions for ${name}`}
      />
    </li>
  );
}

/** Placeholder cards while the first page loads. */
export function AgreementCardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <ul className="dash-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="dash-card dash-card--skeleton">
          <span className="dash-skeleton dash-skeleton--badge" />
          <span className="dash-skeleton dash-skeleton--title" />
          <span className="dash-skeleton" />
          <span className="dash-skeleton dash-skeleton--short" />
        </li>
      ))}
    </ul>
  );
}
