import {
  formatPacificDate,
  formatUsd,
  paymentClauseText,
  title24ClauseText,
} from '@prosign/domain';
import type { ContractFormDataDto } from '../dto/contract-form-data.dto';

/**
 * The placeholder values of a standard agreement, from its form data. Clause
 * texts come from libs/domain so the preview, the editor and the PDF agree.
 */
export function standardContractValues(
  form: ContractFormDataDto,
  agreementDate: Date,
): Record<string, string> {
  const progress = form.progress ?? 0;
  const balance = form.balance ?? Math.max(0, form.cost - form.deposit - progress);
  const stateZip = [form.state, form.zipcode].filter(Boolean).join(' ');
  const fullAddress = [form.site_address, form.city, stateZip]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  const fullName = form.full_name.trim();
  return {
    agreement_date: formatPacificDate(agreementDate),
    full_name: fullName,
    first_name: form.first_name ?? fullName.split(/\s+/)[0],
    last_name: form.last_name ?? fullName.split(/\s+/).slice(-1)[0],
    client_name: form.company_name?.trim() || fullName,
    company_name: form.company_name ?? '',
    email: form.email,
    contact_number: form.contact_number?.trim() || 'phone not provided',
    site_address: form.site_address,
    city: form.city ?? '',
    state: form.state ?? '',
    zipcode: form.zipcode ?? '',
    full_address: fullAddress,
    project_type: form.project_type?.trim() || 'engineering',
    service_type: form.serviceType?.trim() || 'engineering services',
    csm_email: form.csm_email,
    pm_email: form.pm_email ?? form.csm_email,
    hs_deal_id: form.hs_deal_id ?? '',
    cost: formatUsd(form.cost),
    deposit: formatUsd(form.deposit),
    progress: formatUsd(progress),
    balance: formatUsd(balance),
    payment_clause: paymentClauseText({
      cost: form.cost,
      deposit: form.deposit,
      progress,
      balance,
    }),
    title_report_clause: title24ClauseText(form.t24ReportCount),
    report_count: String(form.t24ReportCount),
  };
}
