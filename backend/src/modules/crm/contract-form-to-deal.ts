import { joinMultiValue } from '@prosign/domain';
import type { ContractFormDataDto } from './dto/contract-form-data.dto';

/**
 * Deal properties written from a contract form ("update all", spec 2 §7).
 * Only fields the form actually carries are written; the CSM e-mail is
 * resolved to an owner id by the caller.
 */
export function dealPropertiesFromContractForm(
  form: ContractFormDataDto,
  addressProperty: string,
): Record<string, string> {
  const properties: Record<string, string> = {};
  const put = (name: string, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') properties[name] = value.trim();
  };
  put('amount', form.cost);
  put('deposit_amount', form.deposit);
  put('progress_amount', form.progress);
  put('balance_amount', form.balance);
  put(addressProperty, form.site_address);
  put('city', form.city);
  put('state', form.state);
  put('zip', form.zipcode);
  if (form.project_type !== undefined && form.project_type !== null) {
    const types = Array.isArray(form.project_type)
      ? form.project_type
      : form.project_type.split(';');
    put('project_type', joinMultiValue(types.map(String)));
  }
  return properties;
}

/** "Jane Q. Doe" → first and last name (middle parts go to the first name's side). */
export function splitFullName(fullName: string | undefined): {
  firstname?: string;
  lastname?: string;
} {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return {};
  if (parts.length === 1) return { firstname: parts[0] };
  return { firstname: parts.slice(0, -1).join(' '), lastname: parts[parts.length - 1] };
}
