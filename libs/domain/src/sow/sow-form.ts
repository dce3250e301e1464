/**
 * The whole SOW form check (spec 3 §5): what the creation screen shows beside
 * each field and what the server refuses with 400, from the rules in
 * sow-rules.ts. One list of field errors, so both show the same words.
 */
import { isEmailAddress } from '../address/email-address';
import { isCpRole } from '../crm/crm-rules';
import type { SowContractInput } from './sow-api';
import { feeFieldOf, siteVisitError, sowFeeError, timelineError } from './sow-rules';

export interface SowFieldError {
  /** The form field (`cp_email`, `fees.ose_fee_test`, `site_visit_date_time`, …). */
  field: string;
  message: string;
}

const isIsoDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
};

/** Every problem of a SOW form, in screen order; empty when it may be created and sent. */
export function sowFormErrors(form: SowContractInput, now: Date = new Date()): SowFieldError[] {
  const errors: SowFieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  const text = (value: unknown) => String(value ?? '').trim();

  if (!text(form.project_id)) add('project_id', 'Search and choose a project.');
  if (!text(form.project_address)) add('project_address', 'The project has no address.');
  if (!text(form.cp_name)) add('cp_name', 'Enter the community partner’s name.');
  if (!isEmailAddress(form.cp_email)) add('cp_email', 'Enter a valid e-mail address.');

  const roles = Array.isArray(form.cp_roles) ? form.cp_roles : [];
  const unknown = roles.filter((role) => !isCpRole(role));
  if (roles.length === 0) add('cp_roles', 'Choose at least one partner role.');
  else if (unknown.length) add('cp_roles', `Unknown partner role: ${unknown.join(', ')}.`);
  const known = roles.filter(isCpRole);
  for (const role of known) {
    const field = feeFieldOf(role);
    const problem = sowFeeError(role, form.fees?.[field]);
    if (problem) add(`fees.${field}`, problem);
  }

  const visit = siteVisitError(known, form.site_visit_date_time, now);
  if (visit) add('site_visit_date_time', visit);
  const timeline = timelineError(form.timeline);
  if (timeline) add('timeline', timeline);

  if (!isEmailAddress(form.pm_email)) add('pm_email', 'Choose the project manager.');
  const badCc = (form.cc_emails ?? []).filter((email) => !isEmailAddress(email));
  if (badCc.length) add('cc_emails', `Not an e-mail address: ${badCc.join(', ')}.`);
  if (form.effective_date && !isIsoDate(form.effective_date)) {
    add('effective_date', 'Enter a valid effective date.');
  }
  return errors;
}
