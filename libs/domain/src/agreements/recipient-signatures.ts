/**
 * Where each recipient's signature stands, and the agreement's with them: the ONE
 * rule the certificate of completion, the dashboard card, the details and the public verify
 * page read, so none of them can say "Not signed" of a signer the record has as signed. It
 * reads the recipients as the record keeps them (`Recipient.state`, moved by the shared
 * transition table in the same write as the agreement's own change), never the event log:
 * an event may name its recipient or not, the recipient's state is the record.
 */
import {
  activeStatuses,
  displayedStatus,
  statusStyle,
  type AgreementFamily,
  type StatusStyle,
} from './agreement-statuses';
import { isSigningRecipient, type Recipient, type RecipientRole } from './recipients';

/** One recipient's signature as every record shows it. */
export interface RecipientSignature {
  id: string;
  role: RecipientRole;
  name: string;
  email: string;
  /** A signer or the countersigner; a copy (cc) signs nothing. */
  signs: boolean;
  signed: boolean;
  /** When they signed (ISO 8601); null while they have not (or for a cc). */
  signedAt: string | null;
}

/** Whether a recipient signed: a signer or countersigner whose state is signed. */
export function recipientSignature(recipient: Recipient): RecipientSignature {
  const signs = isSigningRecipient(recipient);
  const signed = signs && recipient.state === 'signed';
  return {
    id: recipient.id,
    role: recipient.role,
    name: recipient.name,
    email: recipient.email,
    signs,
    signed,
    signedAt: signed ? (recipient.times.signedAt ?? null) : null,
  };
}

/** How far the signing is: signatures in of those who sign. */
export interface SigningProgress {
  signed: number;
  /** Signers and the countersigner (cc never count). */
  total: number;
  /** Every one of them signed (a list with nobody to sign is not complete). */
  complete: boolean;
  /** The last signature's time once complete; null before. */
  completedAt: string | null;
}

export function signingProgress(recipients: readonly Recipient[]): SigningProgress {
  const signing = recipients.map(recipientSignature).filter((r) => r.signs);
  const signed = signing.filter((r) => r.signed);
  const complete = signing.length > 0 && signed.length === signing.length;
  const times = signed.map((r) => r.signedAt).filter((at): at is string => at !== null);
  const last = times.length ? Math.max(...times.map((at) => new Date(at).getTime())) : null;
  return {
    signed: signed.length,
    total: signing.length,
    complete,
    completedAt: complete && last !== null ? new Date(last).toISOString() : null,
  };
}

/** "Partly signed · 1 of 2": the words of an agreement some, not all, of whose signers signed. */
function partlySignedLabel(progress: Pick<SigningProgress, 'signed' | 'total'>): string {
  return `Partly signed · ${progress.signed} of ${progress.total}`;
}

/**
 * The agreement's own state on a card, its details and a badge: while it still waits for
 * signatures (an active status) and some are in, "Partly signed · 1 of 2" — the status
 * alone follows the first signer (spec 2's single-signer field), so with two signers it
 * would say "Signature saved" or "Not signed" of an agreement half signed. Otherwise the
 * status's own label and tone (signed, cancelled, declined… say it all).
 */
export function agreementStateStyle(
  family: AgreementFamily,
  status: string | null | undefined,
  recipients: readonly Recipient[] | null | undefined,
): StatusStyle & { partlySigned: boolean } {
  const progress = signingProgress(recipients ?? []);
  const waiting = activeStatuses(family).includes(displayedStatus(family, status));
  if (waiting && progress.signed > 0 && !progress.complete) {
    return { label: partlySignedLabel(progress), tone: 'progress', partlySigned: true };
  }
  return { ...statusStyle(family, status), partlySigned: false };
}
