import {
  CP_ROLE_LABELS,
  feeFieldOf,
  feesForRoles,
  feeValue,
  formatCalendarDate,
  formatSowAmount,
  formatTimeline,
  formatWallClock,
  joinCpRoles,
  needsSiteVisit,
  normalizeSiteVisit,
  pacificDateOf,
  parseCpRoles,
  revertPlaceholderPreviews,
  SOW_SECTION_KEYS,
  sowTotalPayment,
  type SowContractInput,
  type SowFeeField,
} from '@prosign/domain';
import type { SowContractForm } from '../agreements';

/**
 * The stored SOW form from what the screen submitted (already checked with
 * `sowFormErrors`): roles as the comma list, only the chosen roles' fees, the
 * total, the timeline and site visit as sent, the edited sections with their
 * `<<$name:…>>` previews reverted.
 */
export function sowFormOf(
  input: SowContractInput,
  services: string,
  now: Date = new Date(),
): SowContractForm {
  const roles = parseCpRoles(input.cp_roles);
  const fees: Partial<Record<SowFeeField, number>> = {};
  for (const [field, value] of Object.entries(feesForRoles(roles, input.fees ?? {}))) {
    fees[field as SowFeeField] = feeValue(value) ?? 0;
  }
  const sections: Partial<SowContractForm> = {};
  for (const key of SOW_SECTION_KEYS) {
    const text = input.sections?.[key];
    if (typeof text === 'string' && text.trim()) sections[key] = revertPlaceholderPreviews(text);
  }
  return {
    cp_name: input.cp_name.trim(),
    cp_email: input.cp_email.trim().toLowerCase(),
    cp_phone: input.cp_phone?.trim() ?? '',
    cp_roles: joinCpRoles(roles),
    cc_emails: [...new Set(input.cc_emails.map((e) => e.trim().toLowerCase()))].join(','),
    project_type: input.project_type?.trim() ?? '',
    project_id: input.project_id.trim(),
    project_address: input.project_address.trim(),
    project_overview: input.project_overview?.trim() ?? '',
    project_timeline: formatTimeline(input.timeline),
    site_visit_date_time: needsSiteVisit(roles)
      ? (normalizeSiteVisit(input.site_visit_date_time) ?? '')
      : '',
    services_deliverables: input.services_deliverables?.trim() || services,
    payment_amount: sowTotalPayment(roles, fees),
    pm_email: input.pm_email.trim().toLowerCase(),
    effective_date: input.effective_date || pacificDateOf(now),
    selectedCpId: input.selectedCpId || null,
    selectedHSProjectId: input.selectedHSProjectId || null,
    fees,
    ...sections,
  };
}

/** The `$placeholders` of the SOW document template, filled from a stored form. */
export function sowDocumentValues(form: SowContractForm): Record<string, string> {
  const roles = parseCpRoles(form.cp_roles);
  return {
    cp_name: form.cp_name,
    cp_email: form.cp_email,
    cp_phone: form.cp_phone || 'no phone given',
    cp_roles: roles.map((role) => CP_ROLE_LABELS[role]).join(', '),
    project_type: form.project_type || 'Engineering',
    project_id: form.project_id,
    project_address: form.project_address,
    project_overview: form.project_overview,
    project_timeline: form.project_timeline,
    site_visit_date_time: form.site_visit_date_time
      ? `${formatWallClock(form.site_visit_date_time)} (Pacific time)`
      : 'not part of this SOW',
    services_deliverables: form.services_deliverables,
    payment_amount: formatSowAmount(form.payment_amount),
    fee_breakdown: roles
      .map(
        (role) => `- ${CP_ROLE_LABELS[role]}: ${formatSowAmount(form.fees[feeFieldOf(role)] ?? 0)}`,
      )
      .join('\n'),
    pm_email: form.pm_email,
    effective_date: formatCalendarDate(form.effective_date),
  };
}
