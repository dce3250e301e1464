import { standardContractValues as valuesOf } from '@prosign/domain';
import type { ContractFormDataDto } from '../dto/contract-form-data.dto';

/**
 * The placeholder values of a standard agreement, from its form data: the
 * domain's rule, which the clause editor also shows beside each placeholder.
 */
export function standardContractValues(
  form: ContractFormDataDto,
  agreementDate: Date,
): Record<string, string> {
  return valuesOf(form, agreementDate);
}
