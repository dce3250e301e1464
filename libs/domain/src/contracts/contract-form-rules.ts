/**
 * Rules of the standard contract form (spec 2 §2.1, §5): amounts, phone,
 * address split, full-name choices, validation and the editor's
 * basic-services rule. The creation screen applies them while typing; the
 * server applies the same ones to what it receives.
 */
import { balanceOf } from '../agreements/agreement-rules';

/** Amounts as the form holds them: the text in each input. */
export interface ContractAmounts {
  cost: string;
  deposit: string;
  progress: string;
  balance: string;
}

/** The amount inputs a person types into; balance is derived. */
export type EditableAmountField = 'cost' | 'deposit' | 'progress';

/** The service whose amounts follow the full-payment rule (spec 2 §5). */
const INSPECTION_SERVICE = 'Inspection';

function isInspectionService(serviceType: string | null | undefined): boolean {
  return serviceType?.trim().toLowerCase() === INSPECTION_SERVICE.toLowerCase();
}

/** A typed amount as a number; empty or unreadable text counts as 0 for derived amounts. */
export function amountValue(text: string | number | null | undefined): number {
  if (typeof text === 'number') return Number.isFinite(text) ? text : 0;
  const cleaned = (text ?? '').replace(/[$,\s]/g, '');
  if (cleaned === '') return 0;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : 0;
}

/** A derived amount as form text: whole cents, no trailing zeros ("1250", "1250.5"). */
export function amountText(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * The amounts after a person typed `value` into `field` (spec 2 §5).
 * Inspection: a new cost becomes the deposit (progress and balance 0); a new
 * deposit or progress makes the cost their sum. Other services: a new cost is
 * split in half between deposit and balance (no progress payment); a new
 * deposit or progress makes the balance cost − deposit − progress.
 */
export function applyAmountChange(
  amounts: ContractAmounts,
  field: EditableAmountField,
  value: string,
  serviceType: string | null | undefined,
): ContractAmounts {
  const next: ContractAmounts = { ...amounts, [field]: value };
  if (isInspectionService(serviceType)) {
    if (field === 'cost') {
      return { cost: value, deposit: value, progress: '0', balance: '0' };
    }
    const sum = amountValue(next.deposit) + amountValue(next.progress);
    return { ...next, cost: amountText(sum), balance: '0' };
  }
  if (field === 'cost') {
    const cost = amountValue(value);
    const deposit = Math.round((cost / 2) * 100) / 100;
    return {
      cost: value,
      deposit: amountText(deposit),
      progress: '0',
      balance: amountText(balanceOf({ cost, deposit, progress: 0 })),
    };
  }
  const balance = balanceOf({
    cost: amountValue(next.cost),
    deposit: amountValue(next.deposit),
    progress: amountValue(next.progress),
  });
  return { ...next, balance: amountText(balance) };
}

/** Phone numbers are +1 and ten digits (spec 2 §5, §9). */
const PHONE_PREFIX = '+1';
export const PHONE_MAX_LENGTH = 12;
export const PHONE_PLACEHOLDER = '+1XXXXXXXXXX';

/**
 * What the phone field shows for typed or pasted text: "+1" followed by at most
 * ten digits, everything else dropped. A leading country code 1 is not taken
 * for the first digit of the number. No digits at all leaves the field empty.
 */
export function formatPhoneNumber(input: string | null | undefined): string {
  const text = (input ?? '').trim();
  let digits = text.replace(/\D/g, '');
  if (text.startsWith(PHONE_PREFIX) || (digits.length === 11 && digits.startsWith('1'))) {
    digits = digits.slice(1);
  }
  digits = digits.slice(0, PHONE_MAX_LENGTH - PHONE_PREFIX.length);
  return digits ? `${PHONE_PREFIX}${digits}` : '';
}

export function isCompletePhoneNumber(phone: string): boolean {
  return /^\+1\d{10}$/.test(phone);
}

/** The address parts of the contract form. */
export interface SiteAddressParts {
  site_address: string;
  city: string;
  state: string;
  zipcode: string;
}

const ADDRESS_PATTERN =
  /^(.+),\s*([^,]+?),\s*([A-Za-z]{2})\s*,?\s*(\d{5})(?:-\d{4})?(?:\s*,\s*(?:USA|US|United States))?$/i;

/**
 * Splits "street, city, ST 12345" (a CRM deal address) into street, city,
 * two-letter state and five-digit zip (spec 2 §5). Text that does not fit goes
 * whole into the site address, the other parts empty.
 */
export function splitSiteAddress(text: string | null | undefined): SiteAddressParts {
  const whole = (text ?? '').trim().replace(/\s+/g, ' ');
  const match = ADDRESS_PATTERN.exec(whole);
  if (!match) return { site_address: whole, city: '', state: '', zipcode: '' };
  return {
    site_address: match[1].trim(),
    city: match[2].trim(),
    state: match[3].toUpperCase(),
    zipcode: match[4],
  };
}

/** A signatory as the CRM gives it. */
export interface SignatoryContact {
  firstname?: string | null;
  middlename?: string | null;
  lastname?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** One choice of the full-name list (spec 2 §3 fullNameOptions). */
export interface FullNameOption {
  name: string;
  email: string;
  phone: string;
}

/** The entry of the full-name list that starts a new contact. */
export const ADD_NEW_CONTACT = 'Add New Contact';

export function fullNameOf(contact: SignatoryContact): string {
  return [contact.firstname, contact.middlename, contact.lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

export function fullNameOptionsFrom(signatories: readonly SignatoryContact[]): FullNameOption[] {
  return signatories.map((contact) => ({
    name: fullNameOf(contact),
    email: contact.email?.trim() ?? '',
    phone: formatPhoneNumber(contact.phone),
  }));
}

export interface SignatoryFields {
  full_name: string;
  email: string;
  contact_number: string;
}

/**
 * The name, e-mail and phone after a full-name choice: a listed signatory fills
 * all three; 'Add New Contact' clears e-mail and phone for a new person.
 */
export function signatoryFieldsFor(
  choice: string,
  options: readonly FullNameOption[],
): SignatoryFields {
  if (choice === ADD_NEW_CONTACT) return { full_name: '', email: '', contact_number: '' };
  const option = options.find((candidate) => candidate.name === choice);
  if (!option) return { full_name: choice, email: '', contact_number: '' };
  return { full_name: option.name, email: option.email, contact_number: option.phone };
}

/** Messages of spec 2 §5 and §8 shown by the creation screen (and the server where it applies). */
export const CONTRACT_MESSAGES = {
  depositInvalid: 'Deposit must be a number greater than 0.',
  costInvalid: 'Cost must be a number greater than 0.',
  csmRequired: 'CSM email is required.',
  amountsExceedCost: 'Deposit and progress payment together must not exceed the cost.',
  creationFailed: 'Failed to create document.',
  creationFailedInEditor: 'Failed to create document with error',
  dealCheckFailed: 'Could not verify HubSpot deal. Please try again.',
  dealUpdateFailed: 'Failed to update deal. Please try again.',
  dealUpdated: 'Deal updated successfully!',
  contactCheckFailed: 'Error checking contact. Please try again.',
  sendFailed: 'Failed to send PDF and/or save document token.',
  downloaded: 'Contract is downloaded successfully',
  downloadFailed: 'Failed to downloaded the contract',
  linkCopied: 'Link copied to clipboard!',
  linkCopyFailed: 'Failed to copy token.',
  noMatchingAddresses: 'No matching addresses',
  typeToSearch: 'Type to search...',
} as const;

/** The existing-contact check of the missing-properties modal (spec 2 §5). */
export function contactCheckMessage(email: string, existingCount: number): string {
  return existingCount > 0
    ? `A contact with ${email} already exists and will be associated with the deal.`
    : `No contact with ${email} exists; a new contact will be created.`;
}

export interface ContractAmountsAndCsm {
  cost?: string | number | null;
  deposit?: string | number | null;
  progress?: string | number | null;
  csm_email?: string | null;
}

function isPositiveNumber(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return false;
  const number = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
  return Number.isFinite(number) && number > 0;
}

/**
 * The validation messages of spec 2 §5 for a contract form, in the order the
 * spec lists them; empty when the form may be created.
 */
export function contractFormErrors(form: ContractAmountsAndCsm): string[] {
  const errors: string[] = [];
  if (!isPositiveNumber(form.deposit)) errors.push(CONTRACT_MESSAGES.depositInvalid);
  if (!isPositiveNumber(form.cost)) errors.push(CONTRACT_MESSAGES.costInvalid);
  if (!form.csm_email?.trim()) errors.push(CONTRACT_MESSAGES.csmRequired);
  if (
    errors.length === 0 &&
    amountValue(form.deposit) + amountValue(form.progress) > amountValue(form.cost) + 0.001
  ) {
    errors.push(CONTRACT_MESSAGES.amountsExceedCost);
  }
  return errors;
}

/** Spec 2 §5: the editor blocks saving an unchanged basic-services text of such a service. */
function basicServicesUnchangedMessage(serviceName: string): string {
  return `Please update the Basic Engineer Services for ${serviceName} to proceed`;
}

const normalisedText = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The message blocking the save, or `null`: for a service flagged
 * changeBasicServices the basic-services text must differ from the service's
 * text (formatting and whitespace alone do not count as a change).
 */
export function basicServicesSaveBlock(
  service: { serviceName: string; changeBasicServices: boolean },
  originalText: string | null | undefined,
  editedText: string | null | undefined,
): string | null {
  if (!service.changeBasicServices) return null;
  return normalisedText(originalText) === normalisedText(editedText)
    ? basicServicesUnchangedMessage(service.serviceName)
    : null;
}
