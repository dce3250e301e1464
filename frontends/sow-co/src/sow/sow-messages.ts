/** Spec 3 §8 notices of the SOW creation screen. */
export const SOW_MESSAGES = {
  created: 'Contract is created',
  createFailed: 'Failed to create the contract',
  sendFailed: 'Failed to send the contract',
  crmFailed: 'Failed to update project and create contract. Please try again.',
  projectFailed: 'failed to search projects',
  saved: 'The document is saved: preview it, then send it.',
  downloaded: 'downloaded successfully',
  sent: (email: string) => `Contract sent successfully to ${email}.`,
} as const;
