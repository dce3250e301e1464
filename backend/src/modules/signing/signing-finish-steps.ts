/** The steps of finishing a signature, in order, after the atomic claim (spec 1 §4.1). */
export const SIGNING_FINISH_STEPS = [
  'signaturePlaced',
  'auditTrail',
  'merged',
  'crmStageSigned',
  'signedPdfFiled',
  'signedCopyMail',
] as const;
export type SigningFinishStep = (typeof SIGNING_FINISH_STEPS)[number];
