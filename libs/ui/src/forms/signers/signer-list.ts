import {
  ADD_NEW_CONTACT,
  checkRecipientList,
  sendRecipientInputs,
  type AdditionalSigner,
  type CountersignerInput,
  type FullNameOption,
  type Recipient,
  type RecipientFieldError,
  type RecipientInput,
  type RecipientListCheck,
  type SendSignersRequest,
  type SigningOrder,
} from '@prosign/domain';

/*
 * Several signers on a creation screen (`/`, `/sow`, `/co`): the
 * screens' side of the domain's AdditionalSigner, SigningOrder and
 * SendSignersRequest. The rule is the domain's (sendRecipientInputs +
 * checkRecipientList), the one the server applies, so a screen shows beside each
 * field exactly what a send would refuse. Every screen keeps its rows under
 * `additionalSigners` and the order under `signingOrder` (SignersFormValues).
 */

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

/** The part of a creation form the AdditionalSigners fields bind to. */
export interface SignersFormValues {
  additionalSigners: SignerRow[];
  signingOrder: SigningOrder;
  /** The firm's countersigner (null: none): the FormCountersigner field. */
  countersigner: CountersignerInput | null;
  /** "Require an e-mail code" (null or absent: the family's default): FormEmailCode. */
  requireEmailCode?: boolean | null;
}

/** Where a row's problem is shown: the row's own field. */
type SignerRowPath = `additionalSigners.${number}.${'name' | 'email'}`;

/** Where the screen shows problems of its own signer and copy addresses (its field paths). */
export interface SignerFieldPaths<P extends string> {
  firstName: P;
  firstEmail: P;
  /** The field of the n-th copy address (a list field names them all). */
  copy: (index: number) => P;
}

export interface PlacedSignerError<P extends string> {
  path: P | SignerRowPath | null;
  message: string;
}

/**
 * The field a list error belongs to. The list is the form's signer (0), the
 * additional signers (1…n), then the copy addresses (n + 1…).
 */
function placeOf<P extends string>(
  error: RecipientFieldError,
  rowCount: number,
  paths: SignerFieldPaths<P>,
): PlacedSignerError<P> {
  const { message } = error;
  const match = /^recipients\.(\d+)\.(name|email)$/.exec(error.field);
  if (!match) return { path: null, message };
  const index = Number(match[1]);
  const name = match[2] as 'name' | 'email';
  if (index === 0) return { path: name === 'name' ? paths.firstName : paths.firstEmail, message };
  if (index <= rowCount) return { path: `additionalSigners.${index - 1}.${name}`, message };
  return { path: paths.copy(index - rowCount - 1), message };
}

/**
 * The whole list the send makes of a form, as the server builds it: the form's
 * signer, the additional ones in `order`, and the copy addresses.
 */
function recipientInputsOf(
  first: AdditionalSigner,
  rows: readonly SignerRow[],
  order: SigningOrder,
  copyTo: readonly string[],
): RecipientInput[] {
  const copies = copyTo.map((email) => email.trim()).filter(Boolean);
  return sendRecipientInputs(first, rows, order, copies);
}

/**
 * The check of the signers before anything is sent: the domain's recipient-list
 * rule on the list the server will build, each problem placed beside its field.
 * Without additional signers nothing is checked here (the one-signer form keeps
 * its own checks, as before).
 */
export function signerErrors<P extends string>(
  first: AdditionalSigner,
  rows: readonly SignerRow[],
  order: SigningOrder,
  copyTo: readonly string[],
  paths: SignerFieldPaths<P>,
): PlacedSignerError<P>[] {
  if (rows.length === 0) return [];
  // Blank copy entries are not sent: they are left out before the check, as the server does.
  const copies = copyTo.map((email, index) => ({ email: email.trim(), index }));
  const given = copies.filter((copy) => copy.email);
  const check: RecipientListCheck = checkRecipientList(
    recipientInputsOf(
      first,
      rows,
      order,
      given.map((copy) => copy.email),
    ),
  );
  if (check.ok) return [];
  const copyPath = (n: number) => paths.copy(given[n]?.index ?? n);
  return check.errors.map((error) => placeOf(error, rows.length, { ...paths, copy: copyPath }));
}

/**
 * The request's signer fields: the trimmed additional signers (a phone only when given)
 * and the order when there are any, and the firm's countersigner when one is chosen;
 * nothing else (the body stays what it was with one signer and no countersignature).
 */
export function signersRequest(
  rows: readonly SignerRow[],
  order: SigningOrder,
  countersigner: CountersignerInput | null = null,
): SendSignersRequest {
  const firm = countersigner?.email.trim() ? { countersigner } : {};
  if (rows.length === 0) return firm;
  return {
    additional_signers: rows.map((row) => {
      const phone = row.phone.trim();
      return { name: row.name.trim(), email: row.email.trim(), ...(phone ? { phone } : {}) };
    }),
    signing_order: order,
    ...firm,
  };
}

/**
 * The additional signers and their order of a sent agreement (its card's recipients), and its
 * countersigner, as the form holds them: Edit and Resend starts from them. The first signer is
 * the form's own; the others in signing order; all in one order is "at the same time".
 */
export function signersFormOf(
  recipients: readonly Pick<
    Recipient,
    'id' | 'role' | 'name' | 'email' | 'phone' | 'order' | 'staffUserId' | 'title'
  >[] = [],
): SignersFormValues {
  const firm = recipients.find((recipient) => recipient.role === 'countersigner');
  const signers = recipients
    .filter((recipient) => recipient.role === 'signer')
    .sort((a, b) => a.order - b.order);
  const others = signers.slice(1);
  const parallel = others.length > 0 && signers.every((signer) => signer.order === 1);
  return {
    additionalSigners: others.map((signer) => ({
      name: signer.name,
      email: signer.email,
      phone: signer.phone ?? '',
    })),
    signingOrder: parallel ? 'parallel' : DEFAULT_SIGNING_ORDER,
    countersigner: firm
      ? {
          email: firm.staffUserId || firm.email,
          name: firm.name,
          ...(firm.title ? { title: firm.title } : {}),
        }
      : null,
  };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The record's other contacts (the deal's signatories, the project's contacts),
 * offered as quick picks: those with an e-mail who are neither the form's signer
 * nor already added.
 */
export function signerPicks(
  options: readonly FullNameOption[],
  firstEmail: string,
  rows: readonly SignerRow[],
): FullNameOption[] {
  const taken = [firstEmail, ...rows.map((row) => row.email)].filter((email) => email.trim());
  const seen = new Set<string>();
  return options.filter((option) => {
    const email = option.email.trim().toLowerCase();
    if (option.name === ADD_NEW_CONTACT || !email || seen.has(email)) return false;
    seen.add(email);
    return !taken.some((address) => sameEmail(address, email));
  });
}
