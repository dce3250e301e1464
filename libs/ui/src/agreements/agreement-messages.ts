/** The dashboards' notices (spec 2 §8 where it names them; the rest say what happened). */
export const AGREEMENT_MESSAGES = {
  fetchFailed: 'Error fetching users.',
  empty: 'No such contracts found.',
  linkCopied: 'Link copied to clipboard!',
  copyFailed: 'Failed to copy token.',
  reminderSent: 'Reminder email sent.',
  reminderFailed: (message: string) => `Failed to send reminder: ${message}`,
  cancelled: 'Contract cancelled.',
  cancelFailed: (message: string) => `Failed to cancel contract: ${message}`,
  voided: 'Contract voided.',
  voidFailed: 'Failed to void contract.',
  markedSigned: 'Contract marked as signed.',
  markSignedFailed: 'Failed to mark as signed.',
  deleted: 'Contract deleted.',
  deleteFailed: 'Failed to delete user.',
  resent: (email: string) => `Contract resent to ${email}.`,
  resendFailed: 'Failed to create contract.',
  editResendFailed: 'Failed to complete the process.',
} as const;

/** The server's message of a failed call, else `fallback`. */
export function errorText(error: unknown, fallback = 'Please try again.'): string {
  const message = (error as { message?: unknown } | null)?.message;
  if (Array.isArray(message)) return message.join(' ');
  return typeof message === 'string' && message ? message : fallback;
}
