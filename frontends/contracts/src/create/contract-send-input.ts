// A draft of the creation screen as the API takes it (create-contract, send) and a stored
// contract back as a draft (edit and resend).
import {
  amountText,
  amountValue,
  type ContractRecordInput,
  type CreateContractRequest,
  type SendContractInput,
} from '@prosign/domain';
import {
  emailCodeFieldOf,
  signersFormOf,
  signersRequest,
  emailCodeRequest,
} from '@prosign/ui/forms';
import { EMPTY_DRAFT, EMPTY_FORM, type Clauses, type ContractDraft } from './contract-draft';

/** The contract form data of spec 2 §3 sent with `create-contract` (and the CRM updates). */
export function contractFormData(draft: ContractDraft, clauses?: Clauses | null) {
  const [first_name = '', ...rest] = draft.form.full_name.trim().split(/\s+/);
  const last_name = rest.length ? rest[rest.length - 1] : '';
  const middle_name = rest.slice(0, -1).join(' ');
  return {
    ...draft.form,
    cost: amountValue(draft.form.cost),
    deposit: amountValue(draft.form.deposit),
    progress: amountValue(draft.form.progress),
    balance: amountValue(draft.form.balance),
    fullNameOptions: draft.fullNameOptions,
    t24ReportCount: Number(draft.t24ReportCount || 0),
    serviceType: draft.serviceType,
    search_term: draft.search_term,
    first_name,
    middle_name,
    last_name,
    ...(clauses ? { contract_data: clauses } : {}),
  };
}

/**
 * The send request: the contract record of spec 2 §3 with the clause texts
 * under their record names, and the additional signers with their order when
 * there are any (without, the body is what it always was).
 */
export function sendInput(
  draft: ContractDraft,
  docLink: string,
  clauses: Clauses,
): SendContractInput {
  const f = draft.form;
  return {
    docLink,
    full_name: f.full_name.trim(),
    email: f.email.trim(),
    company_name: f.company_name ?? '',
    contact_number: f.contact_number,
    cc_email: f.additional_email.trim(),
    site_address: f.site_address,
    city: f.city,
    state: f.state,
    zipcode: f.zipcode,
    cost: amountValue(f.cost),
    deposit: amountValue(f.deposit),
    progress: amountValue(f.progress),
    balance: amountValue(f.balance),
    csm_email: f.csm_email,
    pm_email: f.pm_email,
    form_type: draft.serviceType,
    t24ReportCount: Number(draft.t24ReportCount || 0),
    contractIntro: clauses.start,
    contractTitle: clauses.agreementTitle,
    contractEngineerBasicService: clauses.engineerBasicService,
    contractEngineerAddService: clauses.engineerAdditionalService,
    contractDescription: clauses.projectDescription,
    contractPayment: clauses.engineerFee,
    contractLicense: clauses.licensingAndInsurance,
    contractTermsAndConditions: clauses.termsAndConditions,
    hsDealId: f.hs_deal_id || null,
    subject: `${clauses.agreementTitle || draft.serviceType} for ${f.site_address}`.trim(),
    filename: `${draft.serviceType} - ${f.site_address}`.trim(),
    ...(draft.replacesToken ? { replacesToken: draft.replacesToken } : {}),
    ...signersRequest(draft.additionalSigners, draft.signingOrder, draft.countersigner),
    ...emailCodeRequest(draft.requireEmailCode),
  };
}

/**
 * Who signs, for `create-contract`: one signature block per additional signer after the
 * form's signer, and the firm's block left for the countersigner.
 */
export function documentSigners(
  draft: ContractDraft,
): Pick<CreateContractRequest, 'additional_signers' | 'countersigner'> {
  const { additional_signers, countersigner } = signersRequest(
    draft.additionalSigners,
    draft.signingOrder,
    draft.countersigner,
  );
  return {
    ...(additional_signers ? { additional_signers } : {}),
    ...(countersigner ? { countersigner } : {}),
  };
}

/**
 * Edit and Resend (spec 2 §4): the creation draft prefilled from a cancelled or
 * expired contract, carrying its token so the send marks it edited_resent.
 */
export function draftFromContract(
  contract: Partial<ContractRecordInput> & { token: string; requireEmailCode?: boolean },
  recipients: Parameters<typeof signersFormOf>[0] = [],
): ContractDraft {
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  return {
    ...EMPTY_DRAFT,
    step: 'form',
    serviceType: text(contract.form_type),
    t24ReportCount: text(contract.t24ReportCount ?? 0),
    search_term: [contract.site_address, contract.city, contract.state, contract.zipcode]
      .filter(Boolean)
      .join(', '),
    form: {
      ...EMPTY_FORM,
      cost: contract.cost ? amountText(contract.cost) : '',
      deposit: contract.deposit ? amountText(contract.deposit) : '',
      progress: amountText(contract.progress ?? 0),
      balance: contract.balance ? amountText(contract.balance) : '',
      full_name: text(contract.full_name),
      email: text(contract.email),
      contact_number: text(contract.contact_number),
      company_name: text(contract.company_name),
      additional_email: text(contract.cc_email),
      site_address: text(contract.site_address),
      city: text(contract.city),
      state: text(contract.state),
      zipcode: text(contract.zipcode),
      csm_email: text(contract.csm_email),
      pm_email: text(contract.pm_email),
      hs_deal_id: text(contract.hsDealId),
    },
    fullNameOptions: contract.full_name
      ? [
          {
            name: text(contract.full_name),
            email: text(contract.email),
            phone: text(contract.contact_number),
          },
        ]
      : [],
    clauses: contract.contractTitle !== undefined ? clausesFromContract(contract) : null,
    docLink: null,
    replacesToken: contract.token,
    ...signersFormOf(recipients),
    ...emailCodeFieldOf(contract.requireEmailCode),
  };
}

/** The record's clause texts under the editor's names (the inverse of sendInput's mapping). */
function clausesFromContract(contract: Partial<ContractRecordInput>): Clauses {
  return {
    start: contract.contractIntro ?? '',
    agreementTitle: contract.contractTitle ?? '',
    engineerBasicService: contract.contractEngineerBasicService ?? '',
    engineerAdditionalService: contract.contractEngineerAddService ?? '',
    projectDescription: contract.contractDescription ?? '',
    engineerFee: contract.contractPayment ?? '',
    licensingAndInsurance: contract.contractLicense ?? '',
    termsAndConditions: contract.contractTermsAndConditions ?? '',
  };
}
