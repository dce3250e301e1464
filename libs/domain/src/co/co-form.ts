/**
 * The change-order form as the /co screen shows it and the server stores it
 * (spec 3 §2 "CO creation screen", §3 "CO contract", §5): the form
 * definition (field list, widgets, payment terms), the whole-form check, the
 * association label decision, the template texts' placeholder rule, the
 * stored fields and the values of the CO document's `$placeholders`.
 */
import { formatUsd } from '../money/money';
import { isChangeOrderLabel, type ChangeOrderLabel } from '../crm/crm-rules';
import { droppedPlaceholders, revertPlaceholderPreviews } from '../documents/placeholders';
import { isEmailAddress } from '../address/email-address';
import { formatCalendarDate } from '../sow/sow-rules';
import {
  CO_TEMPLATE_FIELD_KEYS,
  type CoContractInput,
  type CoFormFieldView,
  type CoTemplateFields,
} from './co-api';
import {
  CO_MESSAGES,
  coAmount,
  coFormErrors,
  isSplitPayment,
  SPLIT_PAYMENT,
  type CoFieldError,
} from './co-rules';

/** Choices of `payment_terms`; the last is Split Payment (spec 3 §2, §9). */
export const CO_PAYMENT_TERMS = [
  'Due upon signing',
  'Due upon completion',
  'Net 15',
  'Net 30',
  SPLIT_PAYMENT,
] as const;

/** Longest template text an admin may save or a change order carry. */
export const CO_TEMPLATE_TEXT_MAX = 20_000;

const field = (
  name: string,
  label: string,
  type: CoFormFieldView['type'],
  extra: Partial<CoFormFieldView> = {},
): CoFormFieldView => ({
  name,
  label,
  type,
  required: false,
  isNotEditable: false,
  options: [],
  ...extra,
});

/**
 * The CO form definition of type main (spec 3 §2, §7): the first nine fields
 * are the first group. Special names: `signatory_details` (the client
 * signatory picker), `csm_email`, `pm_email` (staff pickers), `cc_emails`
 * (multi-select, the company address first), `payment_terms` (Split Payment
 * adds two amounts), `fee` (dollars, step 10), `project_address` (address
 * autocomplete).
 */
export const CO_FORM_FIELDS: readonly CoFormFieldView[] = [
  field('deal_id', 'Deal ID', 'text', { required: true, isNotEditable: true }),
  field('project_id', 'Project', 'text', { required: true, isNotEditable: true }),
  field('main_contract_signed_date', 'Main Contract Signed Date', 'text', {
    isNotEditable: true,
  }),
  field('project_address', 'Project Address', 'text', { required: true }),
  field('signatory_details', 'Signatory', 'dropdown', { placeholder: '--Select Signatory--' }),
  field('signatory_name', 'Signatory Name', 'text', { required: true }),
  field('signatory_email', 'Signatory Email', 'email', { required: true }),
  field('signatory_phone', 'Signatory Phone', 'text'),
  field('csm_email', 'CSM Email', 'email', { required: true, placeholder: '--Select PM Email--' }),
  field('pm_email', 'PM Email', 'email', { placeholder: '--Select PM Email--' }),
  field('cc_emails', 'Additional Emails', 'dropdown', {
    placeholder: '--Select Additional Emails--',
  }),
  field('description', 'Description of Change', 'textarea', { required: true }),
  field('fee', 'Fee', 'number', { required: true }),
  field('payment_terms', 'Payment Terms', 'dropdown', {
    required: true,
    options: [...CO_PAYMENT_TERMS],
    placeholder: 'Select Payment Terms',
  }),
  field('specifications_provisions', 'Specifications and Provisions', 'textarea'),
];

/** The cc choices: the fixed company address first, then the PM users, each once (spec 3 §2). */
export function coCcChoices(companyCcEmail: string, pmEmails: readonly string[]): string[] {
  const normalized = (email: string) => email.trim().toLowerCase();
  return [normalized(companyCcEmail), ...pmEmails.map(normalized)].filter(
    (email, index, all) => email && all.indexOf(email) === index,
  );
}

/** The refusal when the chosen label is already another change order's on the project. */
export function labelTakenMessage(label: string): string {
  return `${label} is already used on this project. Choose another project association label.`;
}

/** Which label a change order carries (spec 3 §5), or why none can be. */
export type CoLabelDecision =
  | { kind: 'label'; label: ChangeOrderLabel; fromDeal: boolean }
  | { kind: 'refused'; message: string };

/**
 * The deal's own association label when it has one; else the chosen one,
 * which must be one of the five and not among the project's used labels.
 */
export function coLabelDecision(input: {
  dealLabel: string | null | undefined;
  chosen: string | null | undefined;
  notAvailableLabels: readonly string[];
}): CoLabelDecision {
  if (input.dealLabel && isChangeOrderLabel(input.dealLabel)) {
    return { kind: 'label', label: input.dealLabel, fromDeal: true };
  }
  const chosen = input.chosen?.trim() ?? '';
  if (!chosen || !isChangeOrderLabel(chosen)) {
    return { kind: 'refused', message: CO_MESSAGES.labelRequired };
  }
  if (input.notAvailableLabels.includes(chosen)) {
    return { kind: 'refused', message: labelTakenMessage(chosen) };
  }
  return { kind: 'label', label: chosen, fromDeal: false };
}

/**
 * Every problem of a CO form (spec 3 §5), in screen order: the required
 * fields, the e-mails, then the money and label rules of `coFormErrors`.
 * Empty when it may be created and sent.
 */
export function coContractErrors(
  form: CoContractInput,
  context: { projectLinked: boolean },
): CoFieldError[] {
  const errors: CoFieldError[] = [];
  const add = (name: string, message: string) => errors.push({ field: name, message });
  const text = (value: unknown) => String(value ?? '').trim();
  if (!text(form.deal_id)) add('deal_id', 'Search and choose the change-order deal.');
  if (!text(form.project_id) && !text(form.selectedHSProjectId)) {
    add('project_id', 'Search and choose the project.');
  }
  if (!text(form.project_address)) add('project_address', 'Enter the project address.');
  if (!text(form.signatory_name)) add('signatory_name', 'Enter the signatory’s name.');
  if (!isEmailAddress(form.signatory_email)) {
    add('signatory_email', 'Enter the signatory’s e-mail address.');
  }
  if (!isEmailAddress(form.csm_email)) add('csm_email', 'Choose the CSM.');
  if (text(form.pm_email) && !isEmailAddress(form.pm_email)) add('pm_email', 'Choose the PM.');
  const badCc = (form.cc_emails ?? []).filter((email) => !isEmailAddress(email));
  if (badCc.length) add('cc_emails', `Not an e-mail address: ${badCc.join(', ')}.`);
  if (!text(form.description)) add('description', 'Describe the change.');
  if (!text(form.payment_terms)) add('payment_terms', 'Select the payment terms.');
  errors.push(
    ...coFormErrors({
      fee: form.fee,
      payment_terms: form.payment_terms,
      firstPayment: form.firstPayment,
      secondPayment: form.secondPayment,
      projectLinked: context.projectLinked,
      associationLabel: form.associationLabel,
    }),
  );
  return errors;
}

/**
 * The template texts' rule (spec 3 §5): an edited text keeps every
 * `$placeholder` of the stored one (`<<$name:…>>` previews count as `$name`)
 * and stays within the length limit. Empty when it holds.
 */
export function coTemplateFieldErrors(
  stored: Readonly<Partial<Record<string, string>>>,
  edited: Readonly<Partial<Record<string, unknown>>>,
): CoFieldError[] {
  const errors: CoFieldError[] = [];
  for (const [key, value] of Object.entries(edited)) {
    if (value === undefined) continue;
    if (!(CO_TEMPLATE_FIELD_KEYS as readonly string[]).includes(key)) {
      errors.push({ field: key, message: `${key} is not a change-order template text.` });
      continue;
    }
    if (typeof value !== 'string') {
      errors.push({ field: key, message: `${key} must be text.` });
      continue;
    }
    const text = revertPlaceholderPreviews(value);
    if (!text.trim()) {
      errors.push({ field: key, message: `${key} cannot be empty.` });
      continue;
    }
    if (text.length > CO_TEMPLATE_TEXT_MAX) {
      errors.push({
        field: key,
        message: `${key} must be at most ${CO_TEMPLATE_TEXT_MAX} characters.`,
      });
      continue;
    }
    const dropped = droppedPlaceholders(stored[key] ?? '', text);
    if (dropped.length) {
      errors.push({
        field: key,
        message: `${key} must keep its placeholders: ${dropped.map((n) => `$${n}`).join(', ')}.`,
      });
    }
  }
  return errors;
}

/** A change order's own fields as stored (spec 3 §3 "CO contract"). */
export interface CoFormFields {
  deal_id: string;
  /** The deal's CRM pipeline when the form was checked (Insights' pipeline filter). */
  deal_pipeline?: string | null;
  /** The project's address text, as the screen shows it. */
  project_id: string;
  project_address: string;
  signatory_name: string;
  signatory_email: string;
  signatory_phone: string;
  description: string;
  fee: number;
  payment_terms: string;
  firstPayment: number;
  secondPayment: number;
  specifications_provisions: string;
  /** "YYYY-MM-DD" as the CRM has it, or null. */
  main_contract_signed_date: string | null;
  csm_email: string;
  pm_email: string;
  /** Comma-separated. */
  cc_emails: string;
  associationLabel: ChangeOrderLabel | null;
  coLabel: ChangeOrderLabel | null;
  notAvailableLabels: ChangeOrderLabel[];
  selectedHSSignatoryId: string | null;
  selectedHSProjectId: string | null;
  /** The copy of the deal that carries a split's second payment. */
  duplicateCoDealId: string | null;
  template_start?: string;
  template_change_order_acknowledgement?: string;
}

/**
 * The stored fields from a checked form: trimmed texts, lower-case e-mails,
 * amounts as numbers (split amounts 0 unless Split Payment), the label and
 * project the server decided, the template texts with previews reverted.
 */
export function coFormFieldsOf(
  input: CoContractInput,
  decided: {
    coLabel: ChangeOrderLabel;
    notAvailableLabels: readonly ChangeOrderLabel[];
    selectedHSProjectId: string | null;
    mainContractSignedDate: string | null;
    templateFields: CoTemplateFields;
  },
): CoFormFields {
  const text = (value: string | null | undefined) => value?.trim() ?? '';
  const split = isSplitPayment(input.payment_terms);
  const texts: CoTemplateFields = {};
  for (const key of CO_TEMPLATE_FIELD_KEYS) {
    const value = decided.templateFields[key];
    if (typeof value === 'string') texts[key] = revertPlaceholderPreviews(value);
  }
  return {
    deal_id: text(input.deal_id),
    project_id: text(input.project_id),
    project_address: text(input.project_address),
    signatory_name: text(input.signatory_name),
    signatory_email: text(input.signatory_email).toLowerCase(),
    signatory_phone: text(input.signatory_phone),
    description: text(input.description),
    fee: coAmount(input.fee),
    payment_terms: split ? SPLIT_PAYMENT : text(input.payment_terms),
    firstPayment: split ? coAmount(input.firstPayment) : 0,
    secondPayment: split ? coAmount(input.secondPayment) : 0,
    specifications_provisions: text(input.specifications_provisions),
    main_contract_signed_date: decided.mainContractSignedDate || null,
    csm_email: text(input.csm_email).toLowerCase(),
    pm_email: text(input.pm_email).toLowerCase(),
    cc_emails: [...new Set((input.cc_emails ?? []).map((e) => text(e).toLowerCase()))]
      .filter(Boolean)
      .join(','),
    associationLabel: decided.coLabel,
    coLabel: decided.coLabel,
    notAvailableLabels: [...decided.notAvailableLabels],
    selectedHSSignatoryId: input.selectedHSSignatoryId || null,
    selectedHSProjectId: decided.selectedHSProjectId,
    duplicateCoDealId: input.duplicateDealId || null,
    ...texts,
  };
}

/** A CRM date ("2025-03-14" or an ISO time) as the document writes it, else the text as given. */
function documentDate(value: string | null): string {
  if (!value) return 'the date of the Agreement';
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? formatCalendarDate(value) : value;
}

/** The split written out for the document, or '' when the fee is paid in one (spec 3 §4). */
export function coPaymentSplitText(
  form: Pick<CoFormFields, 'payment_terms' | 'firstPayment' | 'secondPayment'>,
): string {
  if (!isSplitPayment(form.payment_terms)) return '';
  return `, in two payments: a first payment of ${formatUsd(form.firstPayment)} and a second payment of ${formatUsd(form.secondPayment)}`;
}

/** The values of the change-order document's `$placeholders`, from the stored fields. */
export function coDocumentValues(form: CoFormFields): Record<string, string> {
  return {
    signatory_name: form.signatory_name,
    signatory_email: form.signatory_email,
    signatory_phone: form.signatory_phone || 'no phone given',
    project_address: form.project_address || form.project_id,
    project_id: form.project_id,
    main_contract_signed_date: documentDate(form.main_contract_signed_date),
    co_label: form.coLabel ?? '',
    deal_id: form.deal_id,
    description: form.description,
    fee: formatUsd(form.fee),
    payment_terms: form.payment_terms,
    payment_split: coPaymentSplitText(form),
    first_payment: formatUsd(form.firstPayment),
    second_payment: formatUsd(form.secondPayment),
    specifications_provisions: form.specifications_provisions || 'None.',
    csm_email: form.csm_email,
    pm_email: form.pm_email || form.csm_email,
  };
}
