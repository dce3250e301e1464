import type { CoCardView } from '@prosign/domain';
import {
  agreementCardCore,
  CARD_CORE_PROJECTION,
  CO_FAMILY,
  type ChangeOrderForm,
  type FamilyListView,
  type StoredAgreement,
} from '../agreements';

/** The template texts and the provisions: long, and never needed by a card. */
const CO_CARD_PROJECTION: Record<string, 0> = {
  ...CARD_CORE_PROJECTION,
  'form.template_start': 0,
  'form.template_change_order_acknowledgement': 0,
  'form.specifications_provisions': 0,
};

/** One change order under Show CO (spec 2 §2.3): the card core plus its own fields. */
export function coCardView(agreement: StoredAgreement<ChangeOrderForm>): CoCardView {
  const form = agreement.form;
  const parties = CO_FAMILY.parties(form);
  return {
    ...agreementCardCore(agreement, {
      title: CO_FAMILY.title(form),
      recipientName: form.signatory_name,
      recipientEmail: form.signatory_email,
      recipientPhone: form.signatory_phone ?? '',
      address: form.project_address || form.project_id,
      senderEmail: parties.senderEmail,
    }),
    family: 'co',
    customId: agreement.token,
    deal_id: form.deal_id,
    project_id: form.project_id,
    project_address: form.project_address,
    signatory_name: form.signatory_name,
    signatory_email: form.signatory_email,
    signatory_phone: form.signatory_phone ?? '',
    description: form.description,
    fee: form.fee,
    payment_terms: form.payment_terms,
    firstPayment: form.firstPayment ?? 0,
    secondPayment: form.secondPayment ?? 0,
    main_contract_signed_date: form.main_contract_signed_date ?? null,
    csm_email: form.csm_email,
    pm_email: form.pm_email ?? '',
    cc_emails: form.cc_emails ?? '',
    coLabel: form.coLabel ?? form.associationLabel ?? null,
    duplicateCoDealId: form.duplicateCoDealId ?? null,
  };
}

/** Show CO's list (`GET /api/co/get-contracts`, spec 2 §7 "Change-order family"). */
export const CO_LIST_VIEW: FamilyListView<ChangeOrderForm, CoCardView> = {
  family: 'co',
  projection: CO_CARD_PROJECTION,
  cardView: (agreement) => coCardView(agreement),
};
