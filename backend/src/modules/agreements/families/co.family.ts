import type { CoFormFields } from '@prosign/domain';
import type { AgreementFamilyConfig } from '../agreement-family';

/**
 * A change order's own fields (spec 3 §3 "CO contract", `CoFormFields` in the
 * domain): the deal, its project and label, the client signatory, the change,
 * fee and payment terms (split amounts), the staff, and the edited template
 * texts. Everything else — status, history, reminders, signing — is the
 * agreement core's.
 */
export type ChangeOrderForm = CoFormFields;

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
