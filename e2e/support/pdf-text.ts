// The text of a PDF, extracted with PDF.js (pdfjs-dist's Node build) in a child
// process, so the test reads what a PDF reader shows rather than raw bytes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const EXTRACT = `
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { readFileSync } = await import('node:fs');
  const pdf = await getDocument({ data: new Uint8Array(readFileSync(process.argv[1])), useSystemFonts: false }).promise;
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => item.str ?? '').join(' '));
  }
  process.stdout.write(JSON.stringify(pages));
`;

/** Each page's text, in order. */
export function pdfPagesText(pdf: Buffer): string[] {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', EXTRACT, file], {
    cwd: path.resolve(__dirname, '../..'),
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  return JSON.parse(output) as string[];
}

/** poppler's `pdfsig` report of a PDF: the independent check of its signatures and seal. */
export function pdfsigReport(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-pdfsig-')), 'sealed.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdfsig', [file], { encoding: 'utf8' });
}

function tempPdf(pdf: Buffer, name: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-poppler-')), name);
  writeFileSync(file, pdf);
  return file;
}

/** poppler's `pdftotext` of one page (1-based): a second reader besides PDF.js. */
export function pdftotextPage(pdf: Buffer, page: number): string {
  const file = tempPdf(pdf, 'document.pdf');
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], {
    encoding: 'utf8',
  });
}

/** poppler's `pdfdetach -list`: the files attached to a PDF. */
export function pdfdetachList(pdf: Buffer): string {
  return execFileSync('pdfdetach', ['-list', tempPdf(pdf, 'document.pdf')], { encoding: 'utf8' });
}
