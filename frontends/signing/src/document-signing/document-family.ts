/**
 * The id of the family whose signer fills fields placed on any uploaded PDF ("document"): its
 * link opens this folder's step instead of the summary and rendered agreement. Its own module,
 * so the link flow tells the family without loading the step.
 */
export const DOCUMENT_FAMILY_ID = 'document';
