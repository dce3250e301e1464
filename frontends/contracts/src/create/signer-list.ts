import {
  ADD_NEW_CONTACT,
  checkRecipientList,
  sendRecipientInputs,
  type FullNameOption,
  type RecipientFieldError,
  type RecipientInput,
  type RecipientListCheck,
  type SendSignersRequest,
  type SigningOrder,
} from '@prosign/domain';

/*
 * Several signers on a standard contract (issue 34 item 2): the screen's side of
 * the domain's AdditionalSigner, SigningOrder and SendSignersRequest. The rule is
 * the domain's (sendRecipientInputs + checkRecipientList), the one the server
 * applies, so the screen shows beside each field exactly what a send would refuse.
 */

// ── The screen's part ──

/** The server takes at most 9 signers besides the form's own (10 in all). */
export const MAX_ADDITIONAL_SIGNERS = 9;

/** Sequential unless staff choose otherwise: the server's default too. */
export const DEFAULT_SIGNING_ORDER: SigningOrder = 'sequential';

/** The choices as the screen lists them: the default first. */
export const SIGNING_ORDER_CHOICES: readonly SigningOrder[] = ['sequential', 'parallel'];

export const SIGNING_ORDER_LABELS: Record<SigningOrder, string> = {
  sequential: 'Sign one after the other',
  parallel: 'Sign at the same time',
};

/** One additional signer as the form holds it (text inputs). */
export interface SignerRow {
  name: string;
  email: string;
  phone: string;
}

export const EMPTY_SIGNER_ROW: SignerRow = { name: '', email: '', phone: '' };

/** What of the contract form the signer check reads. */
export interface SignerFormPart {
  full_name: string;
  email: string;
  contact_number: string;
  additional_email: string;
}

/** Where an error of the recipient list is shown: a path of the creation form's values. */
export type SignerErrorPath =
  | 'form.full_name'
  | 'form.email'
  | 'form.additional_email'
  | `additionalSigners.${number}.${'name' | 'email'}`;

export interface PlacedSignerError {
  path: SignerErrorPath | null;
  message: string;
}

/**
 * The whole list the send makes of this form, as the server builds it: the
 * form's signer, the additional ones in `order`, and the cc address.
 */
export function recipientInputsOf(
  form: SignerFormPart,
  rows: readonly SignerRow[],
  order: SigningOrder,
): RecipientInput[] {
  const cc = form.additional_email.trim();
  return sendRecipientInputs(
    { name: form.full_name, email: form.email, phone: form.contact_number },
    rows,
    order,
    cc ? [cc] : [],
  );
}

/**
 * The field a list error belongs to. The list is the form's signer (0), the
 * additional signers (1…n), then the cc address (n + 1).
 */
function placeOf(error: RecipientFieldError, rowCount: number): PlacedSignerError {
  const { message } = error;
  const match = /^recipients\.(\d+)\.(name|email)$/.exec(error.field);
  if (!match) return { path: null, message };
  const index = Number(match[1]);
  const name = match[2] as 'name' | 'email';
  if (index === 0) return { path: name === 'name' ? 'form.full_name' : 'form.email', message };
  if (index <= rowCount) return { path: `additionalSigners.${index - 1}.${name}`, message };
  return { path: 'form.additional_email', message };
}

/**
 * The check of the signers before anything is sent: the domain's recipient-list
 * rule on the list the server will build, each problem placed beside its field.
 * Without additional signers nothing is checked here (the one-signer contract
 * keeps its own checks, as before).
 */
export function signerErrors(
  form: SignerFormPart,
  rows: readonly SignerRow[],
  order: SigningOrder,
): PlacedSignerError[] {
  if (rows.length === 0) return [];
  const check: RecipientListCheck = checkRecipientList(recipientInputsOf(form, rows, order));
  return check.ok ? [] : check.errors.map((error) => placeOf(error, rows.length));
}

/**
 * The request's signer fields: none without additional signers (the body stays
 * what it was), else the trimmed signers (a phone only when given) and, for the
 * send, the order.
 */
export function signersRequest(
  rows: readonly SignerRow[],
  order: SigningOrder,
): SendSignersRequest {
  if (rows.length === 0) return {};
  return {
    additional_signers: rows.map((row) => {
      const phone = row.phone.trim();
      return { name: row.name.trim(), email: row.email.trim(), ...(phone ? { phone } : {}) };
    }),
    signing_order: order,
  };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The deal's other client signatories, offered as quick picks: those with an
 * e-mail who are neither the form's signer nor already added.
 */
export function signerPicks(
  options: readonly FullNameOption[],
  form: Pick<SignerFormPart, 'email'>,
  rows: readonly SignerRow[],
): FullNameOption[] {
  const taken = [form.email, ...rows.map((row) => row.email)].filter((email) => email.trim());
  const seen = new Set<string>();
  return options.filter((option) => {
    const email = option.email.trim().toLowerCase();
    if (option.name === ADD_NEW_CONTACT || !email || seen.has(email)) return false;
    seen.add(email);
    return !taken.some((address) => sameEmail(address, email));
  });
}
