import {
  CHANGE_ORDER_LABELS,
  coContractErrors,
  coDocumentValues,
  coFormFieldsOf,
  isChangeOrderLabel,
  isSplitPayment,
  revertPlaceholderPreviews,
  SIGNING_ORDERS,
  STORAGE_KEYS,
  type ChangeOrderLabel,
  type ClientSignatoryView,
  type CoContractInput,
  type CoEditResendData,
  type CoFormFieldView,
  type CoTemplateFieldKey,
  type CoTemplateFields,
  type CountersignerInput,
  type Recipient,
  type SendSignersRequest,
} from '@prosign/domain';
import {
  countersignerProblem,
  emailCodeRequest,
  DEFAULT_SIGNING_ORDER,
  signerErrors,
  emailCodeFieldOf,
  signersFormOf,
  signersRequest,
  type SignerFieldPaths,
  type SignersFormValues,
} from '@prosign/ui/forms';
import { z } from 'zod';
import {
  clearDrafts,
  draftList,
  draftText,
  readDraft,
  writeDraft,
} from '../../shared/draft-storage';

/** Spec 3 §2, §8, §9: the texts of /co. */
export const CO_TEXTS = {
  heading: 'ProSign Change Order',
  prompt: 'Search the HS Deal by Address, Deal ID or HS Deal Url to start.',
  dealSearch: 'Search the HS Deal',
  dealPlaceholder: 'Address, Deal ID or HS Deal Url',
  project: 'Project',
  labelPlaceholder: '--Select Project Association Label--',
  label: 'Project association label',
  paymentTermsPlaceholder: 'Select Payment Terms',
  splitPrompt: 'Please specify the split Amount:',
  firstPayment: 'First payment',
  secondPayment: 'Second payment',
  create: 'Create Contract',
  creating: 'Creating…',
  send: 'Send Contract for Sign',
  sending: 'Sending…',
  resendWarning:
    'Edit and Resend: this change order replaces the one sent before. Check every field before you create it again.',
} as const;

/** Spec 3 §8 notices of /co. */
export const CO_NOTICES = {
  created: 'Contract is created',
  saved: 'The document is saved: check the preview, then send it.',
  createFailed: 'Failed to create the contract',
  sendFailed: 'Failed to send the contract',
  crmFailed: 'Failed to update project and create contract. Please try again.',
  dealsFailed: 'failed to search deals',
  projectsFailed: 'failed to search projects',
  labelFailed: 'Failed to fetch project assoication label. Please refresh the page.',
  copyFailed: 'The copy to the cc list could not be sent.',
  sent: (email: string) => `Contract sent successfully to ${email}.`,
} as const;

/** Fields the screen draws itself (not as plain inputs of the definition). */
const CO_SPECIAL_FIELDS = [
  'fee',
  'firstPayment',
  'secondPayment',
  'cc_emails',
  'signatory_details',
] as const;

/**
 * The form's values: the definition's fields by name, the money, the cc list and the label,
 * and the signers besides the signatory.
 */
export interface CoFormValues extends SignersFormValues {
  fields: Record<string, string | boolean>;
  fee: number | null;
  firstPayment: number | null;
  secondPayment: number | null;
  cc_emails: string[];
  /** '' until chosen; only asked for when the deal came without a project and label. */
  associationLabel: string;
  /** The deal came with its project and label. */
  projectLinked: boolean;
}

/** The calls' fields the domain's whole-form check (coContractErrors) already asks for. */
const CHECKED_BY_DOMAIN = new Set([
  'deal_id',
  'project_id',
  'project_address',
  'signatory_name',
  'signatory_email',
  'signatory_phone',
  'csm_email',
  'pm_email',
  'description',
  'payment_terms',
  'specifications_provisions',
  'main_contract_signed_date',
  ...CO_SPECIAL_FIELDS,
]);

/** Where a domain error about a field shows on the form. */
function errorPath(field: string): (string | number)[] {
  return (CO_SPECIAL_FIELDS as readonly string[]).includes(field) || field === 'associationLabel'
    ? [field]
    : ['fields', field];
}

/**
 * The form's schema: the domain's whole-form check (coContractErrors: the
 * required fields, e-mails, fee, split and label rules) plus the required
 * marker of any other field of the server's definition. `env()` is read when
 * checking, so the schema stays one while the definition and deal load.
 */
export function coFormSchema(
  env: () => { definition: readonly CoFormFieldView[]; context: CoContext },
) {
  return z
    .object({
      fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
      fee: z.number().nullable(),
      firstPayment: z.number().nullable(),
      secondPayment: z.number().nullable(),
      cc_emails: z.array(z.string()),
      associationLabel: z.string(),
      projectLinked: z.boolean(),
      additionalSigners: z.array(
        z.object({ name: z.string(), email: z.string(), phone: z.string() }),
      ),
      signingOrder: z.enum(SIGNING_ORDERS),
      countersigner: z.custom<CountersignerInput | null>(),
      requireEmailCode: z.boolean().nullable().optional(),
    })
    .superRefine((values, ctx) => {
      const { definition, context } = env();
      const input = coInputOf(values, context);
      // With additional signers: the domain's recipient-list rule, each problem beside its field.
      const signatory = {
        name: input.signatory_name,
        email: input.signatory_email,
        phone: input.signatory_phone,
      };
      for (const { path, message } of signerErrors(
        signatory,
        values.additionalSigners,
        values.signingOrder,
        values.cc_emails,
        CO_SIGNER_PATHS,
      )) {
        ctx.addIssue({
          code: 'custom',
          path: path ? path.split('.') : ['additionalSigners'],
          message,
        });
      }
      const firm = countersignerProblem(values.countersigner ?? null);
      if (firm) ctx.addIssue({ code: 'custom', path: ['countersigner'], message: firm });
      const seen = new Set<string>();
      for (const problem of coContractErrors(input, { projectLinked: values.projectLinked })) {
        const path = errorPath(problem.field);
        if (seen.has(path.join('.'))) continue;
        seen.add(path.join('.'));
        ctx.addIssue({ code: 'custom', path, message: problem.message });
      }
      for (const field of definition) {
        if (CHECKED_BY_DOMAIN.has(field.name) || !field.required || field.type === 'checkbox') {
          continue;
        }
        const value = values.fields[field.name];
        if (typeof value !== 'string' || !value.trim()) {
          ctx.addIssue({
            code: 'custom',
            path: ['fields', field.name],
            message: `${field.label} is required.`,
          });
        }
      }
    });
}

export const EMPTY_CO_FORM: CoFormValues = {
  fields: {},
  fee: null,
  firstPayment: 0,
  secondPayment: 0,
  cc_emails: [],
  associationLabel: '',
  projectLinked: false,
  additionalSigners: [],
  signingOrder: DEFAULT_SIGNING_ORDER,
  countersigner: null,
};

/** Where the /co form shows the signer list's problems of the signatory and the cc addresses. */
const CO_SIGNER_PATHS: SignerFieldPaths<
  'fields.signatory_name' | 'fields.signatory_email' | 'cc_emails'
> = {
  firstName: 'fields.signatory_name',
  firstEmail: 'fields.signatory_email',
  copy: () => 'cc_emails',
};

/** The form's fields the signer list is checked with: the signatory and the cc addresses. */
export const CO_SIGNER_FIELDS = ['fields.signatory_name', 'fields.signatory_email', 'cc_emails'];

/** The default value of each field of the definition ('' or false), kept values winning. */
export function fieldDefaults(
  definition: readonly CoFormFieldView[],
  kept: Record<string, string | boolean>,
): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const field of definition) {
    if ((CO_SPECIAL_FIELDS as readonly string[]).includes(field.name)) continue;
    values[field.name] = kept[field.name] ?? (field.type === 'checkbox' ? false : '');
  }
  return { ...kept, ...values };
}

/** What the screen knows besides the form: the deal, the CRM records and the template. */
export interface CoContext {
  templateId: string;
  dealId: string;
  selectedHSProjectId: string | null;
  selectedHSSignatoryId: string | null;
  /** The label the deal came with (else the one chosen on the form). */
  dealLabel: ChangeOrderLabel | null;
  duplicateDealId: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What create-contract and send-contract take of the form: the change order and its signers. */
export type CoRequestInput = CoContractInput & SendSignersRequest;

/** The change order as the calls take it (spec 3 §7 create payload), with its additional signers. */
export function coInputOf(values: CoFormValues, context: CoContext): CoRequestInput {
  const fields = values.fields;
  const split = isSplitPayment(text(fields.payment_terms));
  const label = context.dealLabel ?? values.associationLabel;
  return {
    templateId: context.templateId,
    deal_id: context.dealId || text(fields.deal_id),
    project_id: text(fields.project_id),
    project_address: text(fields.project_address),
    signatory_name: text(fields.signatory_name),
    signatory_email: text(fields.signatory_email),
    signatory_phone: text(fields.signatory_phone),
    description: text(fields.description),
    fee: values.fee ?? 0,
    payment_terms: text(fields.payment_terms),
    ...(split
      ? { firstPayment: values.firstPayment ?? 0, secondPayment: values.secondPayment ?? 0 }
      : {}),
    specifications_provisions: text(fields.specifications_provisions),
    main_contract_signed_date: text(fields.main_contract_signed_date) || null,
    csm_email: text(fields.csm_email),
    pm_email: text(fields.pm_email),
    cc_emails: values.cc_emails,
    associationLabel: label && isChangeOrderLabel(label) ? label : null,
    selectedHSSignatoryId: context.selectedHSSignatoryId,
    selectedHSProjectId: context.selectedHSProjectId,
    duplicateDealId: split ? context.duplicateDealId : null,
    ...signersRequest(
      values.additionalSigners ?? [],
      values.signingOrder ?? DEFAULT_SIGNING_ORDER,
      values.countersigner ?? null,
    ),
    ...emailCodeRequest(values.requireEmailCode),
  };
}

/** The edited template texts as they are sent: every `<<$name:value>>` back to `$name` (spec 3 §5). */
export function revertedTemplateFields(
  edited: Partial<Record<CoTemplateFieldKey, string>>,
): CoTemplateFields {
  return Object.fromEntries(
    Object.entries(edited).map(([key, value]) => [key, revertPlaceholderPreviews(value ?? '')]),
  ) as CoTemplateFields;
}

/**
 * What the `$placeholders` of the template texts become (the CO document's
 * own values, `coDocumentValues`), shown in the editor as `<<$name:value>>`.
 */
export function coPlaceholderValues(
  input: CoContractInput,
  label: ChangeOrderLabel | null,
): Record<string, string> {
  const values = coDocumentValues(
    coFormFieldsOf(input, {
      coLabel: label ?? CHANGE_ORDER_LABELS[0],
      notAvailableLabels: [],
      selectedHSProjectId: input.selectedHSProjectId ?? null,
      mainContractSignedDate: input.main_contract_signed_date ?? null,
      templateFields: {},
    }),
  );
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

/** What Edit and Resend leaves for /co: the stored change order and its card's recipients. */
export type CoResendDraft = CoEditResendData & {
  recipients?: Recipient[];
  requireEmailCode?: boolean;
};

/** The saved change order an Edit and Resend starts from (spec 3 §4), if the dashboard left one. */
export function loadCoResend(): CoResendDraft | null {
  const saved = readDraft(STORAGE_KEYS.editAndResendCoContractData) as Record<
    string,
    unknown
  > | null;
  if (!saved || typeof saved !== 'object') return null;
  const replacesId = draftText(saved.replacesId ?? saved._id);
  const dealId = draftText(saved.deal_id);
  if (!replacesId || !dealId) return null;
  const label = (value: unknown) =>
    typeof value === 'string' && isChangeOrderLabel(value) ? value : null;
  return {
    ...(saved as unknown as CoResendDraft),
    replacesId,
    deal_id: dealId,
    cc_emails: draftList(saved.cc_emails),
    coLabel: label(saved.coLabel) ?? label(saved.associationLabel),
    associationLabel: label(saved.associationLabel) ?? label(saved.coLabel),
    notAvailableLabels: draftList(saved.notAvailableLabels).filter(isChangeOrderLabel),
  };
}

/** The form an Edit and Resend starts with: deal, project, signatory, both payments, the staff. */
export function resendValues(resend: CoResendDraft): CoFormValues {
  const amount = (value: unknown) => {
    const number = Number(value);
    return value === '' || value == null || !Number.isFinite(number) ? null : number;
  };
  return {
    fields: {
      deal_id: resend.deal_id,
      project_id: draftText(resend.project_id),
      project_address: draftText(resend.project_address),
      signatory_name: draftText(resend.signatory_name),
      signatory_email: draftText(resend.signatory_email),
      signatory_phone: draftText(resend.signatory_phone),
      description: draftText(resend.description),
      payment_terms: draftText(resend.payment_terms),
      specifications_provisions: draftText(resend.specifications_provisions),
      main_contract_signed_date: draftText(resend.main_contract_signed_date).slice(0, 10),
      csm_email: draftText(resend.csm_email),
      pm_email: draftText(resend.pm_email),
    },
    fee: amount(resend.fee),
    firstPayment: amount(resend.firstPayment) ?? 0,
    secondPayment: amount(resend.secondPayment) ?? 0,
    cc_emails: draftList(resend.cc_emails),
    associationLabel: resend.coLabel ?? resend.associationLabel ?? '',
    projectLinked: Boolean(resend.coLabel ?? resend.associationLabel),
    // The replaced change order's other signers (the dashboard keeps its card's recipients).
    ...signersFormOf(Array.isArray(resend.recipients) ? resend.recipients : []),
    ...emailCodeFieldOf(resend.requireEmailCode),
  };
}

/** The signatory chosen on /co (spec 3 §3 `selectedSignatoryData`). */
export function loadSelectedSignatory(): ClientSignatoryView | null {
  const stored = readDraft(STORAGE_KEYS.selectedSignatoryData) as ClientSignatoryView | null;
  return stored && typeof stored === 'object' && typeof stored.id === 'string' ? stored : null;
}

export function saveSelectedSignatory(contact: ClientSignatoryView | null) {
  writeDraft(STORAGE_KEYS.selectedSignatoryData, contact);
}

/** Forgets /co's drafts once the change order is sent (spec 3 §4). */
export function clearCoDrafts() {
  clearDrafts(STORAGE_KEYS.editAndResendCoContractData, STORAGE_KEYS.selectedSignatoryData);
}
