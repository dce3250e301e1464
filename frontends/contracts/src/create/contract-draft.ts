import {
  balanceOf,
  ADDITIONAL_FIELD_NAMES,
  amountText,
  amountValue,
  fullNameOptionsFrom,
  formatPhoneNumber,
  formatUsd,
  splitSiteAddress,
  SERVICE_FIELD_LABELS,
  STORAGE_KEYS,
  type AdditionalFieldName,
  type ClientSignatoryView,
  type CrmRecordView,
  type DealLookupView,
  type FullNameOption,
  type SigningOrder,
  type CountersignerInput,
  SIGNING_ORDERS,
} from '@prosign/domain';
import { DEFAULT_SIGNING_ORDER, type SignerRow } from '@prosign/ui/forms';

/** The additional fields of spec 2 §3: the clause texts the editor shows, labelled as on /services. */
export const CLAUSE_FIELDS = ADDITIONAL_FIELD_NAMES.map((name) => ({
  name,
  label: SERVICE_FIELD_LABELS[name],
}));
export type ClauseName = AdditionalFieldName;
export type Clauses = Record<ClauseName, string>;

/** Read-only in the editor (spec 2 §3). */
export const READ_ONLY_CLAUSES: readonly ClauseName[] = ['licensingAndInsurance'];

/** Where the creation screen is: form, clause editor, preview of the saved document. */
type CreationStep = 'form' | 'editor' | 'preview';

/** The contract form data of spec 2 §3 as the screen holds it (text inputs). */
export interface ContractForm {
  [field: string]: string;
  cost: string;
  deposit: string;
  progress: string;
  balance: string;
  full_name: string;
  email: string;
  contact_number: string;
  additional_email: string;
  site_address: string;
  city: string;
  state: string;
  zipcode: string;
  csm_email: string;
  pm_email: string;
  hs_deal_id: string;
  /** The deal's CRM pipeline: stored with the agreement for Insights' pipeline filter. */
  hs_pipeline: string;
  stage: string;
  project_type: string;
}

export const EMPTY_FORM: ContractForm = {
  cost: '',
  deposit: '',
  progress: '0',
  balance: '',
  full_name: '',
  email: '',
  contact_number: '',
  company_name: '',
  additional_email: '',
  site_address: '',
  city: '',
  state: '',
  zipcode: '',
  csm_email: '',
  pm_email: '',
  hs_deal_id: '',
  hs_pipeline: '',
  stage: '',
  project_type: '',
};

/** Everything the screen keeps across a reload (`contractFormData` in local storage). */
export interface ContractDraft {
  step: CreationStep;
  search_term: string;
  serviceType: string;
  /** '' until chosen: the count is mandatory. */
  t24ReportCount: string;
  form: ContractForm;
  fullNameOptions: FullNameOption[];
  clauses: Clauses | null;
  /** The created document, once saved. */
  docLink: string | null;
  /** Edit and Resend of a cancelled or expired contract: its token (skips the deal check). */
  replacesToken: string | null;
  /** The chosen deal as the left panel sums it up. */
  deal: DealSummary | null;
  /** Signers besides the form's own, in the order they sign. */
  additionalSigners: SignerRow[];
  /** With additional signers: one after the other, or all at once. */
  signingOrder: SigningOrder;
  /** The firm's countersigner (null: none). */
  countersigner: CountersignerInput | null;
  /** "Require an e-mail code"; null: the family's default. */
  requireEmailCode?: boolean | null;
}

/** What the left panel shows of the chosen deal (client, address, stage, amount). */
export interface DealSummary {
  dealId: string;
  client: string;
  address: string;
  /** The CRM's name of the stage, or its id when the CRM gave no label. */
  stage: string;
  amount: string;
}

/** The deal's summary: its signatories (or its name) as the client, its site and stage label. */
export function dealSummaryOf(lookup: DealLookupView): DealSummary {
  const p = lookup.deal.properties;
  const names = lookup.clientSignatories
    .map((signatory) => [signatory.firstname, signatory.lastname].filter(Boolean).join(' ').trim())
    .filter(Boolean);
  const amount = amountValue(p.amount);
  return {
    dealId: lookup.deal.id,
    client: names.join(', ') || p.dealname || '',
    address: [p.address, p.city, [p.state, p.zip ?? p.zipcode].filter(Boolean).join(' ')]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(', '),
    stage: lookup.stageLabel || p.dealstage || '',
    amount: amount ? formatUsd(amount) : '',
  };
}

/**
 * The contract form in groups a person scans (client, site, fees, team, deal);
 * a service's own fields go under Details. Order within a group follows the
 * form definition.
 */
const FIELD_GROUPS: readonly { title: string; names: readonly string[] }[] = [
  {
    title: 'Client',
    names: ['full_name', 'email', 'contact_number', 'company_name', 'additional_email'],
  },
  { title: 'Site', names: ['site_address', 'city', 'state', 'zipcode', 'project_type'] },
  { title: 'Fees', names: ['cost', 'deposit', 'progress', 'balance'] },
  { title: 'Team', names: ['csm_email', 'pm_email'] },
  { title: 'Deal', names: ['hs_deal_id', 'stage'] },
];

export function groupFields<F extends { name: string }>(
  fields: readonly F[],
): { title: string; fields: F[] }[] {
  const grouped = new Set(FIELD_GROUPS.flatMap((group) => group.names));
  const groups = FIELD_GROUPS.map((group) => ({
    title: group.title,
    fields: fields.filter((field) => group.names.includes(field.name)),
  }));
  const details = fields.filter((field) => !grouped.has(field.name));
  groups.splice(2, 0, { title: 'Details', fields: details });
  return groups.filter((group) => group.fields.length > 0);
}

/** How a read-only value reads: the stage's label, a multi-valued CRM property as a list. */
export function readOnlyDisplay(name: string, value: string, deal: DealSummary | null): string {
  if (name === 'stage') return deal?.stage || value;
  if (name === 'project_type') return value.split(';').filter(Boolean).join(', ');
  return value;
}

export const EMPTY_DRAFT: ContractDraft = {
  step: 'form',
  search_term: '',
  serviceType: '',
  t24ReportCount: '',
  form: EMPTY_FORM,
  fullNameOptions: [],
  clauses: null,
  docLink: null,
  replacesToken: null,
  deal: null,
  additionalSigners: [],
  signingOrder: DEFAULT_SIGNING_ORDER,
  countersigner: null,
  requireEmailCode: null,
};

export function loadDraft(storage: Storage | undefined = globalThis.localStorage): ContractDraft {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.contractFormData);
    if (!raw) return EMPTY_DRAFT;
    const parsed = JSON.parse(raw) as Partial<ContractDraft>;
    return {
      ...EMPTY_DRAFT,
      ...parsed,
      form: { ...EMPTY_FORM, ...(parsed.form ?? {}) },
      // A draft saved before several signers has none.
      additionalSigners: Array.isArray(parsed.additionalSigners) ? parsed.additionalSigners : [],
      signingOrder: SIGNING_ORDERS.includes(parsed.signingOrder as SigningOrder)
        ? (parsed.signingOrder as SigningOrder)
        : DEFAULT_SIGNING_ORDER,
      countersigner: parsed.countersigner?.email ? parsed.countersigner : null,
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(draft: ContractDraft, storage = globalThis.localStorage): void {
  try {
    storage?.setItem(STORAGE_KEYS.contractFormData, JSON.stringify(draft));
  } catch {
    // A full or disabled storage only loses the draft.
  }
}

/** After the final send (spec 2 §4): the draft and the selected card go. */
export function clearDraft(storage = globalThis.localStorage): void {
  storage?.removeItem(STORAGE_KEYS.contractFormData);
  storage?.removeItem(STORAGE_KEYS.selectedUserCardData);
}

/**
 * The form prefilled from a CRM deal (spec 2 §2.1): amounts, the address split
 * (or the deal's own city/state/zip), CSM from the deal owner, project type,
 * stage, and the signatory when there is exactly one.
 */
export function formFromDeal(
  deal: CrmRecordView,
  signatories: readonly ClientSignatoryView[],
  csmEmail: string,
): { form: ContractForm; fullNameOptions: FullNameOption[] } {
  const p = deal.properties;
  const split = splitSiteAddress(p.address);
  const cost = amountValue(p.amount);
  const deposit = amountValue(p.deposit_amount);
  const progress = amountValue(p.progress_amount);
  const fullNameOptions = fullNameOptionsFrom(signatories);
  const only = fullNameOptions.length === 1 ? fullNameOptions[0] : null;
  return {
    fullNameOptions,
    form: {
      ...EMPTY_FORM,
      cost: cost ? amountText(cost) : '',
      deposit: deposit ? amountText(deposit) : '',
      progress: amountText(progress),
      balance: cost ? amountText(balanceOf({ cost, deposit, progress })) : '',
      site_address: split.site_address,
      city: split.city || (p.city ?? ''),
      state: split.state || (p.state ?? ''),
      zipcode: split.zipcode || (p.zip ?? p.zipcode ?? ''),
      csm_email: csmEmail,
      hs_deal_id: deal.id,
      hs_pipeline: p.pipeline ?? '',
      stage: p.dealstage ?? '',
      project_type: p.project_type ?? '',
      full_name: only?.name ?? '',
      email: only?.email ?? '',
      contact_number: only ? formatPhoneNumber(only.phone) : '',
    },
  };
}
