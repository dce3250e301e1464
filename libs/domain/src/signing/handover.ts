/**
 * Hand over to the authorised signatory: a signer who is not the right
 * person names the right one (name, e-mail, an optional note), or staff change an unsigned
 * signer from the card ("Change signer"). The new signer gets a link of their own, the old
 * link closes and says to whom it was handed over. One rule for both sides, here.
 */
import { includesEmailAddress, isEmailAddress } from '../address/email-address';
import type { Recipient, RecipientHandover, RecipientState } from '../agreements/recipients';
import type { SignerTokenRequest } from './signer-api';

/** The longest name and note a hand-over takes, in characters (after trimming). */
export const HANDOVER_NAME_MAX = 200;
export const HANDOVER_NOTE_MAX = 1000;
const HANDOVER_EMAIL_MAX = 320;

/**
 * The `error` of the 409 every call of a handed-over link gets: the signing pages show the
 * closed state "This link was handed over to …" (the message says to whom) for it.
 */
export const HANDED_OVER_ERROR = 'Link handed over';

/** The signing pages' hand-over action and dialog, for every family: short and plain. */
export const HANDOVER_TEXTS = {
  /** Before the action, beside Decline. */
  offer: 'Not the right signer?',
  /** The secondary action that opens the dialog. */
  action: 'Hand over',
  title: 'Hand over to the right signer',
  prompt:
    'Name the person who signs for your side. They get their own link by e-mail and this link closes.',
  nameLabel: 'Their full name',
  emailLabel: 'Their e-mail',
  noteLabel: 'Note for them and the sender (optional)',
  confirm: 'Hand over',
  failed: 'The agreement could not be handed over. Please try again.',
  /** The page's state once handed over from it. */
  done: (name: string) => `Handed over to ${name}. We e-mailed them their own link.`,
} as const;

/** Staff's "Change signer" dialog on a card. */
export const CHANGE_SIGNER_TEXTS = {
  title: 'Change signer',
  prompt: 'The new signer gets their own link by e-mail; the old link stops working.',
  recipientLabel: 'Signer to replace',
  nameLabel: 'New signer’s full name',
  emailLabel: 'New signer’s e-mail',
  noteLabel: 'Note (optional)',
  confirm: 'Change signer',
  cancel: 'Keep it',
  done: (name: string) => `Signer changed. ${name} got their own link.`,
  failed: 'The signer could not be changed. Please try again.',
  noneChangeable: 'Every signer has signed or saved a signature: nobody can be changed.',
} as const;

export const HANDOVER_MESSAGES = {
  nameRequired: 'Enter the full name of the person who signs.',
  nameTooLong: `Keep the name to ${HANDOVER_NAME_MAX} characters or fewer.`,
  email: 'Enter a valid e-mail address.',
  sameEmail: 'That is the address this link was sent to. Enter the right signer’s e-mail.',
  alreadyRecipient: (email: string) => `${email} is already on this agreement.`,
  noteTooLong: `Please keep the note to ${HANDOVER_NOTE_MAX.toLocaleString('en-US')} characters or fewer.`,
  /** A signer with a saved signature (409): the signature is theirs, not the new signer's. */
  signatureSaved: 'Clear your signature first: a saved signature cannot be handed over.',
  /** Staff changing a signer who saved a signature but did not finish: it goes with them. */
  savedSignatureDiscarded: (name: string) =>
    `${name} has saved a signature but not finished. Changing the signer discards it.`,
  alreadySigned: (name: string) => `${name} has already signed and cannot be changed.`,
  unknownRecipient: 'That signer is not on this agreement.',
  notASigner: 'Only a client signer can be changed.',
  /** What every call of the old link answers, and its page says. */
  handedOver: (name: string) => `This link was handed over to ${name}.`,
  handedOverNext:
    'They got their own link by e-mail. Nothing more is needed from you. Reply to our e-mail if you have questions.',
  doneStaff: 'Signer changed.',
} as const;

/** What a hand-over names: the right signer and an optional note. */
export interface HandoverRequest {
  name: string;
  email: string;
  note?: string;
}

/** `POST /api/signing/hand-over {token, name, email, note}` (the customer page). */
export interface HandoverSigningRequest extends SignerTokenRequest, HandoverRequest {}

/** Staff's "Change signer": which recipient (`Recipient.id`) and who signs instead. */
export interface ChangeSignerRequest extends HandoverRequest {
  recipientId: string;
}

/**
 * `POST /api/signing/hand-over`, `POST /api/{sow|co}/hand-over/{customId}` and staff's
 * change-signer routes: the new signer got their own link; the old one is closed.
 */
export interface HandoverResponse {
  status: 'handed-over';
  recipientId: string;
  handedOverTo: { name: string; email: string };
  /** ISO 8601. */
  handedOverAt: string;
  message: string;
}

export interface HandoverFieldError {
  field: 'name' | 'email' | 'note';
  message: string;
}

export type HandoverCheck =
  | { ok: true; value: { name: string; email: string; note: string | null } }
  | { ok: false; errors: HandoverFieldError[] };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const length = (value: string) => [...value].length;

/**
 * The hand-over's input checked and trimmed: a name (1–200 characters, on one line), a valid e-mail that
 * is not the current signer's (`currentEmail`) nor anyone else's on the agreement
 * (`otherEmails`, compared without case), a note of at most 1,000 characters.
 */
export function checkHandover(
  raw: { name?: unknown; email?: unknown; note?: unknown } | null | undefined,
  currentEmail: string,
  otherEmails: readonly string[] = [],
): HandoverCheck {
  // A name is one line: typed line breaks would put a line of the signer's among ours.
  const name = text(raw?.name).replace(/\s+/g, ' ');
  const email = text(raw?.email);
  const note = text(raw?.note);
  const errors: HandoverFieldError[] = [];
  if (!name) errors.push({ field: 'name', message: HANDOVER_MESSAGES.nameRequired });
  else if (length(name) > HANDOVER_NAME_MAX) {
    errors.push({ field: 'name', message: HANDOVER_MESSAGES.nameTooLong });
  }
  if (!isEmailAddress(email) || length(email) > HANDOVER_EMAIL_MAX) {
    errors.push({ field: 'email', message: HANDOVER_MESSAGES.email });
  } else if (includesEmailAddress([currentEmail], email)) {
    errors.push({ field: 'email', message: HANDOVER_MESSAGES.sameEmail });
  } else if (includesEmailAddress(otherEmails, email)) {
    errors.push({ field: 'email', message: HANDOVER_MESSAGES.alreadyRecipient(email) });
  }
  if (length(note) > HANDOVER_NOTE_MAX) {
    errors.push({ field: 'note', message: HANDOVER_MESSAGES.noteTooLong });
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { name, email, note: note || null } };
}

/** The recipient states a signer may hand over from their own link: invited or viewed. */
export const SIGNER_HANDOVER_FROM: readonly RecipientState[] = ['invited', 'viewed'];
/**
 * The states staff may change a signer in: not yet signing (waiting) too, and a saved signature
 * not finished, which the change discards (finishing claims the place in one write, so a change
 * and a finish never both happen).
 */
export const STAFF_HANDOVER_FROM: readonly RecipientState[] = [
  'waiting',
  'invited',
  'viewed',
  'signature-saved',
];

/** The signers staff may change now: client signers who have not signed. */
export function changeableSigners<R extends Pick<Recipient, 'role' | 'state'>>(
  recipients: readonly R[],
): R[] {
  return recipients.filter(
    (recipient) => recipient.role === 'signer' && STAFF_HANDOVER_FROM.includes(recipient.state),
  );
}

/**
 * The card's line of a handed-over signer: "Handed over by John Doe to Jane Roe on
 * November 27, 2026" (by the signer) or "Changed from John Doe to Jane Roe by
 * dana@firm.com on …" (by staff).
 */
export function handoverLine(
  recipient: Pick<Recipient, 'name' | 'email'> & { handedOver?: RecipientHandover | null },
  formatDate: (iso: string) => string,
): string | null {
  const handover = recipient.handedOver;
  if (!handover) return null;
  const from = handover.fromName || handover.fromEmail;
  const to = recipient.name || recipient.email;
  const when = formatDate(handover.at);
  return handover.by === 'signer'
    ? `Handed over by ${from} to ${to} on ${when}`
    : `Changed from ${from} to ${to} by ${handover.by} on ${when}`;
}
