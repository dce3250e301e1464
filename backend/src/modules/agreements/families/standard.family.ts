import { agreementTitle, contractSearchText } from '@prosign/domain';
import type { AgreementFamilyConfig } from '../agreement-family';

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

/** Standard contracts (spec 2): a client signs; the deal moves on send and on sign. */
export const STANDARD_FAMILY: AgreementFamilyConfig<StandardContractForm> = {
  family: 'standard',
  documentKind: 'standard',
  mailKeyPrefix: 'contract',
  parties: (form) => ({
    signerName: form.full_name,
    signerEmail: form.email,
    copyTo: form.cc_email ? [form.cc_email] : [],
    senderEmail: form.csm_email,
  }),
  title: (form) => agreementTitle(form.contractTitle, form.form_type),
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
  crm: { dealId: (form) => form.hsDealId || null, moveOnSend: true, moveOnSign: true },
  fileServiceProjectId: () => null,
};
