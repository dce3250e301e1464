import {
  agreementTitle,
  displayedContractStatus,
  eventTitle,
  type AgreementEventType,
  type ContractCardView,
} from '@prosign/domain';
import type { Contract } from './contract.schema';

/** A stored contract as a lean query returns it. */
export type StoredContract = Contract & { _id: unknown };

/** Fields the dashboard never needs (clause texts, send progress): left out of list queries. */
export const CARD_PROJECTION = {
  contractIntro: 0,
  contractEngineerBasicService: 0,
  contractEngineerAddService: 0,
  contractDescription: 0,
  contractPayment: 0,
  contractLicense: 0,
  contractTermsAndConditions: 0,
  searchText: 0,
  send: 0,
} as const;

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

/** ContractCardView of spec 2 §2.3/§2.4: dates as ISO strings. */
export function contractCardView(contract: StoredContract): ContractCardView {
  return {
    _id: String(contract._id),
    family: 'standard',
    summary: {
      title: agreementTitle(contract.contractTitle, contract.form_type),
      recipientName: contract.full_name,
      recipientEmail: contract.email,
      recipientPhone: contract.contact_number ?? '',
      address: [contract.site_address, contract.city, contract.state, contract.zipcode]
        .filter(Boolean)
        .join(', '),
      senderEmail: contract.csm_email,
    },
    token: contract.token,
    status: displayedContractStatus(contract.status),
    full_name: contract.full_name,
    email: contract.email,
    contact_number: contract.contact_number ?? '',
    company_name: contract.company_name ?? '',
    cc_email: contract.cc_email ?? '',
    site_address: contract.site_address ?? '',
    city: contract.city ?? '',
    state: contract.state ?? '',
    zipcode: contract.zipcode ?? '',
    form_type: contract.form_type ?? '',
    contractTitle: contract.contractTitle ?? '',
    cost: contract.cost,
    csm_email: contract.csm_email,
    pm_email: contract.pm_email ?? '',
    hsDealId: contract.hsDealId ?? null,
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
    history: (contract.history ?? []).map((entry) => ({
      timestamp: new Date(entry.timestamp).toISOString(),
      type: entry.status as AgreementEventType,
      title: eventTitle(entry.status),
      status: entry.status,
      userAgent: null,
      performedBy: entry.performedBy,
      ipAddress: entry.ipAddress ?? null,
    })),
    presence: contract.presence
      ? { active: contract.presence.active, at: new Date(contract.presence.at).toISOString() }
      : null,
  };
}
