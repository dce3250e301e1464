/**
 * The change-order CRM calls of spec 3 §7 ("CO helpers", under `/api/co`):
 * the shapes the server takes and answers in, declared once for the backend's
 * DTOs and services and for the api-client.
 */
import type { ChangeOrderLabel } from '../crm/crm-rules';
import type { CrmRecordView, DealLookupView } from '../crm/crm-api';
import type { FamilyListResponse } from '../agreements/agreement-api';
import type { AgreementCardCore } from '../agreements/agreement-views';
import type { VerifyTokenResponse } from '../signing/signer-api';
import type { SendSignersRequest } from '../agreements/recipient-list';
import type { CoFormFields } from './co-form';

/** `GET /api/co/get-deals-by-address?address=` (an address, a deal id or a pasted deal URL). */
export interface CoDealsResponse {
  deals: CrmRecordView[];
}

/** `GET /api/co/get-deal/{id}`: the deal, its client signatories and its project link. */
export type CoDealResponse = DealLookupView;

/** `GET /api/co/search-contacts?search=`: contacts with properties and a count (spec 3 §7). */
export interface CoContactsResponse {
  contacts: CrmRecordView[];
  count: number;
}

/** `GET /api/co/search-projects?search=` (an address, an id or a pasted record URL). */
export interface CoProjectsResponse {
  projects: CrmRecordView[];
}

/** `GET /api/co/get-next-project-association-label/{projectId}` (spec 3 §3 "Project lookup result"). */
export interface CoProjectLabelResponse {
  /** The main contract's signed date. */
  date: string | null;
  notAvailableLabels: ChangeOrderLabel[];
  /** The first label still free, or null when all five are taken. */
  nextLabel: ChangeOrderLabel | null;
}

/** `POST /api/co/update-hs`: the CO deal associated with the project under the label. */
export interface CoUpdateCrmRequest {
  dealId: string;
  projectId: string;
  label: ChangeOrderLabel;
}

/** `POST /api/co/duplicate-deal`: a copy of the CO deal for the split's second payment. */
export interface CoDuplicateDealRequest {
  dealId: string;
  /** The copy's amount (the second payment). */
  amount: number;
}

export interface CoDuplicateDealResponse {
  dealId: string;
}

/** `POST /api/co/get-missing-properties {dealId, contactId}` (spec 2 §7) */
export interface CoMissingPropertiesRequest {
  dealId: string;
  /** The signatory chosen, when one is: what it lacks is reported as `signatory.<property>`. */
  contactId?: string | null;
}

/** `POST /api/co/get-missing-properties`: what the CRM deal lacks for a change order. */
export interface CoMissingPropertiesResponse {
  missingProperties: string[];
}

/**
 * The CO template's editable texts (spec 3 §3 "template fields"): the
 * placeholder-bearing sections the step-2 editor shows beside the preview. The
 * set is the server's (`templateFields` of `get-form-fields`); these are the
 * ones a change order stores (spec 3 §3 CO contract).
 */
export const CO_TEMPLATE_FIELD_KEYS = [
  'template_start',
  'template_change_order_acknowledgement',
] as const;
export type CoTemplateFieldKey = (typeof CO_TEMPLATE_FIELD_KEYS)[number];
export type CoTemplateFields = Partial<Record<CoTemplateFieldKey, string>>;

/** The widgets of the CO form by type (spec 3 §2 "Field widgets by type", special fields by name). */
type CoFieldType = 'text' | 'textarea' | 'email' | 'number' | 'dropdown' | 'checkbox';

/** One field of the CO form definition (`formFields` of `get-form-fields/{id}`). */
export interface CoFormFieldView {
  name: string;
  label: string;
  type: CoFieldType;
  required: boolean;
  /** Read-only or disabled on the screen (spec 3 §2). */
  isNotEditable: boolean;
  /** Choices of a dropdown; empty for other types. */
  options: string[];
  placeholder?: string;
}

/** `GET /api/co/get-templates`: the CO templates, loaded at startup (spec 3 §7). */
export interface CoTemplatesResponse {
  templates: { _id: string; name: string; type: 'main' }[];
}

/** `GET /api/co/get-template/{id}`: a CO template with its editable content (admins edit it). */
export interface CoTemplateView {
  _id: string;
  name: string;
  type: 'main';
  /** The template texts, each a `$placeholder`-bearing section of the CO document. */
  templateFields: Record<CoTemplateFieldKey, string>;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** `GET /api/co/get-form-fields/{id}`: the CO form definition of type main (spec 3 §7). */
export interface CoFormFieldsResponse {
  template: CoTemplateView;
  formFields: CoFormFieldView[];
  /** The template texts as the step-2 editor starts them; each one's dropdown flag is false at first. */
  templateFields: Record<CoTemplateFieldKey, string>;
  /** Choices of `payment_terms` (the last is Split Payment). */
  paymentTerms: string[];
  /** The cc choices: the fixed company address first, then the PM users (spec 3 §2). */
  ccChoices: string[];
  /** The fixed company address always offered first for cc. */
  companyCcEmail: string;
}

/** `PUT /api/co/update/{id}`: new CO template texts (admins only, spec 3 §6). */
export interface CoTemplateUpdateRequest {
  templateFields: CoTemplateFields;
}

/** `PUT /api/co/update/{id}` */
export interface CoTemplateUpdated {
  message: string;
  template: CoTemplateView;
}

/** The CO form as the /co screen submits it (spec 3 §3 CO contract, §7 create payload). */
export interface CoContractInput {
  /** The CO template the texts come from (`get-templates`). */
  templateId: string;
  deal_id: string;
  /** The project's address as the screen shows it (spec 3 §3: "project address text"). */
  project_id: string;
  project_address: string;
  signatory_name: string;
  signatory_email: string;
  signatory_phone?: string;
  description: string;
  fee: number | string;
  payment_terms: string;
  /** Split Payment only (spec 3 §4). */
  firstPayment?: number | string;
  secondPayment?: number | string;
  specifications_provisions?: string;
  main_contract_signed_date?: string | null;
  csm_email: string;
  pm_email?: string;
  cc_emails: string[];
  /** The label chosen on the screen when the deal came without one; else the deal's own. */
  associationLabel?: ChangeOrderLabel | null;
  /** The CRM contact chosen in the signatory picker; absent when the e-mail was typed. */
  selectedHSSignatoryId?: string | null;
  selectedHSProjectId?: string | null;
  /** The copy of the deal made for a split's second payment (`duplicate-deal`). */
  duplicateDealId?: string | null;
  /** Edited template texts; `<<$name:…>>` previews are reverted by the server. */
  templateFields?: CoTemplateFields;
}

/** `POST /api/co/create-contract` */
export interface CoCreateContractRequest extends CoContractInput, SendSignersRequest {
  /** The document of an earlier create on this screen, replaced by the new one. */
  docLink?: string | null;
}

/** `POST /api/co/create-contract` */
export interface CoCreatedContract {
  docLink: string;
  /** The label the change order carries (the deal's or the chosen one). */
  coLabel: ChangeOrderLabel;
  fee: number;
  firstPayment: number;
  secondPayment: number;
}

/** `POST /api/co/send-contract` */
export interface CoSendContractRequest extends CoContractInput, SendSignersRequest {
  docLink: string;
  /** Edit and Resend: the change order this one replaces. */
  replacesId?: string | null;
}

/** `POST /api/co/send-contract`: the signatory was mailed the `/co-signature/{customId}` link. */
export interface CoSendResult {
  signaturePageLink: string;
  customId: string;
  _id: string;
  status: string | null;
}

/** `POST /api/co/send-contract-cc` */
export interface CoSendCopyRequest {
  docLink: string;
}

/**
 * What Edit and Resend of a change order carries to /co (spec 3 §4,
 * `editAndResendCoContractData`): the stored form, its id and texts.
 */
export interface CoEditResendData extends CoContractInput {
  replacesId: string;
  coLabel: ChangeOrderLabel | null;
  notAvailableLabels: ChangeOrderLabel[];
}

/** One change order under Show CO (spec 2 §2.3, §3 "Change order"): the card core plus its own fields. */
export interface CoCardView
  extends
    AgreementCardCore,
    Pick<
      CoFormFields,
      | 'deal_id'
      | 'project_id'
      | 'project_address'
      | 'signatory_name'
      | 'signatory_email'
      | 'signatory_phone'
      | 'description'
      | 'fee'
      | 'payment_terms'
      | 'firstPayment'
      | 'secondPayment'
      | 'main_contract_signed_date'
      | 'csm_email'
      | 'pm_email'
      | 'cc_emails'
      | 'coLabel'
      | 'duplicateCoDealId'
    > {
  family: 'co';
  /** The signing link's id (`/co-signature/{customId}`). */
  customId: string;
}

/** `GET /api/co/get-contracts?page&limit&search&filters` (the contract list's query). */
export type CoListResponse = FamilyListResponse<CoCardView>;

/**
 * `GET /api/co/get-contract/{customId}` and `POST /api/co/increase-viewed-times/{customId}`
 * (after the captcha): the change order as its signatory's page shows it.
 */
export interface CoSigningView extends VerifyTokenResponse {
  customId: string;
  signatory_name: string;
  project_address: string;
  description: string;
  fee: number;
  payment_terms: string;
  firstPayment: number;
  secondPayment: number;
}
