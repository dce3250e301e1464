/**
 * What a SOW's document says (spec 3 §3): the stored form built from what the
 * screen submitted, the services text of the chosen roles, and the values of
 * the document's `$placeholders`. The server fills the PDF with them; the
 * creation screen shows the same values in its section previews.
 */
import { CP_ROLE_LABELS } from './sow-rules';
import type { CpRole } from '../crm/crm-rules';
import { formatUsd } from '../money/money';
import { pacificDateOf } from '../time/pacific-time';
import type { SowContractInput } from './sow-api';
import {
  feeFieldOf,
  feesForRoles,
  feeValue,
  formatCalendarDate,
  formatTimeline,
  formatWallClock,
  joinCpRoles,
  needsSiteVisit,
  normalizeSiteVisit,
  parseCpRoles,
  sowTotalPayment,
  timelineError,
  type SowFeeField,
} from './sow-rules';

/** A SOW's own fields as stored (spec 3 §3), its template sections apart. */
export interface SowFormFields {
  cp_name: string;
  cp_email: string;
  cp_phone: string;
  /** Comma list of partner roles (`designer_cp,ose_cp`). */
  cp_roles: string;
  /** Comma list of PM users copied on the SOW. */
  cc_emails: string;
  project_type: string;
  project_id: string;
  project_address: string;
  project_overview: string;
  /** "3 weeks", "1 week" or a date-time; '' while the timeline is not valid. */
  project_timeline: string;
  /** "YYYY-MM-DDTHH:mm", Pacific wall-clock; '' when no chosen role needs a visit. */
  site_visit_date_time: string;
  services_deliverables: string;
  payment_amount: number;
  pm_email: string;
  /** "YYYY-MM-DD". */
  effective_date: string;
  selectedCpId: string | null;
  selectedHSProjectId: string | null;
  fees: Partial<Record<SowFeeField, number>>;
}

/** The services text of the chosen roles: one named paragraph each, in the roles' order. */
export function sowServicesText(
  services: Readonly<Partial<Record<CpRole, string>>>,
  roles: readonly CpRole[],
): string {
  return roles
    .map((role) => `${CP_ROLE_LABELS[role]}: ${services[role] ?? ''}`.trim())
    .join('\n\n');
}

/**
 * The stored fields from what the screen submitted: roles as the comma list,
 * only the chosen roles' fees, the total, the timeline and site visit as sent,
 * the services text (the typed one, else the template's for the roles).
 */
export function sowFormFieldsOf(
  input: SowContractInput,
  templateServices: string,
  now: Date = new Date(),
): SowFormFields {
  const roles = parseCpRoles(input.cp_roles);
  const fees: Partial<Record<SowFeeField, number>> = {};
  for (const [field, value] of Object.entries(feesForRoles(roles, input.fees ?? {}))) {
    fees[field as SowFeeField] = feeValue(value) ?? 0;
  }
  const text = (value: string | null | undefined) => value?.trim() ?? '';
  return {
    cp_name: text(input.cp_name),
    cp_email: text(input.cp_email).toLowerCase(),
    cp_phone: text(input.cp_phone),
    cp_roles: joinCpRoles(roles),
    cc_emails: [...new Set((input.cc_emails ?? []).map((e) => text(e).toLowerCase()))]
      .filter(Boolean)
      .join(','),
    project_type: text(input.project_type),
    project_id: text(input.project_id),
    project_address: text(input.project_address),
    project_overview: text(input.project_overview),
    project_timeline:
      input.timeline && !timelineError(input.timeline) ? formatTimeline(input.timeline) : '',
    site_visit_date_time: needsSiteVisit(roles)
      ? (normalizeSiteVisit(input.site_visit_date_time) ?? '')
      : '',
    services_deliverables: text(input.services_deliverables) || templateServices,
    payment_amount: sowTotalPayment(roles, fees),
    pm_email: text(input.pm_email).toLowerCase(),
    effective_date: input.effective_date || pacificDateOf(now),
    selectedCpId: input.selectedCpId || null,
    selectedHSProjectId: input.selectedHSProjectId || null,
    fees,
  };
}

/** The values of the SOW document template's `$placeholders`, from the stored fields. */
export function sowDocumentValues(form: SowFormFields): Record<string, string> {
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
    payment_amount: formatUsd(form.payment_amount),
    fee_breakdown: roles
      .map((role) => `- ${CP_ROLE_LABELS[role]}: ${formatUsd(form.fees[feeFieldOf(role)] ?? 0)}`)
      .join('\n'),
    pm_email: form.pm_email,
    effective_date: /^\d{4}-\d{2}-\d{2}$/.test(form.effective_date)
      ? formatCalendarDate(form.effective_date)
      : form.effective_date,
  };
}
