/**
 * The recipients of an agreement (docs/architecture.md#contract-families-on-one-agreement-core): the people who
 * sign it — client signers and an optional firm countersigner — and the copy
 * recipients (cc) who only receive it. Signers with the same `order` sign in
 * parallel; a later order is invited only once every earlier one has signed.
 *
 * Pure rules, shared by the server (who to invite, when the agreement is
 * signed, what a signer's action does) and the screens (creation checks, the
 * card's progress line). A recipient's link token is deliberately not here:
 * it authorises signing, so it stays on the server and never reaches a list.
 */

// ── The shape ──

export type RecipientRole = 'signer' | 'countersigner' | 'cc';

/** The roles that sign; a cc receives the document and the signed copy, nothing more. */
const SIGNING_ROLES: readonly RecipientRole[] = ['signer', 'countersigner'];

/** A recipient's own life, in order. */
export const RECIPIENT_STATES = [
  'waiting',
  'invited',
  'viewed',
  'signature-saved',
  'signed',
  /** Declined to sign, with a reason: the agreement is declined. */
  'declined',
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** When each step of a recipient's life happened (ISO 8601), null until it did. */
export interface RecipientTimes {
  invitedAt: string | null;
  /** The first view: later views change nothing. */
  viewedAt: string | null;
  signatureSavedAt: string | null;
  signedAt: string | null;
  /** When this recipient declined; absent or null unless they did. */
  declinedAt?: string | null;
}

export interface Recipient {
  /** Stable within the agreement: events and links name the recipient by it. */
  id: string;
  role: RecipientRole;
  name: string;
  email: string;
  phone?: string;
  /** From 1; recipients with the same order sign in parallel. */
  order: number;
  state: RecipientState;
  times: RecipientTimes;
  /** Client address and user agent of this recipient's last step (evidence; the event log has all). */
  lastActionIp: string | null;
  lastActionUserAgent: string | null;
  /** The staff user who countersigns for the firm; only on a countersigner. */
  staffUserId?: string;
  /** The countersigner's title under the firm's signature, when one was given. */
  title?: string;
  /** Whose place this signer took, by whom and when: the latest one. */
  handedOver?: RecipientHandover;
}

/** Who handed a recipient's place over, to whom and when (the latest hand-over of it). */
export interface RecipientHandover {
  fromName: string;
  fromEmail: string;
  /** ISO 8601. */
  at: string;
  /** `signer` (from their own link) or the staff member's e-mail. */
  by: string;
  note: string | null;
}

export function isSigningRecipient(recipient: Pick<Recipient, 'role'>): boolean {
  return SIGNING_ROLES.includes(recipient.role);
}

// ── Whose turn it is ──

/** The signers and the countersigner, by order (list position within an order). */
function signingRecipients<R extends Recipient>(recipients: readonly R[]): R[] {
  // Array.prototype.sort is stable, so parallel signers keep the order staff listed them in.
  return recipients.filter(isSigningRecipient).sort((a, b) => a.order - b.order);
}

/** Every signer and the countersigner signed (cc never count); a list with nobody to sign is not signed. */
export function isFullySigned(recipients: readonly Recipient[]): boolean {
  const signing = recipients.filter(isSigningRecipient);
  return signing.length > 0 && signing.every((recipient) => recipient.state === 'signed');
}

/**
 * The order being signed now: the lowest order that still has an unsigned
 * signer (so every earlier order is fully signed); null once fully signed.
 */
export function currentSigningOrder(recipients: readonly Recipient[]): number | null {
  const unsigned = recipients.filter((r) => isSigningRecipient(r) && r.state !== 'signed');
  return unsigned.length ? Math.min(...unsigned.map((recipient) => recipient.order)) : null;
}

/** Those the agreement waits for now: the unsigned signers of the current order. */
export function awaitedRecipients<R extends Recipient>(recipients: readonly R[]): R[] {
  const order = currentSigningOrder(recipients);
  return signingRecipients(recipients).filter(
    (recipient) => recipient.order === order && recipient.state !== 'signed',
  );
}

/**
 * Who to invite now: the awaited recipients not invited yet. Asked after the
 * send and after each signature, it invites order 1, then each next order as
 * the one before completes; it is empty while the current order is still
 * signing, so nobody is invited twice.
 */
export function recipientsToInvite<R extends Recipient>(recipients: readonly R[]): R[] {
  return awaitedRecipients(recipients).filter((recipient) => recipient.state === 'waiting');
}

/** The first signer: the one the spec's single-signer calls and fields read. */
export function firstSigner<R extends Recipient>(recipients: readonly R[]): R | null {
  return signingRecipients(recipients).find((recipient) => recipient.role === 'signer') ?? null;
}

// ── What a recipient's actions do ──

/** What happens to one recipient: invited by the server, the rest done on their signing page. */
export const RECIPIENT_EVENTS = [
  'invite',
  'view',
  'saveSignature',
  'clearSignature',
  'sign',
  'decline',
] as const;
export type RecipientEvent = (typeof RECIPIENT_EVENTS)[number];

export interface RecipientTransitionRule {
  /** States it may start from. */
  from: readonly RecipientState[];
  to: RecipientState;
  /** The time it records, or null when it records none. */
  stamps: keyof RecipientTimes | null;
}

/**
 * The one table of a recipient's state changes, like `transitionRule` for the
 * agreement: the server builds its conditional update from it, so two racing
 * requests cannot both move a recipient.
 */
export const RECIPIENT_TRANSITIONS: Readonly<Record<RecipientEvent, RecipientTransitionRule>> = {
  invite: { from: ['waiting'], to: 'invited', stamps: 'invitedAt' },
  // Only the first view moves the state and records the time; later views are only counted.
  view: { from: ['invited'], to: 'viewed', stamps: 'viewedAt' },
  // A signer may save without a separate view (the page was open from the mail's preview).
  saveSignature: { from: ['invited', 'viewed'], to: 'signature-saved', stamps: 'signatureSavedAt' },
  // As for the agreement (spec 1 §4.1, item 6): back to viewed; the first save's time stays recorded.
  clearSignature: { from: ['signature-saved'], to: 'viewed', stamps: null },
  sign: { from: ['signature-saved'], to: 'signed', stamps: 'signedAt' },
  // A signer whose turn came may decline until they signed (a saved signature too).
  decline: {
    from: ['invited', 'viewed', 'signature-saved'],
    to: 'declined',
    stamps: 'declinedAt',
  },
};

/** Who acted, when and from where, as the server saw it. */
export interface RecipientActionContext {
  /** ISO 8601. */
  at: string;
  ip: string | null;
  userAgent: string | null;
}

/** Whether `event` may happen to this recipient now: a cc takes no event, a signer only per the table. */
export function recipientEventAllowed(recipient: Recipient, event: RecipientEvent): boolean {
  return (
    isSigningRecipient(recipient) && RECIPIENT_TRANSITIONS[event].from.includes(recipient.state)
  );
}

/** The recipient after `event`, or null when it may not happen (the server refuses it). */
export function applyRecipientEvent<R extends Recipient>(
  recipient: R,
  event: RecipientEvent,
  context: RecipientActionContext,
): R | null {
  if (!recipientEventAllowed(recipient, event)) return null;
  const rule = RECIPIENT_TRANSITIONS[event];
  return {
    ...recipient,
    state: rule.to,
    times: rule.stamps ? { ...recipient.times, [rule.stamps]: context.at } : recipient.times,
    lastActionIp: context.ip,
    lastActionUserAgent: context.userAgent,
  };
}

// ── Creation ──

// ── The card's progress line ──

/** How the countersigner is named on a card: clients know the firm, not who signs for it. */
const FIRM_PARTY_NAME = 'the firm';

/** "A", "A and B", "A, B and C"; beyond three, "A, B and 2 others" (a card line stays short). */
export function joinNames(names: readonly string[]): string {
  if (names.length > 3) return `${names.slice(0, 2).join(', ')} and ${names.length - 2} others`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The card's line on who signed and who is awaited. Only signers and the
 * countersigner count (cc never appear):
 * - all signed: "Signed" (one signer) or "All 3 signed";
 * - none signed yet: "Waiting for Jane Doe" or, in parallel, "Waiting for Jane Doe and John Doe";
 * - some signed: "1 of 2 signed — waiting for Jane Doe", "2 of 3 signed — waiting for the firm".
 * The awaited are the unsigned of the current order (`awaitedRecipients`): a
 * signer by name (their e-mail if unnamed), the countersigner as "the firm".
 * - a signer declined: "Declined by Jane Doe" — nobody is awaited any more.
 * It describes the recipients only; a cancelled or void agreement says so by its status.
 */
export function recipientProgressLabel(recipients: readonly Recipient[]): string {
  const signing = recipients.filter(isSigningRecipient);
  if (signing.length === 0) return 'No signers';
  const decliner = signing.find((recipient) => recipient.state === 'declined');
  if (decliner) return `Declined by ${decliner.name || decliner.email}`;
  const signed = signing.filter((recipient) => recipient.state === 'signed').length;
  if (signed === signing.length) return signing.length === 1 ? 'Signed' : `All ${signed} signed`;
  const awaited = joinNames(
    awaitedRecipients(recipients).map((recipient) =>
      recipient.role === 'countersigner' ? FIRM_PARTY_NAME : recipient.name || recipient.email,
    ),
  );
  return signed === 0
    ? `Waiting for ${awaited}`
    : `${signed} of ${signing.length} signed — waiting for ${awaited}`;
}
