/**
 * The language tags the signing pages start from, apart from the catalogues and their
 * formatter (signer-messages.ts), so a page can name them without loading either.
 */

/** English: the catalogue every other one translates, and the default for a recipient. */
export const SOURCE_LANGUAGE = 'en';

/** The pseudo-locale's tag (Unicode's private-use region for accented English). */
export const PSEUDO_LANGUAGE = 'en-XA';
