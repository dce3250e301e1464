import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A run of text pdf.js found on a page: its string and where it is drawn, in PDF user space. */
export interface TextRun {
  str: string;
  /** pdf.js's text matrix in the page's user space: [a, b, c, d, e, f], (e, f) the baseline start. */
  transform: number[];
  /** Advance along the baseline, in user-space units. */
  width: number;
  /** The font's size in user-space units. */
  height: number;
}

export interface PageTextRuns {
  /** The page's visible box in user space, [x1, y1, x2, y2] (pdf.js's `view`: crop box within media box). */
  view: number[];
  runs: TextRun[];
}

/** Why pdf.js could not read the file: its exception's name (`PasswordException`, `InvalidPDFException`…). */
export class PdfJsReadError extends Error {
  constructor(
    readonly exceptionName: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The worker's code, run from a string: pdfjs-dist ships ES modules only, which neither the
 * CommonJS build nor Jest's runtime can import, while a worker thread is plain Node that can.
 * A thread of its own also keeps a hostile file's parse off the api's event loop, under a
 * heap limit and a time limit.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { getDocument } = await import(workerData.pdfjsUrl);
  const loading = getDocument({
    data: new Uint8Array(workerData.bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const pdf = await loading.promise;
    const pages = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push({
        view: page.view,
        runs: content.items
          .filter((item) => typeof item.str === 'string' && item.str.length > 0)
          .map(({ str, transform, width, height }) => ({ str, transform, width, height })),
      });
      page.cleanup();
    }
    parentPort.postMessage({ pages });
    await loading.destroy();
  } catch (error) {
    parentPort.postMessage({
      error: { name: (error && error.name) || 'Error', message: String((error && error.message) || error) },
    });
  }
})();
`;

const READ_TIMEOUT_MS = 60_000;
const WORKER_HEAP_MB = 512;

/**
 * How many files this process reads at once: each read is a thread of up to WORKER_HEAP_MB
 * parsing at full speed, so a burst of uploads waits its turn rather than taking every core.
 */
const CONCURRENT_READS = 2;
let reading = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  // A finished read hands its slot straight to the next in line, so none is taken twice.
  if (reading < CONCURRENT_READS) reading += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await read();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  }
}

/** Every page's text runs, as pdf.js reads the PDF; rejects with PdfJsReadError if it cannot. */
export function readTextRuns(bytes: Buffer): Promise<PageTextRuns[]> {
  return inTurn(() => readInWorker(bytes));
}

function readInWorker(bytes: Buffer): Promise<PageTextRuns[]> {
  const pdfjsUrl = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pdfjsUrl, bytes: new Uint8Array(bytes) },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    stdout: true,
    stderr: true,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new PdfJsReadError('Timeout', 'reading the PDF took too long'));
    }, READ_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once(
      'message',
      (answer: { pages?: PageTextRuns[]; error?: { name: string; message: string } }) => {
        settle();
        if (answer.error) reject(new PdfJsReadError(answer.error.name, answer.error.message));
        else resolve(answer.pages ?? []);
      },
    );
    worker.once('error', (error) => {
      settle();
      reject(new PdfJsReadError(error.name, error.message));
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new PdfJsReadError('Exit', `the PDF reader stopped (${code})`));
    });
  });
}
