/**
 * The standard contract's creation calls (spec 2 §3, §4, §7): the shapes the
 * server takes and answers in, declared once for the backend's DTOs and
 * services and for the api-client. The dashboard's are in ./contract-dashboard
 * and ../agreements/agreement-api.
 */
import type { AgreementForEditing } from '../agreements/agreement-api';
import type { SendSignersRequest } from '../agreements/recipient-list';

/** The contract record of spec 2 §3 as the creation screen sends it. */
export interface ContractRecordInput {
  docLink: string;
  full_name: string;
  email: string;
  company_name?: string;
  contact_number?: string;
  cc_email?: string;
  site_address?: string;
  city?: string;
  state?: string;
  zipcode?: string;
  cost: number;
  deposit: number;
  progress?: number;
  balance?: number;
  csm_email: string;
  pm_email?: string;
  form_type?: string;
  t24ReportCount: number;
  contractIntro?: string;
  contractTitle?: string;
  contractEngineerBasicService?: string;
  contractEngineerAddService?: string;
  contractDescription?: string;
  contractPayment?: string;
  contractLicense?: string;
  contractTermsAndConditions?: string;
  hsDealId?: string | null;
}

/** `POST /api/contracts/send`: the whole send of spec 2 §4 in one call (answer: `AgreementSendResult`). */
export interface SendContractInput extends ContractRecordInput, SendSignersRequest {
  /** Subject of the review-link e-mail; a default naming the agreement otherwise. */
  subject?: string;
  /** File name of the PDF sent to the cc address. */
  filename?: string;
  /** Edit and Resend: the token of the cancelled or expired contract replaced. */
  replacesToken?: string;
}

/**
 * `POST /api/template/create-contract {docLink, formData}`: a copy of the
 * template filled with the form. `TForm` is the contract form data (spec 2 §3)
 * as the caller holds it; the server validates it field by field.
 */
export interface CreateContractRequest<TForm extends object = Record<string, unknown>> {
  /** Link of the template document to copy (`…/d/{templateId}/edit`). */
  docLink: string;
  formData: TForm;
  /** Signers besides the form's own: one signature block each, after the form's signer. */
  additional_signers?: SendSignersRequest['additional_signers'];
  /** The firm's countersigner: the firm's block is left for their signature. */
  countersigner?: SendSignersRequest['countersigner'];
}

/** `POST /api/template/create-contract`: the agreement document made. */
export interface CreatedContract {
  docLink: string;
}

/** `POST /api/template/generate-pdf {originalDocId}`: the document's id or its docLink (answer: a PDF). */
export interface GeneratePdfRequest {
  originalDocId: string;
}

/** `PUT /api/update/edit-resend`: the record the creation screen is prefilled from. */
export type ContractForEditing = AgreementForEditing<ContractRecordInput>;
