import type { SowCardView } from '@prosign/domain';
import {
  agreementCardCore,
  CARD_CORE_PROJECTION,
  SOW_FAMILY,
  type FamilyListView,
  type SowContractForm,
  type StoredAgreement,
} from '../agreements';

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

/** The SOW dashboard's list (`GET /api/sow/get-contracts`, spec 3 §2, §9). */
export const SOW_LIST_VIEW: FamilyListView<SowContractForm, SowCardView> = {
  family: 'sow',
  projection: SOW_CARD_PROJECTION,
  cardView: (agreement) => sowCardView(agreement),
};

export function sowCardView(agreement: StoredAgreement<SowContractForm>): SowCardView {
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
