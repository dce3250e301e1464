import {
  feeAmount,
  agreementTitle,
  balanceOf,
  contractSearchText,
  displayedContractStatus,
  invoiceDetailsOf,
  STANDARD_FAMILY_DEFINITION,
  type ContractCardView,
  type ContractInvoiceFields,
} from '@prosign/domain';
import {
  agreementCardCore,
  CARD_CORE_PROJECTION,
  type StoredAgreement,
} from '../agreement-card.view';
import type { AgreementFamilyRegistration } from '../agreement-family';

/**
 * The standard contract's own fields (spec 2 §3): what its creation form and
 * send save under the agreement's `form`. Everything else — status, history,
 * reminders, signing — is the agreement core's.
 */
export interface StandardContractForm {
  full_name: string;
  email: string;
  company_name: string;
  contact_number: string;
  cc_email: string;
  site_address: string;
  city: string;
  state: string;
  zipcode: string;
  cost: number;
  deposit: number;
  progress: number;
  balance: number;
  csm_email: string;
  pm_email: string;
  form_type: string;
  t24ReportCount: number;
  contractIntro: string;
  contractTitle: string;
  contractEngineerBasicService: string;
  contractEngineerAddService: string;
  contractDescription: string;
  contractPayment: string;
  contractLicense: string;
  contractTermsAndConditions: string;
  hsDealId: string | null;
}

/** The clause texts: long, and never needed by a list card. */
export const STANDARD_CLAUSE_FIELDS = [
  'contractIntro',
  'contractEngineerBasicService',
  'contractEngineerAddService',
  'contractDescription',
  'contractPayment',
  'contractLicense',
  'contractTermsAndConditions',
] as const satisfies readonly (keyof StandardContractForm)[];

/** Fields the dashboard never needs (clause texts, progress, keys): left out of list queries. */
const STANDARD_CARD_PROJECTION: Record<string, 0> = {
  ...Object.fromEntries(STANDARD_CLAUSE_FIELDS.map((field) => [`form.${field}`, 0])),
  ...CARD_CORE_PROJECTION,
};

/** Standard contracts (spec 2): a client signs; the deal moves on send and on sign. */
export const STANDARD_FAMILY: AgreementFamilyRegistration<
  StandardContractForm,
  ContractCardView & ContractInvoiceFields
> = {
  // Signed on spec 1's token page (the definition's `token` kind): the default link.
  definition: STANDARD_FAMILY_DEFINITION,
  mailedFields: { reviewLinkMail: ['email', 'full_name', 'csm_email'], ccCopy: ['cc_email'] },
  recipientFields: { reviewLinkMail: ['email'], ccCopy: ['cc_email'] },
  list: {
    projection: STANDARD_CARD_PROJECTION,
    cardView: (agreement) => contractCardView(agreement),
  },
  mailKeyPrefix: 'contract',
  parties: (form) => ({
    signerName: form.full_name,
    signerEmail: form.email,
    signerPhone: form.contact_number || null,
    copyTo: form.cc_email ? [form.cc_email] : [],
    senderEmail: form.csm_email,
  }),
  withSigner: (form, signer) => ({
    ...form,
    full_name: signer.name,
    email: signer.email,
    contact_number: signer.phone ?? '',
  }),
  title: (form) => agreementTitle(form.contractTitle, form.form_type),
  fee: (form) => feeAmount(form.cost),
  searchText: (form) => contractSearchText(form),
  linkMail: ({ form, link, senderEmail, isReminder, subject }) =>
    isReminder
      ? {
          kind: 'reminder',
          data: {
            recipientName: form.full_name,
            agreementTitle: STANDARD_FAMILY.title(form),
            link,
            senderEmail,
          },
        }
      : {
          kind: 'signing-link',
          data: {
            recipientName: form.full_name,
            agreementTitle: STANDARD_FAMILY.title(form),
            link,
            senderEmail,
            ...(subject ? { subject } : {}),
          },
        },
  crm: { dealId: (form) => form.hsDealId || null, projectId: () => null },
};

/** ContractCardView of spec 2 §2.3/§2.4: dates as ISO strings. */
function contractCardView(
  contract: StoredAgreement<StandardContractForm>,
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
