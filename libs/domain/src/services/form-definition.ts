/** Form definitions of services (spec 2 §3): the fields of the contract form and the clause texts. */

export const FORM_FIELD_TYPES = ['text', 'email', 'dropdown', 'checkbox'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export interface FormField {
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  isNotEditable: boolean;
  /** Choices of a dropdown; empty for other types. */
  options: string[];
}

/** The clause texts of a service keyed by name (spec 2 §3 additional fields). */
export const ADDITIONAL_FIELD_NAMES = [
  'start',
  'agreementTitle',
  'projectDescription',
  'engineerBasicService',
  'engineerAdditionalService',
  'engineerFee',
  'licensingAndInsurance',
  'termsAndConditions',
] as const;
export type AdditionalFieldName = (typeof ADDITIONAL_FIELD_NAMES)[number];

export interface FormDefinition {
  fields: FormField[];
  additionalFields: Record<AdditionalFieldName, string>;
}

const field = (
  name: string,
  label: string,
  type: FormFieldType = 'text',
  extra: Partial<Pick<FormField, 'required' | 'isNotEditable' | 'options'>> = {},
): FormField => ({
  name,
  label,
  type,
  required: extra.required ?? false,
  isNotEditable: extra.isNotEditable ?? false,
  options: extra.options ?? [],
});

/**
 * The contract form of a standard agreement (spec 2 §3 contract form data):
 * what a new or copied service starts with.
 */
export const DEFAULT_FORM_FIELDS: readonly FormField[] = [
  field('full_name', 'Full Name', 'text', { required: true }),
  field('email', 'Email', 'email', { required: true }),
  field('contact_number', 'Phone Number'),
  field('company_name', 'Company Name'),
  field('additional_email', 'Additional Email (cc)'),
  field('site_address', 'Site Address', 'text', { required: true }),
  field('city', 'City', 'text', { required: true }),
  field('state', 'State', 'text', { required: true }),
  field('zipcode', 'Zip Code', 'text', { required: true }),
  field('cost', 'Cost', 'text', { required: true }),
  field('deposit', 'Deposit', 'text', { required: true }),
  field('progress', 'Progress Payment'),
  field('balance', 'Balance', 'text', { isNotEditable: true }),
  field('csm_email', 'CSM', 'dropdown', { required: true }),
  field('pm_email', 'PM', 'dropdown'),
  field('hs_deal_id', 'Deal ID', 'text', { isNotEditable: true }),
  field('stage', 'Deal Stage', 'text', { isNotEditable: true }),
  field('project_type', 'Project Type', 'text', { isNotEditable: true }),
];

/** Builds one form field; exported for seeded definitions that add service-specific fields. */
export const formField = field;
