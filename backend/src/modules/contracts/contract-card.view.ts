import {
  agreementTitle,
  balanceOf,
  displayedContractStatus,
  invoiceDetailsOf,
  type ContractCardView,
  type ContractInvoiceFields,
} from '@prosign/domain';
import { agreementCardCore, CARD_CORE_PROJECTION } from '../agreements';
import { STANDARD_CLAUSE_FIELDS, type StoredStandardAgreement } from './standard-contract.form';

/** A stored standard agreement as a lean query returns it. */
export type StoredContract = StoredStandardAgreement & { _id: unknown };

/** Fields the dashboard never needs (clause texts, progress, keys): left out of list queries. */
export const CARD_PROJECTION: Record<string, 0> = {
  ...Object.fromEntries(STANDARD_CLAUSE_FIELDS.map((field) => [`form.${field}`, 0])),
  ...CARD_CORE_PROJECTION,
};

/** ContractCardView of spec 2 §2.3/§2.4: dates as ISO strings. */
export function contractCardView(
  contract: StoredContract,
): ContractCardView & ContractInvoiceFields {
  const form = contract.form;
  return {
    ...agreementCardCore(
      contract,
      {
        title: agreementTitle(form.contractTitle, form.form_type),
        recipientName: form.full_name,
        recipientEmail: form.email,
        recipientPhone: form.contact_number ?? '',
        address: [form.site_address, form.city, form.state, form.zipcode]
          .filter(Boolean)
          .join(', '),
        senderEmail: form.csm_email,
      },
      displayedContractStatus(contract.status),
    ),
    status: displayedContractStatus(contract.status),
    family: 'standard',
    token: contract.token,
    full_name: form.full_name,
    email: form.email,
    contact_number: form.contact_number ?? '',
    company_name: form.company_name ?? '',
    cc_email: form.cc_email ?? '',
    site_address: form.site_address ?? '',
    city: form.city ?? '',
    state: form.state ?? '',
    zipcode: form.zipcode ?? '',
    form_type: form.form_type ?? '',
    contractTitle: form.contractTitle ?? '',
    cost: form.cost,
    deposit: form.deposit ?? 0,
    progress: form.progress ?? 0,
    balance:
      form.balance ??
      balanceOf({ cost: form.cost, deposit: form.deposit, progress: form.progress }),
    csm_email: form.csm_email,
    pm_email: form.pm_email ?? '',
    hsDealId: form.hsDealId ?? null,
    invoiceDetails: invoiceDetailsOf({
      _id: contract._id,
      token: contract.token,
      amounts: form,
      invoices: contract.invoices,
    }),
  };
}
