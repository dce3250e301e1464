import { runPdfJs } from './pdfjs-child';

/** The text of each page of a PDF, extracted by pdfjs-dist (extract-pdf-text.mjs). */
export async function pdfPagesText(pdf: Buffer): Promise<string[]> {
  const { pages } = await runPdfJs<{ pages: string[] }>(
    'extract-pdf-text.mjs',
    pdf,
    'PDF text extraction',
  );
  return pages;
}

/** All pages' text with line breaks and runs of spaces collapsed, for `toContain` checks. */
export async function pdfText(pdf: Buffer): Promise<string> {
  return (await pdfPagesText(pdf)).join('\n').replace(/\s+/g, ' ');
}
