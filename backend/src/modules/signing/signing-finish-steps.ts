/** The steps of finishing a signature, in order, after the atomic claim (spec 1 §4.1). */
export const SIGNING_FINISH_STEPS = [
  'signaturePlaced',
  'auditTrail',
  'merged',
  // The signer's copy before the CRM move and the file service: their failure never withholds it.
  'signedCopyMail',
  'crmStageSigned',
  'signedPdfFiled',
] as const;
export type SigningFinishStep = (typeof SIGNING_FINISH_STEPS)[number];
