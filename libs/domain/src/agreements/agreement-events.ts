/**
 * An agreement's history as evidence (docs/architecture.md#contract-families-on-one-agreement-core): an append-only event
 * log, each event with its time, actor, client address and user agent, and
 * chained to the one before it by SHA-256 so an edit or a deletion shows.
 * The server writes events; these are their names and the words people read.
 */
import type { AgreementStatus } from './agreement-statuses';

export type AgreementEventType =
  | 'sent'
  | 'viewed'
  | 'email_code_verified'
  /** Too many wrong codes on a signer's place locked its code step; staff re-open it. */
  | 'email_code_locked'
  | 'email_code_reopened'
  | 'consent'
  | 'signature_saved'
  | 'signature_changed'
  | 'signature_cleared'
  | 'initials_saved'
  | 'signed'
  | 'signed_manually'
  | 'declined'
  /** A signer handed their place over from their link, or staff changed a signer. */
  | 'handed_over'
  | 'signer_changed'
  | 'completed'
  | 'reminder_sent'
  | 'reminder_failed'
  | 'cancelled'
  | 'void'
  | 'resent'
  | 'edited_resent'
  | 'expired'
  | 'deleted'
  | 'invoice_sent'
  | 'invoice_reminder_sent'
  | 'invoice_status_changed'
  | 'mail_retried';

/** The title of each event in the details timeline, the audit trail and /verify. */
export const AGREEMENT_EVENT_TITLES: Readonly<Record<AgreementEventType, string>> = {
  sent: 'Sent for signature',
  viewed: 'Opened by the signer',
  email_code_verified: 'E-mail code verified',
  email_code_locked: 'E-mail code step locked after too many wrong codes',
  email_code_reopened: 'E-mail code step re-opened',
  consent: 'Consented to sign electronically',
  signature_saved: 'Signature saved',
  signature_changed: 'Signature changed',
  signature_cleared: 'Signature cleared',
  initials_saved: 'Initials saved',
  signed: 'Signed',
  signed_manually: 'Marked as signed',
  declined: 'Declined by the signer',
  handed_over: 'Handed over to another signer',
  signer_changed: 'Signer changed',
  completed: 'Signed copy sealed',
  reminder_sent: 'Reminder sent',
  reminder_failed: 'Reminder failed',
  cancelled: 'Cancelled',
  void: 'Voided',
  resent: 'Resent',
  edited_resent: 'Edited and resent',
  expired: 'Expired',
  deleted: 'Deleted',
  invoice_sent: 'Invoice sent',
  invoice_reminder_sent: 'Invoice reminder sent',
  invoice_status_changed: 'Invoice status changed',
  mail_retried: 'Failed mail sent again',
};

export const SIGNER_ACTOR = 'signer';
export const SYSTEM_ACTOR_NAME = 'system';

/** One event as the API shows it (details modal, history table). */
export interface AgreementEventView {
  /** ISO 8601. */
  timestamp: string;
  type: AgreementEventType;
  /** Readable title (spec 3's history column). */
  title: string;
  /** The status the agreement had after it (spec 2's history column). */
  status: AgreementStatus | string;
  performedBy: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export function eventTitle(type: string): string {
  return AGREEMENT_EVENT_TITLES[type as AgreementEventType] ?? type;
}

/** Whether the stored event chain still links up (/verify says so). */
export interface EventChainCheck {
  intact: boolean;
  /** Events checked. */
  events: number;
  /** Index of the first event that does not link up, if any. */
  brokenAt: number | null;
}
