/** Characters a file name may not hold on Windows or in a mail attachment's name. */
const UNSAFE_FILE_NAME_CHARACTERS = /[\\/:*?"<>|]+/g;

/**
 * The file name of an agreement's PDF (a mail attachment, a file-service upload):
 * `name` with unsafe characters turned into spaces ('Agreement' when nothing is
 * left), then `suffix`, ending in `.pdf` (added unless it already does).
 * `pdfFileName('A/B')` → 'A B.pdf'; `pdfFileName('Deal', ' (signed)')` → 'Deal (signed).pdf'.
 */
export function pdfFileName(name: string, suffix = ''): string {
  const base = `${name.replace(UNSAFE_FILE_NAME_CHARACTERS, ' ').trim() || 'Agreement'}${suffix}`;
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}
