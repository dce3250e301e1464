import { execFile } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs a pdfjs-dist script of this folder in a child Node process with the PDF on its stdin and
 * returns the JSON it prints: pdfjs-dist ships ES modules only, which Jest's CommonJS runtime
 * cannot import.
 */
export function runPdfJs<T>(script: string, pdf: Buffer, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, script)],
      { maxBuffer: 64 * 1024 * 1024, cwd: __dirname },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${what} failed: ${stderr || error.message}`));
        resolve(JSON.parse(stdout) as T);
      },
    );
    child.stdin?.end(pdf);
  });
}
