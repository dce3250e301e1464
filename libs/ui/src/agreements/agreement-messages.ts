import type { AgreementFamily } from '@prosign/domain';

/** What a dashboard says: its list states and the notice after each action. */
export interface AgreementMessages {
  fetchFailed: string;
  empty: string;
  linkCopied: string;
  copyFailed: string;
  reminderSent: string;
  /** `reason`: the server's message, else "Please try again.". */
  reminderFailed: (reason: string) => string;
  /** A reminder that failed without a reason from the server (network, server error). */
  reminderError: string;
  cancelled: string;
  cancelFailed: (reason: string) => string;
  /** A cancel that failed without a reason from the server (network, server error). */
  cancelError: string;
  /** A reminder or resend for a card without a recipient e-mail. */
  emailNotFound: string;
  voided: string;
  voidFailed: string;
  markedSigned: string;
  markSignedFailed: string;
  deleted: string;
  deleteFailed: string;
  resent: (email: string) => string;
  resendFailed: string;
  editResendFailed: string;
}

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

/**
 * The SOW dashboard's notices (spec 3 §8): its own words where the spec names
 * them, the contract dashboard's otherwise. A failure's reason is the server's
 * when it gave one ("Error cancelling contract. Please try again." otherwise).
 */
const SOW_AGREEMENT_MESSAGES: AgreementMessages = {
  ...AGREEMENT_MESSAGES,
  fetchFailed: 'Error while fetching contracts',
  reminderFailed: (reason) => `Error sending reminder email. ${reason}`,
  cancelled: 'The Contract has cancelled.',
  cancelFailed: (reason) => `Error cancelling contract. ${reason}`,
  voided: 'Contract successfully voided.',
  deleteFailed: 'Failed to delete the contract.',
  resent: (email) => `Contract resent successfully to ${email}.`,
  resendFailed: 'Failed to resend the contract',
  editResendFailed: 'Failed to resend the contract',
};

const FAMILY_MESSAGES: Readonly<Record<AgreementFamily, AgreementMessages>> = {
  standard: AGREEMENT_MESSAGES,
  sow: SOW_AGREEMENT_MESSAGES,
  co: AGREEMENT_MESSAGES,
};

/** The notices of a family's dashboard. */
export function agreementMessages(family: AgreementFamily): AgreementMessages {
  return FAMILY_MESSAGES[family];
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
