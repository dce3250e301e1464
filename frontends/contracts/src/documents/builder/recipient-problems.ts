// What is wrong with the signers staff entered in the builder, by the rule every send applies
// (checkRecipientList, libs/domain recipient-list.ts), each problem on the recipient and the
// input it is about.
import {
  checkRecipientList,
  nameFromStaffEmail,
  type PlacementRecipient,
  type RecipientInput,
} from '@prosign/domain';

export type RecipientInputName = 'name' | 'email';

interface RecipientProblem {
  /** The recipient it is about; null for the list as a whole (or a copy address). */
  recipientId: string | null;
  input: RecipientInputName | null;
  message: string;
  /** Which copy address it is about (its place in the list given), when it is one. */
  copyIndex?: number;
}

/** The id of a recipient's input in the builder, so a problem can take staff to it. */
export function recipientInputId(recipientId: string, input: RecipientInputName): string {
  return `ps-doc-recipient-${recipientId}-${input}`;
}

function inputOf(recipient: PlacementRecipient, position: number): RecipientInput {
  if (recipient.role === 'countersigner') {
    const email = recipient.email.trim();
    return {
      role: 'countersigner',
      name: recipient.name.trim() || (email ? nameFromStaffEmail(email) : ''),
      email,
      order: position,
      staffUserId: email,
    };
  }
  return { role: recipient.role, name: recipient.name, email: recipient.email, order: position };
}

/**
 * The list's problems, at most one per recipient's input, in list order: a signer without a
 * name or a valid e-mail, two signers with one address, a countersigner not chosen or who
 * also signs, and (given `copyTo`) a copy address that is invalid, repeated or a signer's.
 */
export function recipientProblems(
  recipients: readonly PlacementRecipient[],
  copyTo: readonly string[] = [],
): RecipientProblem[] {
  const copies = copyTo.map((email) => email.trim()).filter(Boolean);
  const check = checkRecipientList([
    ...recipients.map((recipient, index) => inputOf(recipient, index + 1)),
    ...copies.map((email): RecipientInput => ({ role: 'cc', email })),
  ]);
  if (check.ok) return [];
  const problems: RecipientProblem[] = [];
  const seen = new Set<string>();
  // The countersigner is one choice of a staff member (their name comes from it): the choice's
  // problem is theirs alone, not a name or an address typed.
  const countersignerUnchosen = new Set(
    check.errors.flatMap((error) => {
      const match = /^recipients\.(\d+)\.staffUserId$/.exec(error.field);
      return match ? [Number(match[1])] : [];
    }),
  );
  const errors = check.errors.filter((error) => {
    const match = /^recipients\.(\d+)\.(name|email)$/.exec(error.field);
    if (!match || recipients[Number(match[1])]?.role !== 'countersigner') return true;
    return match[2] === 'email' && !countersignerUnchosen.has(Number(match[1]));
  });
  for (const error of errors) {
    const match = /^recipients\.(\d+)\.(\w+)$/.exec(error.field);
    const index = match ? Number(match[1]) : -1;
    const recipient = recipients[index];
    const input: RecipientInputName | null = match
      ? match[2] === 'name'
        ? 'name'
        : 'email'
      : null;
    const problem: RecipientProblem = recipient
      ? { recipientId: recipient.id, input, message: error.message }
      : index >= 0
        ? { recipientId: null, input, message: error.message, copyIndex: index - recipients.length }
        : { recipientId: null, input: null, message: error.message };
    const key = `${problem.recipientId}:${problem.copyIndex}:${problem.input}`;
    if (problem.input !== null && seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}
