import {
  CP_ROLE_LABELS,
  parseCpRoles,
  type SowFeeField,
  type SowTemplateSections,
} from '@prosign/domain';
import type { AgreementFamilyConfig } from '../agreement-family';

/**
 * A Scope-of-Work contract's own fields (spec 3 §3): the partner, the project,
 * the roles and their fees, timeline and site visit, and the edited template
 * sections. Everything else — status, history, reminders, signing — is the
 * agreement core's.
 */
export interface SowContractForm extends SowTemplateSections {
  cp_name: string;
  cp_email: string;
  cp_phone: string;
  /** Comma list of partner roles (`designer_cp,ose_cp`). */
  cp_roles: string;
  /** Comma list of PM users copied on the SOW. */
  cc_emails: string;
  project_type: string;
  project_id: string;
  project_address: string;
  project_overview: string;
  project_timeline: string;
  /** "YYYY-MM-DDTHH:mm", Pacific wall-clock; '' when no chosen role needs a visit. */
  site_visit_date_time: string;
  services_deliverables: string;
  payment_amount: number;
  pm_email: string;
  /** "YYYY-MM-DD". */
  effective_date: string;
  selectedCpId: string | null;
  selectedHSProjectId: string | null;
  fees: Partial<Record<SowFeeField, number>>;
}

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
