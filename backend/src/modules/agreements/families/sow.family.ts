import {
  feeAmount,
  CP_ROLE_LABELS,
  extractCrmRecordId,
  parseCpRoles,
  SOW_FAMILY_DEFINITION,
  type SowCardView,
  type SowFormFields,
  type SowSigningView,
  type SowTemplateSections,
  type VerifyTokenResponse,
} from '@prosign/domain';
import {
  agreementCardCore,
  CARD_CORE_PROJECTION,
  type StoredAgreement,
} from '../agreement-card.view';
import type { AgreementFamilyRegistration, LinkedAgreement } from '../agreement-family';

/**
 * A Scope-of-Work contract's own fields (spec 3 §3, `SowFormFields` in the
 * domain) and its edited template sections. Everything else — status,
 * history, reminders, signing — is the agreement core's.
 */
export interface SowContractForm extends SowFormFields, SowTemplateSections {}

/** The template sections: long, and never needed by a card. */
const SOW_CARD_PROJECTION: Record<string, 0> = {
  ...CARD_CORE_PROJECTION,
  'form.template_start': 0,
  'form.template_project_overview': 0,
  'form.template_services_and_deliverables': 0,
  'form.template_payment': 0,
  'form.template_scope_verification': 0,
  'form.template_prime_agreement': 0,
  'form.template_timeline': 0,
  'form.template_additional_work': 0,
  'form.template_governing_law': 0,
  'form.template_signature_text': 0,
  'form.template_footer_note': 0,
  'form.services_deliverables': 0,
};

/** SOW contracts (spec 3): a community partner signs; the CRM record is the project's; the signed PDF goes to the file service. */
export const SOW_FAMILY: AgreementFamilyRegistration<SowContractForm, SowCardView> = {
  definition: SOW_FAMILY_DEFINITION,
  mailedFields: {
    reviewLinkMail: ['cp_email', 'cp_name', 'project_address', 'pm_email'],
    ccCopy: ['cc_emails'],
  },
  recipientFields: { reviewLinkMail: ['cp_email'], ccCopy: ['cc_emails'] },
  list: { projection: SOW_CARD_PROJECTION, cardView: (agreement) => sowCardView(agreement) },
  parties: (form) => ({
    signerName: form.cp_name,
    signerEmail: form.cp_email,
    signerPhone: form.cp_phone || null,
    copyTo: form.cc_emails
      .split(',')
      .map((email) => email.trim())
      .filter(Boolean),
    senderEmail: form.pm_email,
  }),
  withSigner: (form, signer) => ({
    ...form,
    cp_name: signer.name,
    cp_email: signer.email,
    cp_phone: signer.phone ?? '',
  }),
  title: (form) => `Scope of Work: ${form.project_address || form.project_id}`,
  fee: (form) => feeAmount(form.payment_amount),
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
  // Its link mail (the `agreement-link` one) names the project.
  place: (form) => form.project_address || form.project_id,
  // No deal: its events are written on its project (the community partner's).
  crm: {
    dealId: () => null,
    projectId: (form) => extractCrmRecordId(form.selectedHSProjectId || form.project_id || ''),
  },
  fileServiceProjectId: (form) => form.selectedHSProjectId || null,
  signingView: (agreement, state) => sowSigningView(agreement, state),
};

/** What the partner's page shows of a SOW: the signer core's state, the partner, project and amount. */
function sowSigningView(
  sow: LinkedAgreement<SowContractForm>,
  state: VerifyTokenResponse,
): SowSigningView {
  return {
    ...state,
    customId: sow.token,
    cp_name: sow.form.cp_name,
    project_address: sow.form.project_address,
    payment_amount: sow.form.payment_amount,
    effective_date: sow.form.effective_date,
  };
}

/** One SOW on its dashboard (spec 3 §2, §9): the card core plus its own fields. */
function sowCardView(agreement: StoredAgreement<SowContractForm>): SowCardView {
  const form = agreement.form;
  const parties = SOW_FAMILY.parties(form);
  return {
    ...agreementCardCore(agreement, {
      title: SOW_FAMILY.title(form),
      recipientName: form.cp_name,
      recipientEmail: form.cp_email,
      recipientPhone: form.cp_phone ?? '',
      address: form.project_address,
      senderEmail: parties.senderEmail,
    }),
    family: 'sow',
    customId: agreement.token,
    cp_name: form.cp_name,
    cp_email: form.cp_email,
    cp_phone: form.cp_phone ?? '',
    cp_roles: form.cp_roles,
    cc_emails: form.cc_emails,
    project_type: form.project_type ?? '',
    project_id: form.project_id,
    project_address: form.project_address,
    project_timeline: form.project_timeline,
    site_visit_date_time: form.site_visit_date_time ?? '',
    payment_amount: form.payment_amount,
    pm_email: form.pm_email,
    effective_date: form.effective_date,
  };
}
