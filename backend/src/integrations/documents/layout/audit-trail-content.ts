import type { Letterhead } from '../document-content';

export type AuditEventType =
  | 'created'
  | 'sent'
  | 'viewed'
  | 'email_code_verified'
  /** Too many wrong codes locked a signer's code step; staff re-opened it. */
  | 'email_code_locked'
  | 'email_code_reopened'
  | 'signature_saved'
  | 'signature_changed'
  | 'consent'
  | 'signed'
  | 'reminder_sent'
  | 'resent'
  | 'edited_resent'
  | 'signed_manually'
  | 'declined'
  | 'handed_over'
  | 'cancelled'
  | 'voided'
  | 'seal_level_lowered';

export type DeviceKind = 'phone' | 'tablet' | 'desktop' | 'unknown';

export interface AuditEvent {
  type: AuditEventType;
  at: Date;
  /** IP address the action came from; absent for actions of the system itself. */
  ip?: string;
  /** Staff e-mail or "system" for staff-side events; the signer for signer events. */
  actor?: string;
  /** Views only. */
  device?: DeviceKind;
  /** Views only: how the signer reached the link (e-mail, SMS…). */
  via?: string;
  /** The recipient who acted (`Recipient.id`); absent: the signer, or staff/system. */
  recipientId?: string;
  /** Declines only: the reason the signer gave. */
  reason?: string;
  /** Hand-overs only: from whom to whom ("John Doe to Jane Roe <jane@…>"). */
  handover?: string;
  /** The signer's browser in words ("Chrome 131 on Android 14 (phone)"), for signer events. */
  userAgent?: string;
  /** Consents only: the version of the ESIGN disclosure the signer accepted. */
  consentVersion?: string;
}

/** A recipient of the agreement as the audit trail lists them. */
export interface AuditRecipient {
  recipientId: string;
  role: 'signer' | 'countersigner' | 'cc';
  name: string;
  email: string;
  /** How they were authenticated, e.g. "Signing link sent by e-mail, captcha" or "Staff sign-in (Google)". */
  authentication: string;
  /**
   * Whether and when they signed, as the agreement record has it (`recipientSignature` in
   * `@prosign/domain`, the rule the card and /verify read too): never guessed from events.
   */
  signed: boolean;
  signedAt: Date | null;
}

/** How far the signing is, by the same rule (`signingProgress`): the certificate's status line. */
export interface AuditSigningProgress {
  signed: number;
  total: number;
  /** The last signature's time once every signer signed; null before. */
  completedAt: Date | null;
}

export const AUDIT_RECIPIENT_ROLE_LABELS: Readonly<Record<AuditRecipient['role'], string>> = {
  signer: 'Signer',
  countersigner: 'Countersigner (firm)',
  cc: 'Copy (cc)',
};

/** A file a recipient attached to a "document" agreement, as the certificate lists it. */
export interface AuditAttachment {
  /** Who attached it, "Name <e-mail>". */
  recipient: string;
  /** The field it was attached in ('' for one without a label). */
  fieldLabel: string;
  fileName: string;
  /** Its size in bytes. */
  bytes: number;
  /** SHA-256 (hex) of its bytes, as embedded in the sealed PDF. */
  sha256: string;
}

export interface AuditTrailContent {
  letterhead: Letterhead;
  documentTitle: string;
  /** The id of the agreement document. */
  documentId: string;
  /** The first signer (the spec's single signer). */
  signer: { name: string; email: string };
  /**
   * Every recipient: listed with role, e-mail and authentication, and named on their
   * events. Absent: the one signer above, as before recipients.
   */
  recipients?: AuditRecipient[];
  /** With `recipients`: how many of them signed, and when the last did. */
  progress?: AuditSigningProgress;
  /** SHA-256 (hex) of the signed agreement PDF this trail certifies. */
  signedDocumentSha256: string;
  /** SHA-256 (hex) of the agreement as sent, before any signature. */
  originalDocumentSha256?: string;
  /** The agreement's (envelope's) id in ProSign. */
  envelopeId?: string;
  /** The public page that checks the sealed PDF; printed with a QR code. */
  verifyUrl?: string;
  /** "document" agreements: the files recipients attached, embedded in the sealed PDF. */
  attachments?: AuditAttachment[];
  events: AuditEvent[];
}

export const AUDIT_EVENT_LABELS: Readonly<Record<AuditEventType, string>> = {
  created: 'Document created',
  sent: 'Sent for signature',
  viewed: 'Viewed',
  email_code_verified: 'E-mail code verified',
  email_code_locked: 'E-mail code step locked after too many wrong codes',
  email_code_reopened: 'E-mail code step re-opened',
  signature_saved: 'Signature saved',
  signature_changed: 'Signature changed',
  consent: 'Consented to sign electronically',
  signed: 'Signed',
  reminder_sent: 'Reminder sent',
  resent: 'Resent',
  edited_resent: 'Edited and resent',
  signed_manually: 'Marked as signed',
  declined: 'Declined',
  handed_over: 'Handed over to another signer',
  cancelled: 'Cancelled',
  voided: 'Voided',
  seal_level_lowered: 'Seal level lowered by an administrator',
};
