import type { AgreementFamily } from '@prosign/domain';

/**
 * A mail of an agreement that is recorded but not yet handed to the mail
 * transport (queued, or retrying after a failed try). Kept in the agreement's
 * `mailPending` array, added when the delivery is recorded and taken off when
 * it is sent or finally fails (then `mailProblem` takes over).
 */
export interface StoredMailPending {
  deliveryId: string;
  template: string;
  since: Date;
  /** Failed tries so far. */
  attempts: number;
  /** The error of the last failed try; null before one failed. */
  lastError: string | null;
}

/**
 * The mail problem an agreement's card shows: the last of its mails that
 * finally failed. Written on the agreement by `_id` (one document), cleared
 * once that mail is sent.
 */
export interface StoredMailProblem {
  deliveryId: string;
  template: string;
  error: string;
  at: Date;
}

/**
 * Where the mail module notes a mail on its agreement's card: the pending
 * mails and the mail problem. A port, because the agreements module owns the
 * `agreements` collection (its stores are its only readers and writers) and
 * itself uses MailService: the mail module cannot import it without an
 * import loop. So mail declares what it needs here, and the agreements module
 * implements it (AgreementMailNotesRepository) and provides it under
 * AGREEMENT_MAIL_NOTES from a global module the api, worker and seed
 * processes import (agreement-mail-notes.module.ts): imports run down, from
 * agreements to mail. Each method is one read or one write by the
 * agreement's `_id`; what to write (tries, races, limits) stays in mail.
 * An `agreementId` that is no agreement's `_id` matches nothing.
 */
export interface AgreementMailNotes {
  /** The pending mails stored on an agreement (only that field). */
  mailPendingOf(agreementId: string): Promise<StoredMailPending[]>;
  /**
   * `$push`es the entry unless a pending entry of its delivery is there or the
   * array holds `max` entries already; false when nothing matched.
   */
  pushMailPending(agreementId: string, entry: StoredMailPending, max: number): Promise<boolean>;
  /**
   * Sets the tries and last error of the pending entry at `index`, if it is
   * still the delivery's; false when it moved.
   */
  setMailPendingTry(
    agreementId: string,
    index: number,
    deliveryId: string,
    attempts: number,
    lastError: string,
  ): Promise<boolean>;
  /** `$pull`s the stored entry (by value); false when nothing was taken off. */
  pullMailPending(agreementId: string, entry: StoredMailPending): Promise<boolean>;
  setMailProblem(agreementId: string, problem: StoredMailProblem): Promise<void>;
  /** Clears the mail problem if it names this delivery. */
  clearMailProblem(agreementId: string, deliveryId: string): Promise<void>;
  /** What a card-changed event names: the agreement's family and status; null if none. */
  cardStateOf(
    agreementId: string,
  ): Promise<{ id: string; family: AgreementFamily; status: string | null } | null>;
}

/** The Nest injection token of AgreementMailNotes. */
export const AGREEMENT_MAIL_NOTES = Symbol('AGREEMENT_MAIL_NOTES');
