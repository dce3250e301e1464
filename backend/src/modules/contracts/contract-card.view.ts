import {
  agreementTitle,
  displayedContractStatus,
  eventTitle,
  type AgreementEventType,
  type ContractCardView,
} from '@prosign/domain';
import { STANDARD_CLAUSE_FIELDS, type StoredStandardAgreement } from './standard-contract.form';

/** A stored standard agreement as a lean query returns it. */
export type StoredContract = StoredStandardAgreement & { _id: unknown };

/** Fields the dashboard never needs (clause texts, progress, keys): left out of list queries. */
export const CARD_PROJECTION: Record<string, 0> = {
  ...Object.fromEntries(STANDARD_CLAUSE_FIELDS.map((field) => [`form.${field}`, 0])),
  searchText: 0,
  send: 0,
  finish: 0,
  headHash: 0,
  'events.hash': 0,
  'events.prevHash': 0,
  'events.data': 0,
};

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

/** ContractCardView of spec 2 §2.3/§2.4: dates as ISO strings. */
export function contractCardView(contract: StoredContract): ContractCardView {
  const form = contract.form;
  return {
    _id: String(contract._id),
    family: 'standard',
    summary: {
      title: agreementTitle(form.contractTitle, form.form_type),
      recipientName: form.full_name,
      recipientEmail: form.email,
      recipientPhone: form.contact_number ?? '',
      address: [form.site_address, form.city, form.state, form.zipcode].filter(Boolean).join(', '),
      senderEmail: form.csm_email,
    },
    token: contract.token,
    status: displayedContractStatus(contract.status),
    full_name: form.full_name,
    email: form.email,
    contact_number: form.contact_number ?? '',
    company_name: form.company_name ?? '',
    cc_email: form.cc_email ?? '',
    site_address: form.site_address ?? '',
    city: form.city ?? '',
    state: form.state ?? '',
    zipcode: form.zipcode ?? '',
    form_type: form.form_type ?? '',
    contractTitle: form.contractTitle ?? '',
    cost: form.cost,
    csm_email: form.csm_email,
    pm_email: form.pm_email ?? '',
    hsDealId: form.hsDealId ?? null,
    docLink: contract.docLink,
    signingLink: contract.signingLink,
    signedDocLink: contract.signedDocLink ?? null,
    voidDocLink: contract.voidDocLink ?? null,
    createdAt: iso(contract.createdAt),
    createdIp: contract.createdIp ?? null,
    viewedAt: iso(contract.viewedAt),
    viewedIp: contract.viewedIp ?? null,
    signatureSavedAt: iso(contract.signatureSavedAt),
    signatureSavedIp: contract.signatureSavedIp ?? null,
    signedAt: iso(contract.signedAt),
    signedIp: contract.signedIp ?? null,
    viewedTimes: contract.viewedTimes ?? 0,
    viewedByPhoneCount: contract.viewedByPhoneCount ?? 0,
    viewedByEmailCount: contract.viewedByEmailCount ?? 0,
    remindersAt: (contract.remindersAt ?? []).map((at) => new Date(at).toISOString()),
    isDeactiveReminder: Boolean(contract.isDeactiveReminder),
    reminderDeactivateTime: iso(contract.reminderDeactivateTime),
    isResend: Boolean(contract.isResend),
    isEditResend: Boolean(contract.isEditResend),
    resendAt: iso(contract.resendAt),
    editResendAt: iso(contract.editResendAt),
    history: (contract.events ?? []).map((event) => ({
      timestamp: new Date(event.at).toISOString(),
      type: event.type as AgreementEventType,
      title: eventTitle(event.type),
      status: event.status ?? '',
      userAgent: event.userAgent ?? null,
      performedBy: event.actor,
      ipAddress: event.ip ?? null,
    })),
    presence: contract.presence
      ? { active: contract.presence.active, at: new Date(contract.presence.at).toISOString() }
      : null,
  };
}
