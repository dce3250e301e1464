import { SOURCE_LANGUAGE, type SignerMessages } from '@prosign/domain';

/** The reading view's own words (not the agreement's), in the page's language. */
export function readingTexts(m: SignerMessages) {
  return {
    jumpTo: m.format('reading.jumpTo'),
    signatureHere: m.format('reading.signatureHere'),
    signatureOf: (name: string) => m.format('reading.signatureOf', { name }),
    /** A saved drawn or uploaded signature (no text to show). */
    signatureSaved: m.format('reading.signatureSavedHere'),
    dateHere: m.format('reading.dateHere'),
    initialsHere: (page: number) => m.format('reading.initialsHere', { page }),
    pageOf: (page: number, pages: number) => m.format('reading.progress', { page, pages }),
  };
}

/**
 * The agreement's own words are in its language (English) whatever the page's: said to screen
 * readers, and the marks the signer fills in are in the page's.
 */
export const AGREEMENT_LANGUAGE = SOURCE_LANGUAGE;

export type ReadingTexts = ReturnType<typeof readingTexts>;
