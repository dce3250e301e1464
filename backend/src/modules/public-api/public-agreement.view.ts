import {
  activeStatuses,
  eventTitle,
  initialStatus,
  type PublicAgreement,
  type PublicAgreementEvent,
  type PublicAgreementStatus,
  type PublicAgreementSummary,
  type PublicRecipient,
} from '@prosign/domain';
import { agreementExpiresAt, familyConfig, recipientsOf, type Agreement } from '../agreements';

/** A stored agreement as a read returns it (lean or hydrated). */
type StoredAgreement = Agreement<object> & { _id: unknown };

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

/**
 * A stored status as the public api names it: null (nothing sent yet) is `draft`, and each
 * family's own spelling of its first status ("not signed", "not-signed") is `sent`.
 */
function publicStatusOf(agreement: Pick<Agreement, 'family' | 'status'>): PublicAgreementStatus {
  if (agreement.status === null) return 'draft';
  if (agreement.status === initialStatus(agreement.family)) return 'sent';
  return agreement.status as PublicAgreementStatus;
}

/** The stored statuses a public status stands for in a family (`sent` is its first status). */
export function storedStatusesOf(family: string, status: PublicAgreementStatus): (string | null)[] {
  if (status === 'draft') return [null];
  if (status === 'sent') return [initialStatus(family)];
  return [status];
}

/**
 * An agreement as lists show it: what it is, who signs it first, where it stands and when each
 * step happened. Never a signing link, token or document link (each opens it without a key).
 */
export function publicAgreementSummaryOf(
  agreement: StoredAgreement,
  defaultExpiryDays: number,
): PublicAgreementSummary {
  const config = familyConfig(agreement.family);
  const parties = config.parties(agreement.form);
  const open = (activeStatuses(agreement.family) as readonly (string | null)[]).includes(
    agreement.status,
  );
  return {
    id: String(agreement._id),
    family: agreement.family,
    title: config.title(agreement.form),
    status: publicStatusOf(agreement),
    signerName: parties.signerName,
    signerEmail: parties.signerEmail,
    crmDealId: config.crm.dealId(agreement.form),
    createdBy: agreement.sentBy,
    sentAt: iso(agreement.createdAt),
    signedAt: iso(agreement.signedAt),
    declinedAt: iso(agreement.declinedAt),
    cancelledAt: iso(agreement.cancelledAt),
    expiredAt: iso(agreement.expiredAt),
    voidedAt: iso(agreement.voidedAt),
    expiresAt: open ? iso(agreementExpiresAt(agreement, defaultExpiryDays)) : null,
    sealed: Boolean(agreement.signedDocLink && agreement.auditTrailDocLink),
  };
}

/** Its recipients with their states, without their links or the addresses they acted from. */
function publicRecipientsOf(agreement: StoredAgreement): PublicRecipient[] {
  const parties = familyConfig(agreement.family).parties(agreement.form);
  return recipientsOf(agreement, {
    name: parties.signerName,
    email: parties.signerEmail,
    phone: parties.signerPhone,
  }).map((recipient) => ({
    id: recipient.id,
    role: recipient.role,
    name: recipient.name,
    email: recipient.email,
    order: recipient.order,
    state: recipient.state,
    invitedAt: recipient.times.invitedAt,
    viewedAt: recipient.times.viewedAt,
    signedAt: recipient.times.signedAt,
    declinedAt: recipient.times.declinedAt ?? null,
  }));
}

/**
 * Its history in order, numbered from 1: what, when, by whom and about which recipient. The
 * details an event keeps beside those (addresses, browsers, hashes, consent texts) stay in the
 * audit trail.
 */
export function publicEventsOf(agreement: StoredAgreement): PublicAgreementEvent[] {
  return (agreement.events ?? []).map((event, index) => {
    const recipientId = event.data?.recipientId;
    return {
      sequence: index + 1,
      type: event.type,
      title: eventTitle(event.type),
      at: new Date(event.at).toISOString(),
      status: event.status === null ? null : publicStatusOf({ ...agreement, status: event.status }),
      actor: event.actor,
      recipientId: typeof recipientId === 'string' ? recipientId : null,
    };
  });
}

/** The agreement with its recipients, their states and its events. */
export function publicAgreementOf(
  agreement: StoredAgreement,
  defaultExpiryDays: number,
): PublicAgreement {
  return {
    ...publicAgreementSummaryOf(agreement, defaultExpiryDays),
    recipients: publicRecipientsOf(agreement),
    events: publicEventsOf(agreement),
  };
}
