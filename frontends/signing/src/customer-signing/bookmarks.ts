import type { PdfBookmark } from '@prosign/ui';

/*
 * Where the viewer scrolls when a step opens if the server did not say
 * (verifyToken's `bookmarks` carries the exact slots of our own document
 * engine): the agreement layout puts the signature block at the end of the
 * last page and the initials at the foot of the pages.
 */
export function signatureBookmark(pageCount: number): PdfBookmark {
  return { page: Math.max(1, pageCount), yRatio: 0.45 };
}

export function initialsBookmark(): PdfBookmark {
  return { page: 1, yRatio: 0.85 };
}
