// Who an e-mail code is for: the link's record key, the seat's place and address, and the sends
// the limit counts.
import { EMAIL_CODE_RULES, SINGLE_SIGNER_RECIPIENT_ID } from '@prosign/domain';
import { createHash } from 'node:crypto';
import { type AgreementDocument, familyConfig } from '../agreements';
import { type EmailCodeDoc } from './email-code.repository';

export const MINUTE = 60_000;

/** A signing link's agreement and whose link it is (null: the first signer's). */
export interface Seat {
  agreement: AgreementDocument<object>;
  recipientId: string | null;
}

/** The record's key: the link token's SHA-256, so the token itself is not stored here. */
export function linkKey(token: string): string {
  return createHash('sha256').update(`email-code-link.${token.trim()}`).digest('base64url');
}

/** The seat's place (`Recipient.id`): whose wrong entries count together. */
export function placeOf(seat: Seat): string {
  return seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
}

export function recipientOf(seat: Seat) {
  const id = placeOf(seat);
  return seat.agreement.recipients?.find((r) => r.id === id) ?? null;
}

/** The address the link was mailed to: the recipient's, or the form's signer's. */
export function emailOf(seat: Seat): string {
  const recipient = recipientOf(seat);
  if (recipient?.email) return recipient.email;
  return familyConfig(seat.agreement.family).parties(seat.agreement.form).signerEmail;
}

/** The sends within the limit's window, newest first. */
export function recentSends(doc: EmailCodeDoc, now: Date): Date[] {
  const windowStart = now.getTime() - EMAIL_CODE_RULES.sendWindowMinutes * MINUTE;
  return (doc.sends ?? [])
    .map((at) => new Date(at))
    .filter((at) => at.getTime() > windowStart)
    .sort((a, b) => b.getTime() - a.getTime());
}

/** When the oldest counted send leaves the window. */
export function nextSendAt(recent: Date[]): Date {
  const oldest = recent[EMAIL_CODE_RULES.maxSends - 1] ?? recent[recent.length - 1];
  return new Date(oldest.getTime() + EMAIL_CODE_RULES.sendWindowMinutes * MINUTE);
}
