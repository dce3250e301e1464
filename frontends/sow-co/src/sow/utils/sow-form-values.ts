import {
  CP_ROLE_LABELS,
  feeFieldOf,
  feesForRoles,
  needsSiteVisit,
  normalizeSiteVisit,
  parseCpRoles,
  sowDocumentValues,
  sowFormErrors,
  sowFormFieldsOf,
  sowServicesText,
  type CpRole,
  type SendSignersRequest,
  type SowContractInput,
  type SowFeeField,
  type SowServicesTemplateView,
  type SowTimeline,
  type TimelineUnit,
} from '@prosign/domain';
import {
  countersignerProblem,
  emailCodeRequest,
  DEFAULT_SIGNING_ORDER,
  signerErrors,
  signersRequest,
  type SignerFieldPaths,
  type SignersFormValues,
} from '@prosign/ui/forms';
import { z } from 'zod';

/** The timeline as the form edits it: a number with a unit, or (unit `custom`) a date-time. */
export interface TimelineValues {
  amount: number | null;
  unit: TimelineUnit | 'custom';
  /** "YYYY-MM-DDTHH:mm", Pacific wall-clock time. */
  dateTime: string;
}

/** What the /sow form holds while the user fills it in (with the signers besides the partner). */
export interface SowFormValues extends SignersFormValues {
  templateName: string;
  project_id: string;
  project_address: string;
  project_type: string;
  project_overview: string;
  selectedHSProjectId: string;
  selectedCpId: string;
  blacklistConfirmed: boolean;
  cp_name: string;
  cp_email: string;
  cp_phone: string;
  cp_roles: CpRole[];
  fees: Partial<Record<SowFeeField, number | null>>;
  site_visit_date_time: string;
  timeline: TimelineValues;
  cc_emails: string[];
  pm_email: string;
  effective_date: string;
  services_deliverables: string;
}

export const EMPTY_SOW_FORM: SowFormValues = {
  templateName: '',
  project_id: '',
  project_address: '',
  project_type: '',
  project_overview: '',
  selectedHSProjectId: '',
  selectedCpId: '',
  blacklistConfirmed: false,
  cp_name: '',
  cp_email: '',
  cp_phone: '',
  cp_roles: [],
  fees: {},
  site_visit_date_time: '',
  timeline: { amount: null, unit: 'weeks', dateTime: '' },
  cc_emails: [],
  pm_email: '',
  effective_date: '',
  services_deliverables: '',
  additionalSigners: [],
  signingOrder: DEFAULT_SIGNING_ORDER,
  countersigner: null,
};

function timelineOf(values: TimelineValues): SowTimeline {
  return values.unit === 'custom'
    ? { kind: 'custom', dateTime: values.dateTime }
    : { kind: 'duration', amount: values.amount ?? '', unit: values.unit };
}

/** What create-contract and send-contract take of the form: the SOW's fields and its signers. */
export type SowRequestInput = SowContractInput & SendSignersRequest;

/**
 * The form as the server takes it (`SowContractInput`): only the chosen roles' fees, no empty
 * optionals; the additional signers and their order when there are any.
 */
export function sowInputOf(values: SowFormValues): SowRequestInput {
  const roles = parseCpRoles(values.cp_roles);
  const fees = feesForRoles(roles, values.fees) as SowContractInput['fees'];
  return {
    templateName: values.templateName,
    cp_name: values.cp_name.trim(),
    cp_email: values.cp_email.trim(),
    cp_phone: values.cp_phone.trim() || undefined,
    cp_roles: roles,
    fees: Object.fromEntries(
      Object.entries(fees).map(([field, fee]) => [field, fee ?? '']),
    ) as SowContractInput['fees'],
    cc_emails: values.cc_emails,
    project_type: values.project_type || undefined,
    project_id: values.project_id,
    project_address: values.project_address,
    project_overview: values.project_overview || undefined,
    timeline: timelineOf(values.timeline),
    site_visit_date_time: needsSiteVisit(roles) ? values.site_visit_date_time || null : null,
    services_deliverables: values.services_deliverables || undefined,
    pm_email: values.pm_email,
    effective_date: values.effective_date || null,
    selectedCpId: values.selectedCpId || null,
    selectedHSProjectId: values.selectedHSProjectId || null,
    blacklistConfirmed: values.blacklistConfirmed || undefined,
    ...signersRequest(
      values.additionalSigners ?? [],
      values.signingOrder ?? DEFAULT_SIGNING_ORDER,
      values.countersigner ?? null,
    ),
    ...emailCodeRequest(values.requireEmailCode),
  };
}

/** Where the /sow form shows the signer list's problems of the partner and the cc addresses. */
const SOW_SIGNER_PATHS: SignerFieldPaths<'cp_name' | 'cp_email' | 'cc_emails'> = {
  firstName: 'cp_name',
  firstEmail: 'cp_email',
  copy: () => 'cc_emails',
};

/**
 * The form's zod schema: every rule is the domain's (`sowFormErrors`, spec 3
 * §5), each message put under the field it names (`fees.ose_fee_test`, …).
 */
export const sowFormSchema = z.custom<SowFormValues>().superRefine((values, ctx) => {
  for (const { field, message } of sowFormErrors(sowInputOf(values))) {
    ctx.addIssue({ code: 'custom', path: field.split('.'), message });
  }
  // With additional signers: the domain's recipient-list rule, each problem beside its field.
  const partner = { name: values.cp_name, email: values.cp_email, phone: values.cp_phone };
  const rows = values.additionalSigners ?? [];
  const order = values.signingOrder ?? DEFAULT_SIGNING_ORDER;
  for (const { path, message } of signerErrors(
    partner,
    rows,
    order,
    values.cc_emails,
    SOW_SIGNER_PATHS,
  )) {
    ctx.addIssue({ code: 'custom', path: path ? path.split('.') : ['additionalSigners'], message });
  }
  const firm = countersignerProblem(values.countersigner ?? null);
  if (firm) ctx.addIssue({ code: 'custom', path: ['countersigner'], message: firm });
});

/** The chosen roles' services text as the server composes it (the domain's rule). */
export function servicesTextFor(
  template: SowServicesTemplateView | undefined,
  roles: readonly CpRole[],
): string {
  return template ? sowServicesText(template.services, roles) : '';
}

/**
 * The values the document's `$placeholders` take from this form (the domain's
 * `sowDocumentValues`, as the server fills the PDF), for the section previews;
 * empty ones are left out so their `$name` shows.
 */
export function placeholderValues(values: SowFormValues): Record<string, string> {
  const all = sowDocumentValues(sowFormFieldsOf(sowInputOf(values), ''));
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== ''));
}

/** Messages of a refused create or send, matched to the fields they are about (server texts). */
export function serverFieldMatchers(roles: readonly CpRole[]) {
  const matchers: Record<string, RegExp> = {
    project_id: /choose a project/i,
    project_address: /project has no address/i,
    cp_name: /partner’s name/i,
    cp_email: /(valid e-mail address|partner with the email .* already exists)/i,
    cp_roles: /partner role/i,
    site_visit_date_time: /site visit/i,
    timeline: /timeline/i,
    pm_email: /project manager\.$/i,
    cc_emails: /^Not an e-mail address/i,
    effective_date: /effective date/i,
  };
  for (const role of roles) {
    const label = CP_ROLE_LABELS[role].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    matchers[`fees.${feeFieldOf(role)}`] = new RegExp(`fee for ${label}\\b`);
  }
  return matchers;
}

/** A wall-clock "YYYY-MM-DDTHH:mm" as the picker's Date (the same digits on screen). */
export function wallClockToDate(value: string | null | undefined): Date | null {
  const visit = normalizeSiteVisit(value);
  if (!visit) return null;
  const [date, time] = visit.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  // setFullYear, not the constructor: it reads years 0–99 as 1900–1999, and a
  // year being typed passes through them ("2" → "20" → "202" → "2027").
  const moment = new Date(2000, month - 1, day, hour, minute);
  moment.setFullYear(year, month - 1, day);
  return moment;
}

/** The picker's Date as a wall-clock "YYYY-MM-DDTHH:mm" (read as Pacific time by the server). */
export function dateToWallClock(value: Date | null): string {
  if (!value) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  // Four-digit years, so a year half typed in the picker ("0202") round-trips.
  return `${String(value.getFullYear()).padStart(4, '0')}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(
    value.getHours(),
  )}:${pad(value.getMinutes())}`;
}
