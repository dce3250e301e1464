/**
 * The SOW creation, template and CRM calls of spec 3 §7 (`/api/sow/...`): the
 * shapes the server takes and answers in, declared once for the backend's DTOs
 * and services and for the api-client.
 */
import type { CpRole } from '../crm/crm-rules';
import type { AgreementCardCore } from '../agreements/agreement-views';
import type { CrmRecordView } from '../crm/crm-api';
import type { VerifyTokenResponse } from '../signing/signer-api';
import type { SendSignersRequest } from '../agreements/recipient-list';
import type { SowFormFields } from './sow-document';
import type { SowFeeField, SowTimeline } from './sow-rules';

/** The template text sections of a SOW (spec 3 §3), in document order. */
export const SOW_SECTION_KEYS = [
  'template_start',
  'template_project_overview',
  'template_services_and_deliverables',
  'template_payment',
  'template_scope_verification',
  'template_prime_agreement',
  'template_timeline',
  'template_additional_work',
  'template_governing_law',
  'template_signature_text',
  'template_footer_note',
] as const;
export type SowSectionKey = (typeof SOW_SECTION_KEYS)[number];
export type SowTemplateSections = Partial<Record<SowSectionKey, string>>;

/** A SOW services/deliverables template: one services text per partner role (spec 3 §3). */
export interface SowServicesTemplateView {
  _id: string;
  name: string;
  services: Partial<Record<CpRole, string>>;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** `GET /api/sow/get-templates` */
export interface SowTemplatesResponse {
  templates: { _id: string; name: string }[];
}

/** `PUT /api/sow/services-deliverables/{id}` (admins only). */
export interface SowServicesUpdateRequest {
  services: Partial<Record<CpRole, string>>;
}

/** `PUT /api/sow/services-deliverables/{id}` */
export interface SowServicesUpdated {
  message: string;
  template: SowServicesTemplateView;
}

/** One editable section of the SOW document as the creation screen shows it. */
export interface SowSectionView {
  key: SowSectionKey;
  heading: string | null;
  body: string;
}

/** One partner role as the creation screen offers it. */
interface SowRoleView {
  role: CpRole;
  label: string;
  feeField: SowFeeField;
  needsSiteVisit: boolean;
  isScopeCo: boolean;
}

/** `GET /api/sow/get-form-fields/{name}`: what the creation screen needs for a template. */
export interface SowFormFieldsResponse {
  template: SowServicesTemplateView;
  roles: SowRoleView[];
  sections: SowSectionView[];
  /** PM users offered for cc, the default PM first. */
  ccChoices: string[];
  defaultPmEmail: string;
}

/** The SOW form as the creation screen submits it (spec 3 §2 form fields). */
export interface SowContractInput {
  /** The services template the roles' texts came from. */
  templateName: string;
  cp_name: string;
  cp_email: string;
  cp_phone?: string;
  cp_roles: CpRole[];
  fees: Partial<Record<SowFeeField, number | string>>;
  cc_emails: string[];
  project_type?: string;
  project_id: string;
  project_address: string;
  project_overview?: string;
  timeline: SowTimeline;
  /** "YYYY-MM-DDTHH:mm" or a date with a 12-hour time; required for ose/mdec/sss. */
  site_visit_date_time?: string | null;
  services_deliverables?: string;
  pm_email: string;
  /** "YYYY-MM-DD"; today (Pacific) when absent. */
  effective_date?: string | null;
  /** The CRM partner chosen from the search; absent for a new partner. */
  selectedCpId?: string | null;
  selectedHSProjectId?: string | null;
  /** The user confirmed using a partner marked Blacklisted. */
  blacklistConfirmed?: boolean;
  /** Edited template sections; `<<$name:…>>` previews are reverted by the server. */
  sections?: SowTemplateSections;
}

/** `POST /api/sow/create-contract` */
export interface SowCreateContractRequest extends SowContractInput, SendSignersRequest {
  /** The document of an earlier create on this screen, replaced by the new one. */
  docLink?: string | null;
}

/** `POST /api/sow/create-contract` */
export interface SowCreatedContract {
  docLink: string;
  effective_date: string;
  payment_amount: number;
}

/** `POST /api/sow/send-contract` */
export interface SowSendContractRequest extends SowContractInput, SendSignersRequest {
  docLink: string;
  /** Edit and Resend: the SOW this one replaces. */
  replacesId?: string | null;
}

/** `POST /api/sow/send-contract` */
export interface SowSendResult {
  signaturePageLink: string;
  customId: string;
  _id: string;
  status: string | null;
}

/** `POST /api/sow/send-contract-cc` */
export interface SowSendCopyRequest {
  docLink: string;
}

/** `GET /api/sow/get-projects-by-address?address=` */
export interface SowProjectsResponse {
  projects: CrmRecordView[];
}

/** `POST /api/sow/get-project` */
export interface SowProjectRequest {
  /** A project id or a pasted CRM record URL. */
  recordId: string;
}

/** `POST /api/sow/get-project` */
export interface SowProjectResponse {
  project: CrmRecordView;
  contactDetails: CrmRecordView[];
  hs_object_id: string;
}

/** `GET /api/sow/search-cps?search=` */
export interface SowPartnersResponse {
  cps: (CrmRecordView & { blacklisted: boolean })[];
}

/** `POST /api/sow/update-hs` */
export interface SowUpdateCrmRequest {
  contractFormData: Pick<SowContractInput, 'cp_name' | 'cp_email' | 'cp_phone' | 'cp_roles'>;
  projectId: string;
  cpId?: string | null;
}

/** `POST /api/sow/update-hs` */
export interface SowUpdateCrmResponse {
  contactId: string;
}

/** `POST /api/sow/get-missing-properties` */
export interface SowMissingPropertiesRequest {
  projectId: string;
  cpId?: string | null;
}

/** `POST /api/sow/get-missing-properties`: what the CRM lacks for this project and partner. */
export interface SowMissingPropertiesResponse {
  missingProperties: string[];
}

/** One SOW on the SOW dashboard (spec 3 §2, §3): the shared card core plus the SOW's own fields. */
export interface SowCardView
  extends
    AgreementCardCore,
    Pick<
      SowFormFields,
      | 'cp_name'
      | 'cp_email'
      | 'cp_phone'
      | 'cp_roles'
      | 'cc_emails'
      | 'project_type'
      | 'project_id'
      | 'project_address'
      | 'project_timeline'
      | 'site_visit_date_time'
      | 'payment_amount'
      | 'pm_email'
      | 'effective_date'
    > {
  family: 'sow';
  /** The signing link's id (`/sow-signature/{customId}`). */
  customId: string;
}

/**
 * `GET /api/sow/get-contract/{customId}` and `POST /api/sow/increase-viewed-times/{customId}`
 * (after the captcha): the SOW as its partner's signing page shows it.
 */
export interface SowSigningView extends VerifyTokenResponse {
  customId: string;
  cp_name: string;
  project_address: string;
  payment_amount: number;
  effective_date: string;
}
