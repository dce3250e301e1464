/**
 * The recipients of an agreement (docs/architecture.md#contract-families-on-one-agreement-core, issue 34): the people who
 * sign it — client signers and an optional firm countersigner — and the copy
 * recipients (cc) who only receive it. Signers with the same `order` sign in
 * parallel; a later order is invited only once every earlier one has signed.
 *
 * Pure rules, shared by the server (who to invite, when the agreement is
 * signed, what a signer's action does) and the screens (creation checks, the
 * card's progress line). A recipient's link token is deliberately not here:
 * it authorises signing, so it stays on the server and never reaches a list.
 */
import { isEmailAddress } from '../address/email-address';

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
  /** Declined to sign, with a reason (issue 35): the agreement is declined. */
  'declined',
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** When each step of a recipient's life happened (ISO 8601), null until it did. */
interface RecipientTimes {
  invitedAt: string | null;
  /** The first view: later views change nothing. */
  viewedAt: string | null;
  signatureSavedAt: string | null;
  signedAt: string | null;
  /** When this recipient declined (issue 35); absent or null unless they did. */
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
  /** Whose place this signer took (issue 35 hand-over), by whom and when: the latest one. */
  handedOver?: RecipientHandover;
}

/** Who handed a recipient's place over, to whom and when (issue 35: the latest hand-over of it). */
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

const NO_TIMES: RecipientTimes = {
  invitedAt: null,
  viewedAt: null,
  signatureSavedAt: null,
  signedAt: null,
};

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
  // Issue 35: a signer whose turn came may decline until they signed (a saved signature too).
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

/** A recipient as staff enter it on a creation screen. */
export interface RecipientInput {
  role: RecipientRole;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  order?: number | null;
  staffUserId?: string | null;
}

/** A checked recipient, before the server gives it an id (and a signer a link token). */
export type RecipientDraft = Pick<
  Recipient,
  'role' | 'name' | 'email' | 'phone' | 'order' | 'staffUserId'
>;

/** A problem in the list: `field` is `recipients` or `recipients.<index>.<name|email|order|staffUserId>`. */
export interface RecipientFieldError {
  field: string;
  message: string;
}

export type RecipientListCheck =
  { ok: true; recipients: RecipientDraft[] } | { ok: false; errors: RecipientFieldError[] };

export const RECIPIENT_MESSAGES = {
  noSigner: 'Add at least one signer.',
  twoCountersigners: 'Only one person can countersign for the firm.',
  signerName: 'Enter the signer’s name.',
  countersignerName: 'Enter the countersigner’s name.',
  email: 'Enter a valid e-mail address.',
  order: 'The signing order must be a number.',
  countersignerUser: 'Choose the staff member who countersigns.',
  sameSignerEmail: (first: string, second: string, email: string) =>
    `${first} and ${second} have the same e-mail address (${email}). ` +
    'Each signer needs their own address: their signing link is sent there.',
  countersignerIsSigner: (email: string) =>
    `${email} already signs for the client; the firm’s countersigner must be someone else.`,
  ccIsSigner: (email: string) =>
    `${email} already signs and receives the signed copy; remove them from the copy list.`,
  ccTwice: (email: string) => `${email} is in the copy list twice.`,
} as const;

const text = (value: string | null | undefined) => String(value ?? '').trim();
const sameAddress = (email: string) => email.toLowerCase();

/**
 * Checks a creation screen's list and normalises it: at least one signer, at
 * most one countersigner (a staff user), valid e-mails, nobody listed twice
 * (one person's link must never sign for another, and each recipient gets one
 * signed copy). Orders become 1..n keeping parallel groups; the countersigner
 * always signs last, in an order of their own, because the firm countersigns
 * what the clients signed. A cc takes the last order (it has no effect on
 * them). The result is sorted by order, list position kept within an order.
 */
export function checkRecipientList(inputs: readonly RecipientInput[]): RecipientListCheck {
  const errors: RecipientFieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  const at = (index: number, name: string) => `recipients.${index}.${name}`;

  if (!inputs.some((input) => input.role === 'signer')) {
    add('recipients', RECIPIENT_MESSAGES.noSigner);
  }
  if (inputs.filter((input) => input.role === 'countersigner').length > 1) {
    add('recipients', RECIPIENT_MESSAGES.twoCountersigners);
  }

  inputs.forEach((input, index) => {
    if (input.role !== 'cc' && !text(input.name)) {
      const message =
        input.role === 'signer'
          ? RECIPIENT_MESSAGES.signerName
          : RECIPIENT_MESSAGES.countersignerName;
      add(at(index, 'name'), message);
    }
    if (!isEmailAddress(input.email)) add(at(index, 'email'), RECIPIENT_MESSAGES.email);
    // A cc signs nothing, so its order is not asked for.
    if (input.role !== 'cc' && !Number.isFinite(input.order)) {
      add(at(index, 'order'), RECIPIENT_MESSAGES.order);
    }
    if (input.role === 'countersigner' && !text(input.staffUserId)) {
      add(at(index, 'staffUserId'), RECIPIENT_MESSAGES.countersignerUser);
    }
  });

  // Repeated addresses, compared without case: the client signers first, then the
  // countersigner, then the copy list, so the clash is reported on the countersigner or
  // the cc wherever they stand in the list.
  const signing = new Map<string, RecipientInput>();
  const copied = new Set<string>();
  const indexed = inputs.map((input, index) => ({ input, index, email: text(input.email) }));
  const signersFirst = [...indexed].sort(
    (a, b) => Number(a.input.role === 'countersigner') - Number(b.input.role === 'countersigner'),
  );
  for (const { input, index, email } of signersFirst) {
    if (input.role === 'cc' || !isEmailAddress(email)) continue;
    const earlier = signing.get(sameAddress(email));
    if (!earlier) {
      signing.set(sameAddress(email), input);
    } else if (input.role === 'signer' && earlier.role === 'signer') {
      const names = [earlier, input].map((signer) => text(signer.name) || email);
      add(at(index, 'email'), RECIPIENT_MESSAGES.sameSignerEmail(names[0], names[1], email));
    } else {
      add(at(index, 'email'), RECIPIENT_MESSAGES.countersignerIsSigner(email));
    }
  }
  for (const { input, index, email } of indexed) {
    if (input.role !== 'cc' || !isEmailAddress(email)) continue;
    if (signing.has(sameAddress(email))) {
      add(at(index, 'email'), RECIPIENT_MESSAGES.ccIsSigner(email));
    } else if (copied.has(sameAddress(email))) {
      add(at(index, 'email'), RECIPIENT_MESSAGES.ccTwice(email));
    }
    copied.add(sameAddress(email));
  }
  if (errors.length) return { ok: false, errors };

  // Dense ranks of the signers' orders: 1, 5, 5, 9 become 1, 2, 2, 3.
  const orderOf = (input: RecipientInput) => input.order ?? 0; // checked finite above
  const signerOrders = [
    ...new Set(inputs.filter((input) => input.role === 'signer').map(orderOf)),
  ].sort((a, b) => a - b);
  const countersignerOrder = signerOrders.length + 1;
  const lastOrder = inputs.some((input) => input.role === 'countersigner')
    ? countersignerOrder
    : signerOrders.length;

  const drafts = inputs.map((input): RecipientDraft => {
    const order =
      input.role === 'signer'
        ? signerOrders.indexOf(orderOf(input)) + 1
        : input.role === 'countersigner'
          ? countersignerOrder
          : lastOrder;
    const phone = text(input.phone);
    return {
      role: input.role,
      name: text(input.name),
      email: text(input.email),
      ...(phone ? { phone } : {}),
      order,
      ...(input.role === 'countersigner' ? { staffUserId: text(input.staffUserId) } : {}),
    };
  });
  return { ok: true, recipients: drafts.sort((a, b) => a.order - b.order) };
}

/** A checked recipient as it starts: waiting, nothing recorded yet. */
export function newRecipient(draft: RecipientDraft, id: string): Recipient {
  return {
    ...draft,
    id,
    state: 'waiting',
    times: { ...NO_TIMES },
    lastActionIp: null,
    lastActionUserAgent: null,
  };
}

// ── Agreements from before recipients ──

/** The id the one signer of an agreement from before recipients is read under, at every read. */
export const SINGLE_SIGNER_RECIPIENT_ID = 'signer-1';

type StoredTime = Date | string | null | undefined;

/** The single-signer fields an agreement from before recipients has. */
export interface SingleSignerRecord {
  name: string;
  email: string;
  phone?: string | null;
  /** The agreement's status (null: not yet published by its send). */
  status: string | null;
  /** When the link was sent: the agreement's `createdAt`. */
  sentAt: StoredTime;
  viewedAt: StoredTime;
  viewedIp?: string | null;
  signatureSavedAt: StoredTime;
  signatureSavedIp?: string | null;
  signedAt: StoredTime;
  signedIp?: string | null;
}

function isoOf(time: StoredTime): string | null {
  if (time == null || time === '') return null;
  const date = time instanceof Date ? time : new Date(time);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The signer's state from the agreement's status. The status says where the
 * signer is now (times alone cannot: a cleared signature keeps its saved
 * time); only once the link closed (cancelled, expired, resent) do the times
 * say how far the signer got.
 */
function singleSignerState(record: SingleSignerRecord, times: RecipientTimes): RecipientState {
  switch (record.status) {
    case null:
      return 'waiting';
    case 'viewed':
      return 'viewed';
    case 'signature_saved':
      return 'signature-saved';
    // Only a signed agreement can be voided; marked as signed counts as signed.
    case 'signed':
    case 'signed_manually':
    case 'void':
      return 'signed';
    case 'declined':
      return 'declined';
    case 'cancelled':
    case 'expired':
    case 'resent':
    case 'edited_resent':
      if (times.signedAt) return 'signed';
      if (times.signatureSavedAt) return 'signature-saved';
      if (times.viewedAt) return 'viewed';
      return times.invitedAt ? 'invited' : 'waiting';
    default:
      // The initial status ("not signed", "not-signed"), and an unknown one,
      // which every screen treats as the initial status.
      return 'invited';
  }
}

/**
 * An agreement from before recipients read as one signer recipient, so every
 * rule here applies to it unchanged. The times are kept as recorded; the user
 * agent is not on the old record (only in its events), so it reads as null.
 */
export function singleSignerRecipients(record: SingleSignerRecord): Recipient[] {
  const times: RecipientTimes = {
    invitedAt: record.status === null ? null : isoOf(record.sentAt),
    viewedAt: isoOf(record.viewedAt),
    signatureSavedAt: isoOf(record.signatureSavedAt),
    signedAt: isoOf(record.signedAt),
  };
  const state = singleSignerState(record, times);
  const ipOfState: Record<RecipientState, string | null | undefined> = {
    waiting: null,
    invited: null,
    viewed: record.viewedIp,
    'signature-saved': record.signatureSavedIp,
    signed: record.signedIp,
    declined: null,
  };
  const phone = text(record.phone);
  return [
    {
      id: SINGLE_SIGNER_RECIPIENT_ID,
      role: 'signer',
      name: text(record.name),
      email: text(record.email),
      ...(phone ? { phone } : {}),
      order: 1,
      state,
      times,
      lastActionIp: ipOfState[state] ?? null,
      lastActionUserAgent: null,
    },
  ];
}

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
 * - a signer declined (issue 35): "Declined by Jane Doe" — nobody is awaited any more.
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

// ── Several signers on a send ──

/** A signer besides the form's own, as a creation screen names them. */
export interface AdditionalSigner {
  name: string;
  email: string;
  phone?: string | null;
}

/** Everyone at once, or one after the other in the order listed. */
export const SIGNING_ORDERS = ['parallel', 'sequential'] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

/** The staff app's page of the agreements waiting for the signed-in user's countersignature. */
export const COUNTERSIGN_PAGE_PATH = '/countersign';

/** The staff app's page where the countersigner signs one agreement. */
export function countersignPagePath(agreementId: string): string {
  return `${COUNTERSIGN_PAGE_PATH}/${encodeURIComponent(agreementId)}`;
}

/** The id of the firm's countersigner: one per agreement. */
export const COUNTERSIGNER_RECIPIENT_ID = 'firm';

/** The id of the n-th signer (1-based); the first is the one-signer id every agreement has. */
export function signerRecipientId(position: number): string {
  return position <= 1 ? SINGLE_SIGNER_RECIPIENT_ID : `signer-${position}`;
}

/**
 * The firm's countersigner as a creation screen names them: a listed staff
 * user (their sign-in e-mail), the name printed under the firm's signature
 * (from the e-mail when not given) and an optional title.
 */
export interface CountersignerInput {
  email: string;
  name?: string | null;
  title?: string | null;
}

/** The signer fields every family's send (and document creation) accepts besides its form. */
export interface SendSignersRequest {
  /** Signers besides the form's own, in signing order. */
  additional_signers?: AdditionalSigner[];
  /** Everyone at once, or one after the other (the default). */
  signing_order?: SigningOrder;
  /** The firm countersigns after every client signer (issue 34); absent: no countersignature. */
  countersigner?: CountersignerInput | null;
  /**
   * Every signer enters a code mailed to them before the document opens (issue 35);
   * absent: the family's default (an admin setting).
   */
  require_email_code?: boolean;
}

/**
 * A name from a staff e-mail when none is given: "dana.whitfield@firm.com" is
 * "Dana Whitfield" (staff records keep only the sign-in address).
 */
export function nameFromStaffEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1).toLowerCase())
    .join(' ');
}

/**
 * The signers of a send as a recipient list: the form's signer first, then the
 * additional ones — all in order 1 (parallel) or 1, 2, 3… (sequential) — and the
 * copy addresses; checkRecipientList checks it.
 */
export function sendRecipientInputs(
  first: AdditionalSigner,
  additional: readonly AdditionalSigner[],
  order: SigningOrder,
  copyTo: readonly string[] = [],
  countersigner: CountersignerInput | null = null,
): RecipientInput[] {
  const firm: RecipientInput[] = countersigner
    ? [
        {
          role: 'countersigner',
          name: text(countersigner.name) || nameFromStaffEmail(countersigner.email),
          email: countersigner.email,
          // After every client signer: checkRecipientList puts them last whatever this says.
          order: 1,
          staffUserId: text(countersigner.email).toLowerCase(),
        },
      ]
    : [];
  return [
    { role: 'signer', ...first, order: 1 },
    ...additional.map((signer, index): RecipientInput => ({
      role: 'signer',
      ...signer,
      order: order === 'parallel' ? 1 : index + 2,
    })),
    ...firm,
    ...copyTo.map((email): RecipientInput => ({ role: 'cc', email })),
  ];
}
