import type { ChangeOrderLabel } from '@prosign/domain';
import type { AgreementFamilyConfig } from '../agreement-family';

/**
 * A change order's own fields (spec 3 §3 "CO contract"): the deal, its
 * project and label, the client signatory, the change, fee and payment terms
 * (split amounts), the staff, and the edited template texts. Everything else —
 * status, history, reminders, signing — is the agreement core's.
 */
export interface ChangeOrderForm {
  deal_id: string;
  /** The project's address text, as the screen shows it. */
  project_id: string;
  project_address: string;
  signatory_name: string;
  signatory_email: string;
  signatory_phone: string;
  description: string;
  fee: number;
  payment_terms: string;
  firstPayment: number;
  secondPayment: number;
  specifications_provisions: string;
  main_contract_signed_date: string | null;
  csm_email: string;
  pm_email: string;
  /** Comma-separated. */
  cc_emails: string;
  associationLabel: ChangeOrderLabel | null;
  coLabel: ChangeOrderLabel | null;
  notAvailableLabels: ChangeOrderLabel[];
  selectedHSSignatoryId: string | null;
  selectedHSProjectId: string | null;
  /** The copy of the deal that carries a split's second payment. */
  duplicateCoDealId: string | null;
  template_start?: string;
  template_change_order_acknowledgement?: string;
}

/** Change orders (spec 3): a client signatory signs; the CO deal moves on send and on sign. */
export const CO_FAMILY: AgreementFamilyConfig<ChangeOrderForm> = {
  family: 'co',
  documentKind: 'co',
  mailKeyPrefix: 'co',
  parties: (form) => ({
    signerName: form.signatory_name,
    signerEmail: form.signatory_email,
    copyTo: form.cc_emails
      .split(',')
      .map((email) => email.trim())
      .filter(Boolean),
    senderEmail: form.csm_email || form.pm_email,
  }),
  title: (form) => `Change Order: ${form.project_address || form.project_id}`,
  searchText: (form) =>
    [
      form.signatory_name,
      form.signatory_email,
      form.signatory_phone,
      form.project_address,
      form.deal_id,
      form.coLabel ?? form.associationLabel ?? '',
    ]
      .join(' ')
      .toLowerCase(),
  linkMail: ({ form, link, isReminder }) => ({
    kind: 'co-link',
    data: {
      signatoryName: form.signatory_name,
      projectAddress: form.project_address || form.project_id,
      link,
      isReminder,
    },
  }),
  crm: { dealId: (form) => form.deal_id || null, moveOnSend: true, moveOnSign: true },
  fileServiceProjectId: () => null,
};
