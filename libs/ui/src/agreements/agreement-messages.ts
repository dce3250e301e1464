import {
  familyDefinition,
  type AgreementFamily,
  type AgreementMessages,
  type FamilyDefinition,
} from '@prosign/domain';

export type { AgreementMessages } from '@prosign/domain';

/** The contract dashboard's notices (spec 2 §8 where it names them; the rest say what happened). */
export const AGREEMENT_MESSAGES = {
  fetchFailed: 'Error fetching users.',
  empty: 'No such contracts found.',
  linkCopied: 'Link copied to clipboard!',
  copyFailed: 'Failed to copy token.',
  reminderSent: 'Reminder email sent.',
  reminderFailed: (message: string) => `Failed to send reminder: ${message}`,
  reminderError: 'Error sending reminder email. Please try again.',
  cancelled: 'Contract cancelled.',
  cancelFailed: (message: string) => `Failed to cancel contract: ${message}`,
  cancelError: 'Error cancelling contract. Please try again.',
  emailNotFound: 'Error: Email not found.',
  voided: 'Contract voided.',
  voidFailed: 'Failed to void contract.',
  markedSigned: 'Contract marked as signed.',
  markSignedFailed: 'Failed to mark as signed.',
  deleted: 'Contract deleted.',
  deleteFailed: 'Failed to delete user.',
  resent: (email: string) => `Contract resent to ${email}.`,
  resendFailed: 'Failed to create contract.',
  editResendFailed: 'Failed to complete the process.',
} as const satisfies AgreementMessages;

// By definition, not id: a family registered again (tests) has its own words.
const familyMessages = new WeakMap<FamilyDefinition, AgreementMessages>();

/** The notices of a family's dashboard: its own words over the contract dashboard's (one object per family). */
export function agreementMessages(family: AgreementFamily): AgreementMessages {
  const definition = familyDefinition(family);
  let messages = familyMessages.get(definition);
  if (!messages) {
    messages = { ...AGREEMENT_MESSAGES, ...definition.dashboard.messages };
    familyMessages.set(definition, messages);
  }
  return messages;
}

/** The server's own message of a refused call (a 4xx), else undefined. */
export function refusalText(error: unknown): string | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const message = errorText(error, '');
  return message || undefined;
}

/** The server's message of a failed call, else `fallback`. */
export function errorText(error: unknown, fallback = 'Please try again.'): string {
  const message = (error as { message?: unknown } | null)?.message;
  if (Array.isArray(message)) return message.join(' ');
  return typeof message === 'string' && message ? message : fallback;
}
