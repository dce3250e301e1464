// Reads a PDF on stdin and prints {"pages": ["text of page 1", …]} using
// pdfjs-dist. pdfjs-dist ships ES modules only, which Jest's CommonJS runtime
// cannot import, so tests run this in a child Node process (see pdf-text.ts).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const data = new Uint8Array(Buffer.concat(chunks));

const pdf = await getDocument({ data, useSystemFonts: false, verbosity: 0 }).promise;
const pages = [];
for (let number = 1; number <= pdf.numPages; number += 1) {
  const page = await pdf.getPage(number);
  const content = await page.getTextContent();
  pages.push(
    content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('')
      .replace(/[ \t]+/g, ' '),
  );
}
process.stdout.write(JSON.stringify({ pages }));
