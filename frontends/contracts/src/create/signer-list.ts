import type { SigningOrder } from '@prosign/domain';
import {
  signerErrors,
  type PlacedSignerError,
  type SignerFieldPaths,
  type SignerRow,
} from '@prosign/ui/forms';

/*
 * Several signers on a standard contract: the shared list rule
 * (`signerErrors` of @prosign/ui/forms, the domain's recipient-list rule) on this
 * form's own signer and cc address, each problem placed on this form's fields.
 */

/** What of the contract form the signer check reads. */
export interface SignerFormPart {
  full_name: string;
  email: string;
  contact_number: string;
  additional_email: string;
}

/** The contract form's own fields a signer problem can be placed on. */
type ContractSignerField = 'form.full_name' | 'form.email' | 'form.additional_email';

/** Where the contract form shows problems of its own signer and of the cc address. */
const CONTRACT_SIGNER_PATHS: SignerFieldPaths<ContractSignerField> = {
  firstName: 'form.full_name',
  firstEmail: 'form.email',
  copy: () => 'form.additional_email',
};

/** The signers' problems of a contract form, each beside its field (none without additional signers). */
export function contractSignerErrors(
  form: SignerFormPart,
  rows: readonly SignerRow[],
  order: SigningOrder,
): PlacedSignerError<ContractSignerField>[] {
  const cc = form.additional_email.trim();
  return signerErrors(
    { name: form.full_name, email: form.email, phone: form.contact_number },
    rows,
    order,
    cc ? [cc] : [],
    CONTRACT_SIGNER_PATHS,
  );
}
