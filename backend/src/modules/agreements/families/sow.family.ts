import {
  CP_ROLE_LABELS,
  parseCpRoles,
  type SowFormFields,
  type SowTemplateSections,
} from '@prosign/domain';
import type { AgreementFamilyConfig } from '../agreement-family';

/**
 * A Scope-of-Work contract's own fields (spec 3 §3, `SowFormFields` in the
 * domain) and its edited template sections. Everything else — status,
 * history, reminders, signing — is the agreement core's.
 */
export interface SowContractForm extends SowFormFields, SowTemplateSections {}

/** SOW contracts (spec 3): a community partner signs; no CRM deal moves; the signed PDF goes to the file service. */
export const SOW_FAMILY: AgreementFamilyConfig<SowContractForm> = {
  family: 'sow',
  documentKind: 'sow',
  mailKeyPrefix: 'sow',
  parties: (form) => ({
    signerName: form.cp_name,
    signerEmail: form.cp_email,
    copyTo: form.cc_emails
      .split(',')
      .map((email) => email.trim())
      .filter(Boolean),
    senderEmail: form.pm_email,
  }),
  title: (form) => `Scope of Work: ${form.project_address || form.project_id}`,
  searchText: (form) =>
    [
      form.cp_name,
      form.cp_email,
      form.project_address,
      form.project_id,
      ...parseCpRoles(form.cp_roles).map((role) => CP_ROLE_LABELS[role]),
    ]
      .join(' ')
      .toLowerCase(),
  linkMail: ({ form, link, isReminder }) => ({
    kind: 'sow-link',
    data: {
      partnerName: form.cp_name,
      projectAddress: form.project_address || form.project_id,
      link,
      isReminder,
    },
  }),
  crm: { dealId: () => null, moveOnSend: false, moveOnSign: false },
  fileServiceProjectId: (form) => form.selectedHSProjectId || null,
};
