/**
 * Rules of the change-order form (spec 3 §2 "CO creation screen", §4 "CO
 * flow", §5, §9): split payment, money steps, the association label, the
 * signatory lookup and the form's two groups. The /co screen applies them
 * while the user types; the server applies the same ones to what it receives.
 */
import { isChangeOrderLabel } from '../crm/crm-rules';

/** The payment-terms value that asks for two amounts (spec 3 §9). */
export const SPLIT_PAYMENT = 'Split Payment';

/** Fee and split amounts: dollars in steps of 10, never below 0 (spec 3 §5, §9). */
export const CO_MONEY_STEP = 10;
export const CO_MONEY_MIN = 0;

/** The form shows its first nine fields as one group, the rest as a second (spec 3 §2, §9). */
export const CO_FIRST_GROUP_SIZE = 9;

export const CO_MESSAGES = {
  noAssociatedProject:
    'There is no associated project with the Change Order deal. Select a project and its label, or update it in the CRM.',
  labelRequired: 'Select the project association label.',
  signatoryLookupFailed: 'Failed to create contract. Please try again.',
  feeInvalid: 'The fee must be a number of at least 0.',
  splitInvalid: 'Each payment must be a number of at least 0.',
  splitExceedsFee: 'The two payments cannot add up to more than the fee.',
} as const;

/** The blocking message when a typed signatory e-mail already belongs to a CRM contact (spec 3 §8). */
export function existingSignatoryMessage(email: string): string {
  return `Contact with email ${email} already exists. Please select this Signatory from the dropdown.`;
}

export function isSplitPayment(terms: string | null | undefined): boolean {
  return terms?.trim().toLowerCase() === SPLIT_PAYMENT.toLowerCase();
}

/** An amount as typed: a number, or 0 when empty or unreadable; never below 0. */
export function coAmount(value: unknown): number {
  const number =
    typeof value === 'number' ? value : Number(String(value ?? '').replace(/[$,\s]/g, ''));
  return Number.isFinite(number) && number > 0 ? number : 0;
}

export interface SplitAmounts {
  firstPayment: number;
  secondPayment: number;
}

/**
 * Editing one split amount sets the other to the fee minus it; negative
 * amounts are floored to 0 (spec 3 §4).
 */
export function followSplit(
  fee: unknown,
  edited: keyof SplitAmounts,
  value: unknown,
): SplitAmounts {
  const total = coAmount(fee);
  const typed = coAmount(value);
  const other = Math.max(0, Math.round((total - typed) * 100) / 100);
  return edited === 'firstPayment'
    ? { firstPayment: typed, secondPayment: other }
    : { firstPayment: other, secondPayment: typed };
}

/** Changing the payment terms resets both split amounts (spec 3 §2). */
export const SPLIT_RESET: SplitAmounts = { firstPayment: 0, secondPayment: 0 };

/** What happens on Create Contract with this signatory (spec 3 §5). */
export type SignatoryDecision = { kind: 'confirm' } | { kind: 'blocked'; message: string };

/**
 * A chosen signatory goes on to confirmation; a typed e-mail that a CRM
 * contact already has (count above 0) blocks; otherwise confirmation.
 */
export function signatoryDecision(input: {
  chosenSignatoryId: string | null | undefined;
  typedEmail: string;
  existingContacts: number;
}): SignatoryDecision {
  if (input.chosenSignatoryId) return { kind: 'confirm' };
  if (input.existingContacts > 0) {
    return { kind: 'blocked', message: existingSignatoryMessage(input.typedEmail.trim()) };
  }
  return { kind: 'confirm' };
}

export interface CoFieldError {
  field: string;
  message: string;
}

/** The CO form's own money and label rules; empty when they hold. */
export function coFormErrors(form: {
  fee: unknown;
  payment_terms?: string | null;
  firstPayment?: unknown;
  secondPayment?: unknown;
  /** The project came with the deal; else a label must be chosen here. */
  projectLinked: boolean;
  associationLabel?: string | null;
}): CoFieldError[] {
  const errors: CoFieldError[] = [];
  const readable = (value: unknown) => {
    if (value === null || value === undefined || String(value).trim() === '') return false;
    const number = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
    return Number.isFinite(number) && number >= CO_MONEY_MIN;
  };
  if (!readable(form.fee)) errors.push({ field: 'fee', message: CO_MESSAGES.feeInvalid });
  if (isSplitPayment(form.payment_terms)) {
    for (const field of ['firstPayment', 'secondPayment'] as const) {
      if (!readable(form[field])) errors.push({ field, message: CO_MESSAGES.splitInvalid });
    }
    if (
      errors.length === 0 &&
      coAmount(form.firstPayment) + coAmount(form.secondPayment) > coAmount(form.fee) + 0.001
    ) {
      errors.push({ field: 'secondPayment', message: CO_MESSAGES.splitExceedsFee });
    }
  }
  if (
    !form.projectLinked &&
    !(form.associationLabel && isChangeOrderLabel(form.associationLabel))
  ) {
    errors.push({ field: 'associationLabel', message: CO_MESSAGES.labelRequired });
  }
  return errors;
}

/** The form definition's fields as the screen groups them: the first nine, then the rest. */
export function coFieldGroups<T>(fields: readonly T[]): [T[], T[]] {
  return [fields.slice(0, CO_FIRST_GROUP_SIZE), fields.slice(CO_FIRST_GROUP_SIZE)];
}
