// The recipient list of a creation screen and of a send: checked, normalised, and made into
// recipients (docs/architecture.md#contract-families-on-one-agreement-core).
import { isEmailAddress } from '../address/email-address';
import { NO_TIMES, text } from './recipient-text';
import type { Recipient, RecipientRole } from './recipients';
import { SINGLE_SIGNER_RECIPIENT_ID } from './single-signer-recipients';

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
  /** The firm countersigns after every client signer; absent: no countersignature. */
  countersigner?: CountersignerInput | null;
  /**
   * Every signer enters a code mailed to them before the document opens;
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
