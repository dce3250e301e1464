import {
  feeAmount,
  CO_FAMILY_DEFINITION,
  type CoCardView,
  type CoFormFields,
  type CoSigningView,
  type VerifyTokenResponse,
} from '@prosign/domain';
import {
  agreementCardCore,
  CARD_CORE_PROJECTION,
  type StoredAgreement,
} from '../agreement-card.view';
import type { AgreementFamilyRegistration, LinkedAgreement } from '../agreement-family';

/**
 * A change order's own fields (spec 3 §3 "CO contract", `CoFormFields` in the
 * domain): the deal, its project and label, the client signatory, the change,
 * fee and payment terms (split amounts), the staff, and the edited template
 * texts. Everything else — status, history, reminders, signing — is the
 * agreement core's.
 */
export type ChangeOrderForm = CoFormFields;

/** The template texts and the provisions: long, and never needed by a card. */
const CO_CARD_PROJECTION: Record<string, 0> = {
  ...CARD_CORE_PROJECTION,
  'form.template_start': 0,
  'form.template_change_order_acknowledgement': 0,
  'form.specifications_provisions': 0,
};

/** Change orders (spec 3): a client signatory signs; the CO deal moves on send and on sign. */
export const CO_FAMILY: AgreementFamilyRegistration<ChangeOrderForm, CoCardView> = {
  definition: CO_FAMILY_DEFINITION,
  mailedFields: {
    reviewLinkMail: ['signatory_email', 'signatory_name', 'project_address', 'project_id'],
    ccCopy: ['cc_emails'],
  },
  recipientFields: { reviewLinkMail: ['signatory_email'], ccCopy: ['cc_emails'] },
  list: { projection: CO_CARD_PROJECTION, cardView: (agreement) => coCardView(agreement) },
  parties: (form) => ({
    signerName: form.signatory_name,
    signerEmail: form.signatory_email,
    signerPhone: form.signatory_phone || null,
    copyTo: form.cc_emails
      .split(',')
      .map((email) => email.trim())
      .filter(Boolean),
    senderEmail: form.csm_email || form.pm_email,
  }),
  withSigner: (form, signer) => ({
    ...form,
    signatory_name: signer.name,
    signatory_email: signer.email,
    signatory_phone: signer.phone ?? '',
  }),
  title: (form) => `Change Order: ${form.project_address || form.project_id}`,
  fee: (form) => feeAmount(form.fee),
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
  // Its link mail (the `agreement-link` one) names the project.
  place: (form) => form.project_address || form.project_id,
  crm: { dealId: (form) => form.deal_id || null, projectId: () => null },
  signingView: (agreement, state) => coSigningView(agreement, state),
};

/** What the signatory's page shows of a change order: the signer core's state, the change and its fee. */
function coSigningView(
  co: LinkedAgreement<ChangeOrderForm>,
  state: VerifyTokenResponse,
): CoSigningView {
  return {
    ...state,
    customId: co.token,
    signatory_name: co.form.signatory_name,
    project_address: co.form.project_address || co.form.project_id,
    description: co.form.description,
    fee: co.form.fee,
    payment_terms: co.form.payment_terms,
    firstPayment: co.form.firstPayment ?? 0,
    secondPayment: co.form.secondPayment ?? 0,
  };
}

/** One change order under Show CO (spec 2 §2.3): the card core plus its own fields. */
function coCardView(agreement: StoredAgreement<ChangeOrderForm>): CoCardView {
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
