import {
  applyRecipientEvent,
  recipientProgressLabel,
  signerRecipientId,
  COUNTERSIGNER_RECIPIENT_ID,
  type AdditionalSigner,
  type RecipientDraft,
  type SigningOrder,
  isSigningRecipient,
  singleSignerRecipients,
  SINGLE_SIGNER_RECIPIENT_ID,
  type Recipient,
  type RecipientEvent,
  type RecipientRole,
  type RecipientState,
} from '@prosign/domain';
import type { AgreementParties } from './agreement-family';
import type { SignatureParties } from '../documents';

/**
 * A recipient as the agreement record keeps it (docs/architecture.md#contract-families-on-one-agreement-core): the shared
 * `Recipient` with its times as dates. Signing tokens are not here: each
 * signer's token is its own `agreement_links` key naming the recipient.
 */
export interface StoredRecipient {
  id: string;
  role: RecipientRole;
  name: string;
  email: string;
  phone?: string | null;
  order: number;
  state: RecipientState;
  invitedAt: Date | null;
  viewedAt: Date | null;
  signatureSavedAt: Date | null;
  signedAt: Date | null;
  /** When this recipient declined; the reason is the agreement's `declineReason`. */
  declinedAt?: Date | null;
  lastActionIp: string | null;
  lastActionUserAgent: string | null;
  staffUserId?: string | null;
  /** The countersigner's title under the firm's signature ("Principal Engineer"). */
  title?: string | null;
  /** Whose place this signer took: the latest one; the log has all. */
  handedOver?: StoredHandover | null;
  /**
   * A signer besides the first (whose link and signing fields are the agreement's
   * own, as the spec's calls read them): their link token and link, and what
   * they saved. Server-only: never in a card or event.
   */
  token?: string;
  signingLink?: string;
  viewedIp?: string | null;
  signatureSavedIp?: string | null;
  signedIp?: string | null;
  signature?: string | null;
  signatureSource?: 'text' | 'image' | null;
  signatureImageId?: string | null;
  initials?: string | null;
  consentAt?: Date | null;
  consentIp?: string | null;
}

/** A hand-over as a stored recipient keeps it (`RecipientHandover` with its time as a date). */
export interface StoredHandover {
  fromName: string;
  fromEmail: string;
  at: Date;
  by: string;
  note: string | null;
}

/** The stored fields of an agreement the recipients are read from. */
export interface RecipientSource {
  recipients?: StoredRecipient[] | null;
  status: string | null;
  createdAt?: Date | string | null;
  viewedAt?: Date | string | null;
  viewedIp?: string | null;
  signatureSavedAt?: Date | string | null;
  signatureSavedIp?: string | null;
  signedAt?: Date | string | null;
  signedIp?: string | null;
}

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

/**
 * Who an agreement is sent to, as the shared rules read them: the stored
 * recipients, or — for an agreement from before recipients — its one signer
 * read from the single-signer fields (who signs: the family's summary).
 */
export function recipientsOf(
  agreement: RecipientSource,
  signer: { name: string; email: string; phone?: string | null },
): Recipient[] {
  if (!agreement.recipients?.length) {
    return singleSignerRecipients({
      ...signer,
      status: agreement.status,
      sentAt: agreement.createdAt,
      viewedAt: agreement.viewedAt,
      viewedIp: agreement.viewedIp,
      signatureSavedAt: agreement.signatureSavedAt,
      signatureSavedIp: agreement.signatureSavedIp,
      signedAt: agreement.signedAt,
      signedIp: agreement.signedIp,
    });
  }
  return agreement.recipients.map(sharedRecipient);
}

/** A stored recipient in the shared shape (times as ISO strings). */
function sharedRecipient(stored: StoredRecipient): Recipient {
  return {
    id: stored.id,
    role: stored.role,
    name: stored.name,
    email: stored.email,
    ...(stored.phone ? { phone: stored.phone } : {}),
    order: stored.order,
    state: stored.state,
    times: {
      invitedAt: iso(stored.invitedAt),
      viewedAt: iso(stored.viewedAt),
      signatureSavedAt: iso(stored.signatureSavedAt),
      signedAt: iso(stored.signedAt),
      ...(stored.declinedAt ? { declinedAt: iso(stored.declinedAt) } : {}),
    },
    lastActionIp: stored.lastActionIp ?? null,
    lastActionUserAgent: stored.lastActionUserAgent ?? null,
    ...(stored.staffUserId ? { staffUserId: stored.staffUserId } : {}),
    ...(stored.title ? { title: stored.title } : {}),
    ...(stored.handedOver
      ? {
          handedOver: {
            fromName: stored.handedOver.fromName,
            fromEmail: stored.handedOver.fromEmail,
            at: new Date(stored.handedOver.at).toISOString(),
            by: stored.handedOver.by,
            note: stored.handedOver.note ?? null,
          },
        }
      : {}),
  };
}

const NOTHING_YET = {
  invitedAt: null,
  viewedAt: null,
  signatureSavedAt: null,
  signedAt: null,
  lastActionIp: null,
  lastActionUserAgent: null,
} as const;

/**
 * The signers a send names besides the form's own, each with their own link
 * token (created with the record, so a retried send keeps them): waiting until
 * the send publishes.
 */
export function additionalSignerRecipients(
  additional: readonly AdditionalSigner[],
  order: SigningOrder,
  newToken: () => string,
  signingLinkOf: (token: string) => string,
): StoredRecipient[] {
  return additional.map((signer, index) => {
    const token = newToken();
    const phone = signer.phone?.trim();
    return {
      id: signerRecipientId(index + 2),
      role: 'signer',
      name: signer.name.trim(),
      email: signer.email.trim(),
      ...(phone ? { phone } : {}),
      order: order === 'parallel' ? 1 : index + 2,
      state: 'waiting',
      ...NOTHING_YET,
      token,
      signingLink: signingLinkOf(token),
    };
  });
}

/** The firm's countersigner of a checked list: signs in the staff app, so no link token. */
export function countersignerRecipient(
  draft: RecipientDraft,
  title: string | null,
): StoredRecipient {
  return {
    id: COUNTERSIGNER_RECIPIENT_ID,
    role: 'countersigner',
    name: draft.name,
    email: draft.email,
    order: draft.order,
    state: 'waiting',
    ...NOTHING_YET,
    staffUserId: draft.staffUserId ?? draft.email.toLowerCase(),
    ...(title?.trim() ? { title: title.trim() } : {}),
  };
}

/**
 * The signature blocks of a document for a send's recipients: the form's signer, the others
 * in order, the firm's countersigner; none when the form's signer signs alone (the template's).
 */
export function signatureBlocksOf(
  firstSignerName: string,
  additional: readonly StoredRecipient[],
): SignatureParties | undefined {
  if (additional.length === 0) return undefined;
  const firm = additional.find((recipient) => recipient.role === 'countersigner');
  return {
    signers: [
      { recipientId: SINGLE_SIGNER_RECIPIENT_ID, name: firstSignerName },
      ...additional
        .filter((recipient) => recipient.role === 'signer')
        .map((signer) => ({ recipientId: signer.id, name: signer.name })),
    ],
    ...(firm
      ? {
          countersigner: {
            recipientId: firm.id,
            name: firm.name,
            ...(firm.title ? { title: firm.title } : {}),
          },
        }
      : {}),
  };
}

/**
 * The recipients a send publishes: the family's signer, the additional signers
 * kept since the record was created, and each copy address (cc), who signs
 * nothing. Everyone of the first order is invited now; later orders wait.
 */
export function publishedRecipients(
  parties: Pick<AgreementParties, 'signerName' | 'signerEmail' | 'copyTo'>,
  signerPhone: string | null,
  now: Date,
  additional: readonly StoredRecipient[] = [],
): StoredRecipient[] {
  const signers = additional.filter((recipient) => recipient.role === 'signer');
  const firm = additional.filter((recipient) => recipient.role === 'countersigner');
  const signing = new Set(
    [parties.signerEmail, ...signers.map((signer) => signer.email)].map((email) =>
      email.trim().toLowerCase(),
    ),
  );
  const copies = [...new Set(parties.copyTo.map((email) => email.trim()).filter(Boolean))].filter(
    (email) => !signing.has(email.toLowerCase()),
  );
  const lastOrder = Math.max(1, ...[...signers, ...firm].map((signer) => signer.order));
  const first: StoredRecipient = {
    id: SINGLE_SIGNER_RECIPIENT_ID,
    role: 'signer',
    name: parties.signerName,
    email: parties.signerEmail,
    ...(signerPhone ? { phone: signerPhone } : {}),
    order: 1,
    state: 'waiting',
    ...NOTHING_YET,
  };
  const invite = (recipient: StoredRecipient): StoredRecipient =>
    recipient.order === 1 ? { ...recipient, state: 'invited', invitedAt: now } : recipient;
  return [
    invite(first),
    ...signers.map(invite),
    // After every client signer: invited once they all signed.
    ...firm,
    ...copies.map((email, index): StoredRecipient => ({
      id: `cc-${index + 1}`,
      role: 'cc',
      name: '',
      email,
      order: lastOrder + 1,
      state: 'waiting',
      ...NOTHING_YET,
    })),
  ];
}

/**
 * The `$set` that moves a stored recipient by `event` (the shared transition
 * table), to go in the same update as the agreement's own change; empty when
 * the agreement keeps no recipients (from before them) or the event does not
 * apply to the recipient's state (e.g. a second view).
 */
export function recipientChange(
  agreement: Pick<RecipientSource, 'recipients'>,
  recipientId: string,
  event: RecipientEvent,
  context: { at: Date; ip: string | null; userAgent?: string | null },
): Record<string, unknown> {
  const index = agreement.recipients?.findIndex((stored) => stored.id === recipientId) ?? -1;
  if (index < 0 || !agreement.recipients) return {};
  const current = sharedRecipient(agreement.recipients[index]);
  const next = applyRecipientEvent(current, event, {
    at: context.at.toISOString(),
    ip: context.ip,
    userAgent: context.userAgent ?? null,
  });
  if (!next) return {};
  const path = `recipients.${index}`;
  const set: Record<string, unknown> = {
    [`${path}.state`]: next.state,
    [`${path}.lastActionIp`]: next.lastActionIp,
    [`${path}.lastActionUserAgent`]: next.lastActionUserAgent,
  };
  for (const key of [
    'invitedAt',
    'viewedAt',
    'signatureSavedAt',
    'signedAt',
    'declinedAt',
  ] as const) {
    if ((next.times[key] ?? null) !== (current.times[key] ?? null)) {
      set[`${path}.${key}`] = context.at;
    }
  }
  return set;
}

/** Every signing recipient moved to signed at once (staff marked the agreement signed). */
export function allSignedChange(
  agreement: Pick<RecipientSource, 'recipients'>,
  at: Date,
): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  agreement.recipients?.forEach((stored, index) => {
    if (!isSigningRecipient(stored) || stored.state === 'signed') return;
    set[`recipients.${index}.state`] = 'signed';
    set[`recipients.${index}.signedAt`] = at;
  });
  return set;
}

/** The card's progress line of an agreement with recipients ("1 of 2 signed — waiting for …"). */
export function recipientProgressOf(agreement: Pick<RecipientSource, 'recipients'>): string | null {
  const stored = agreement.recipients ?? [];
  const signers = stored.filter(isSigningRecipient);
  return signers.length > 1 ? recipientProgressLabel(stored.map(sharedRecipient)) : null;
}
