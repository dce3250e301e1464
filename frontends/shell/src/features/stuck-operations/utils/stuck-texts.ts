import {
  isAgreementFamily,
  familyDefinition,
  CONTRACT_SEND_STEP_LABELS,
  SEAL_WAITING_MESSAGES,
  type StuckOperation,
} from '@prosign/domain';

export const STUCK_TEXTS = {
  title: 'Stuck operations',
  description:
    'Sends and finishes that stopped at a step. The worker keeps trying each one until it gives up.',
  loading: 'Loading stuck operations…',
  failed: 'The stuck operations could not be loaded',
  empty: 'Nothing is stuck.',
  refresh: 'Refresh',
  refreshing: 'Refreshing…',
  givenUp: 'Given up',
  retrying: 'Retrying',
  lowerSeal: 'Seal at a lower level…',
  linkSection: 'Operations',
  linkText: 'sends and finishes stopped at a step, and a way out for a seal that waits.',
} as const;

export const LOWER_SEAL_TEXTS = {
  title: 'Seal at a lower level',
  level: 'Level',
  reason: 'Reason',
  reasonHint: 'Required. Shown in the audit trail.',
  reasonRequired: 'Say why, in at most 500 characters.',
  levelRequired: 'Choose a level.',
  warning: 'The sealed PDF and its audit trail will say that you chose a lower level, and why.',
  configured: (level: string) => `Configured level: ${level}.`,
  noLevel: 'There is no level below the configured one, so this agreement can only wait.',
  healthFailed: 'The configured level could not be read.',
  confirm: 'Confirm',
  confirming: 'Sealing…',
  cancel: 'Cancel',
  close: 'Close',
} as const;

const STEP_WORDS: Readonly<Record<string, string>> = {
  ...CONTRACT_SEND_STEP_LABELS,
  signaturePlaced: 'Placing the signature',
  auditTrail: 'Writing the audit trail',
  merged: 'Sealing the signed PDF',
  signedCopyMail: 'Mailing the signed copy',
  crmStageSigned: 'Moving the CRM deal to signed',
  signedPdfFiled: 'Filing the signed PDF',
};

/** The step in words: a known step's label, else its name split into words. */
export function stepInWords(step: string | null): string {
  if (!step) return 'Unknown step';
  const known = STEP_WORDS[step];
  if (known) return known;
  const words = step.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The error in plain words: what a waiting seal waits for, else the error as recorded. */
export function errorInWords(operation: Pick<StuckOperation, 'lastError'>): string {
  const error = operation.lastError?.trim() ?? '';
  if (!error) return 'No error was recorded.';
  const waiting = SEAL_WAITING_MESSAGES.find((message) => error.includes(message));
  if (waiting) return `${waiting}; it is tried again until it answers.`;
  return error;
}

export const OPERATION_WORDS: Readonly<Record<StuckOperation['operation'], string>> = {
  send: 'send',
  finish: 'finish',
};

/** "Change order" for `co`; an unknown family as recorded. */
export function familyInWords(family: string): string {
  return isAgreementFamily(family) ? familyDefinition(family).label : family;
}
