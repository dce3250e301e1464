import {
  CP_ROLE_FEE_FIELDS,
  parseCpRoles,
  STORAGE_KEYS,
  TIMELINE_UNITS,
  type ClientSignatoryView,
  type Recipient,
} from '@prosign/domain';
import { emailCodeFieldOf, signersFormOf } from '@prosign/ui/forms';
import {
  clearDrafts,
  draftList as list,
  draftText as text,
  readDraft as read,
  writeDraft,
} from '../../shared/draft-storage';
import { EMPTY_SOW_FORM, type SowFormValues, type TimelineValues } from './sow-form-values';

/** The partner chosen on /sow (spec 3 §3 `selectedCpData`), kept while the screen is open. */
export interface StoredPartner {
  contact: ClientSignatoryView;
  blacklisted: boolean;
}

export function loadSelectedPartner(): StoredPartner | null {
  const stored = read(STORAGE_KEYS.selectedCpData) as StoredPartner | null;
  return stored && typeof stored === 'object' && stored.contact?.id ? stored : null;
}

export function saveSelectedPartner(partner: StoredPartner | null) {
  writeDraft(STORAGE_KEYS.selectedCpData, partner);
}

/** Forgets the screen's drafts once a SOW is sent (spec 3 §4). */
export function clearSowDrafts() {
  clearDrafts(STORAGE_KEYS.selectedCpData, STORAGE_KEYS.editAndResendSowContractData);
}

/** "3 weeks", "1 week", or a custom date-time text → the form's timeline. */
function timelineFrom(value: unknown): TimelineValues {
  if (value && typeof value === 'object') {
    const timeline = value as { kind?: string; amount?: unknown; unit?: string; dateTime?: string };
    if (timeline.kind === 'custom') {
      return { amount: null, unit: 'custom', dateTime: text(timeline.dateTime) };
    }
    const unit = TIMELINE_UNITS.find((candidate) => candidate === timeline.unit) ?? 'weeks';
    const amount = Number(timeline.amount);
    return { amount: Number.isFinite(amount) ? amount : null, unit, dateTime: '' };
  }
  const match = /^(\d+)\s+(day|week|month)s?$/i.exec(text(value).trim());
  if (!match) return EMPTY_SOW_FORM.timeline;
  const unit = `${match[2].toLowerCase()}s` as TimelineValues['unit'];
  return { amount: Number(match[1]), unit, dateTime: '' };
}

/** The saved SOW an Edit and Resend starts from (spec 3 §4), if the dashboard left one. */
export interface ResendDraft {
  replacesId: string;
  values: Partial<SowFormValues>;
}

export function loadResendDraft(): ResendDraft | null {
  const saved = read(STORAGE_KEYS.editAndResendSowContractData) as Record<string, unknown> | null;
  if (!saved || typeof saved !== 'object') return null;
  const replacesId = text(saved._id ?? saved.id ?? saved.replacesId);
  if (!replacesId) return null;
  const roles = parseCpRoles(list(saved.cp_roles));
  const storedFees = (saved.fees ?? {}) as Record<string, unknown>;
  const fees: SowFormValues['fees'] = {};
  for (const role of roles) {
    const field = CP_ROLE_FEE_FIELDS[role];
    const fee = Number(storedFees[field] ?? saved[field]);
    fees[field] = Number.isFinite(fee) ? fee : null;
  }
  const visit = text(saved.site_visit_date_time);
  return {
    replacesId,
    values: {
      project_id: text(saved.project_id),
      project_address: text(saved.project_address),
      project_type: text(saved.project_type),
      project_overview: text(saved.project_overview),
      selectedHSProjectId: text(saved.selectedHSProjectId),
      selectedCpId: text(saved.selectedCpId),
      cp_name: text(saved.cp_name),
      cp_email: text(saved.cp_email),
      cp_phone: text(saved.cp_phone),
      cp_roles: roles,
      fees,
      site_visit_date_time: visit,
      timeline: timelineFrom(saved.timeline ?? saved.project_timeline),
      cc_emails: list(saved.cc_emails),
      pm_email: text(saved.pm_email),
      effective_date: text(saved.effective_date).slice(0, 10),
      services_deliverables: text(saved.services_deliverables),
      // The replaced SOW's other signers (the dashboard keeps its card's recipients).
      ...signersFormOf(Array.isArray(saved.recipients) ? (saved.recipients as Recipient[]) : []),
      ...emailCodeFieldOf(saved.requireEmailCode),
    },
  };
}
