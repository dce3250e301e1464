/**
 * The wire shapes every family's list shares (declared once, used by the
 * server's views and by the api-client): the lifecycle part of a card, and
 * the generic summary the shared card, details and preview parts draw.
 */
import type { AgreementEventView } from './agreement-events';
import type { AgreementFamily, AgreementStatus } from './agreement-statuses';
import { signerQuote, type SignerQuote } from '../signing/signer-words';
import { formatPacificDate } from '../time/pacific-time';
import type { Recipient } from './recipients';

/** What the shared card shows whatever the family: who signs, what, where. */
export interface AgreementSummary {
  title: string;
  recipientName: string;
  recipientEmail: string;
  recipientPhone: string;
  /** The site or project address. */
  address: string;
  /** The staff member the signer writes back to. */
  senderEmail: string;
}

/** The lifecycle part of one agreement as a list shows it; dates are ISO 8601 strings. */
export interface AgreementCardCore {
  _id: string;
  family: AgreementFamily;
  status: AgreementStatus;
  summary: AgreementSummary;
  /** Who it is sent to, in order, each with their own state and times (one signer before recipients). */
  recipients: Recipient[];
  docLink: string;
  signingLink: string;
  signedDocLink: string | null;
  voidDocLink: string | null;
  createdAt: string | null;
  createdIp: string | null;
  viewedAt: string | null;
  viewedIp: string | null;
  signatureSavedAt: string | null;
  signatureSavedIp: string | null;
  signedAt: string | null;
  signedIp: string | null;
  viewedTimes: number;
  viewedByPhoneCount: number;
  viewedByEmailCount: number;
  remindersAt: string[];
  isDeactiveReminder: boolean;
  reminderDeactivateTime: string | null;
  isResend: boolean;
  isEditResend: boolean;
  resendAt: string | null;
  editResendAt: string | null;
  history: AgreementEventView[];
  /** The signer is on the signing page now (spec 1 §4.2). */
  presence: { active: boolean; at: string } | null;
  /** A mail about this agreement that finally failed (staff can send it again); null when none. */
  mailProblem?: AgreementMailProblem | null;
  /**
   * Its mails not yet handed to the mail transport (queued, or retrying after a
   * failed try), oldest first; the card mentions one only once it waited a
   * while (`mailPendingNotice`).
   */
  mailPending?: AgreementMailPending[];
  /**
   * A signer declined: when, who (`Recipient.id`) and the reason they gave; null
   * (or absent) otherwise. The card shows it under the declined status.
   */
  declined?: AgreementDeclined | null;
  /**
   * Its seal waits for the time-stamp service or for revocation data: since
   * when, and for what; null (or absent) otherwise. The card says so; admins act on the Stuck
   * operations page.
   */
  sealWaiting?: AgreementSealWaiting | null;
  /**
   * The signers (`Recipient.id`) whose e-mail code step is locked by too many wrong codes:
   * staff re-open it from the card. Absent or empty: none.
   */
  emailCodeLocked?: string[];
}

/** A finish waiting at the seal, as the card says it. */
export interface AgreementSealWaiting {
  /** ISO 8601: the first try that waited. */
  since: string | null;
  waitingFor: 'time-stamp service' | 'revocation data';
}

/** "Sealing is waiting for the time-stamp service; it completes once the service answers." */
export function sealWaitingLine(waiting: AgreementSealWaiting): string {
  return `Sealing is waiting for the ${waiting.waitingFor}; it completes by itself once the ${waiting.waitingFor === 'time-stamp service' ? 'service answers' : 'data can be fetched'}.`;
}

/** Who declined an agreement, when and why. */
export interface AgreementDeclined {
  /** ISO 8601. */
  at: string;
  recipientId: string;
  reason: string;
}

/** What a declined agreement's card says: who declined and when, then their reason as a quotation. */
export interface DeclinedCardLine {
  /** "Declined by Jane Doe on November 27, 2026." */
  line: string;
  /** "Jane Doe wrote:" and the reason (`signerQuote`); null without one. */
  quote: SignerQuote | null;
}

/**
 * The card's lines for a declined agreement: "Declined by Jane Doe on November 27,
 * 2026.", then the signer's reason quoted under their name (a reason is never
 * a line of ours). The decliner is named from the card's recipients (their e-mail if unnamed),
 * else the card's signer; the date is Pacific time.
 */
export function declinedCardLine(
  declined: AgreementDeclined,
  recipients: readonly Recipient[] | null | undefined,
  fallbackName: string,
): DeclinedCardLine {
  const decliner = (recipients ?? []).find((recipient) => recipient.id === declined.recipientId);
  const name = (decliner ? decliner.name || decliner.email : fallbackName) || 'the signer';
  return {
    line: `Declined by ${name} on ${formatPacificDate(declined.at)}.`,
    quote: signerQuote(name, declined.reason),
  };
}

/** A mail of an agreement that the worker gave up on after its last try. */
interface AgreementMailProblem {
  /** The delivery to send again. */
  deliveryId: string;
  /** Which mail: `signing-link`, `signed-copy`, `invoice`… */
  mail: string;
  error: string;
  /** ISO 8601: when it was given up. */
  at: string;
}

/** A mail of an agreement still waiting to be sent; the worker retries it by itself. */
export interface AgreementMailPending {
  deliveryId: string;
  /** Which mail: `signing-link`, `signed-copy`, `invoice`… (as in AgreementMailProblem). */
  mail: string;
  /** ISO 8601: since when it waits (recorded, or queued again). */
  since: string;
  /** Tries that failed so far. */
  attempts: number;
  /** The error of the last failed try; null while none failed. */
  lastError: string | null;
}

/** A page of a family's list. */
export interface AgreementPage<TCard> {
  rows: TCard[];
  totalPages: number;
  total: number;
  page: number;
  limit: number;
}
