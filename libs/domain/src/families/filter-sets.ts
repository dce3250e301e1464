/** The filter boxes a family's dashboard may offer (spec 2 §9, spec 3 §9), as families list them. */

export const STANDARD_FILTERS = [
  'all',
  'viewed',
  'notViewed',
  'signed',
  'notSigned',
  'declined',
  'cancelled',
  'expired',
] as const;

export const SOW_FILTERS = [
  'all',
  'viewed',
  'notViewed',
  'signatureSaved',
  'notSignatureSaved',
  'signed',
  'notSigned',
  'declined',
] as const;

export type AgreementFilter = (typeof STANDARD_FILTERS)[number] | (typeof SOW_FILTERS)[number];
