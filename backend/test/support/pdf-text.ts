import { execFile } from 'node:child_process';
import { join } from 'node:path';

const SCRIPT = join(__dirname, 'extract-pdf-text.mjs');

/** The text of each page of a PDF, extracted by pdfjs-dist in a child process (it is ESM-only). */
export function pdfPagesText(pdf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [SCRIPT],
      { maxBuffer: 64 * 1024 * 1024, cwd: __dirname },
      (error, stdout, stderr) => {
        if (error)
          return reject(new Error(`PDF text extraction failed: ${stderr || error.message}`));
        resolve((JSON.parse(stdout) as { pages: string[] }).pages);
      },
    );
    child.stdin?.end(pdf);
  });
}

/** All pages' text with line breaks and runs of spaces collapsed, for `toContain` checks. */
export async function pdfText(pdf: Buffer): Promise<string> {
  return (await pdfPagesText(pdf)).join('\n').replace(/\s+/g, ' ');
}
