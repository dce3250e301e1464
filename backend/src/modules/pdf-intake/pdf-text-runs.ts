import { pathToFileURL } from 'node:url';
import { WorkerJobError, WorkerPool } from './worker-pool';

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
 * The threads' code, run from a string: pdfjs-dist ships ES modules only, which neither the
 * CommonJS build nor Jest's runtime can import, while a worker thread is plain Node that can.
 * A thread of its own also keeps a hostile file's parse off the api's event loop, under a
 * heap limit and a time limit. pdf.js and its worker module load once per thread, not per file.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const loaded = (async () => {
  // pdf.js runs its "worker" in this thread when it finds it here, instead of importing it per file.
  globalThis.pdfjsWorker = await import(workerData.pdfjsWorkerUrl);
  return import(workerData.pdfjsUrl);
})();
async function read(bytes, pagesToRead) {
  const { getDocument } = await loaded;
  const loading = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const pdf = await loading.promise;
    const wanted = pagesToRead ? new Set(pagesToRead) : undefined;
    const pages = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      if (wanted && !wanted.has(number)) {
        pages.push({ view: page.view, runs: [] });
        continue;
      }
      const content = await page.getTextContent();
      pages.push({
        view: page.view,
        runs: content.items
          .filter((item) => typeof item.str === 'string' && item.str.length > 0)
          .map(({ str, transform, width, height }) => ({ str, transform, width, height })),
      });
      page.cleanup();
    }
    return { pages };
  } catch (error) {
    return { error: { name: (error && error.name) || 'Error', message: String((error && error.message) || error) } };
  } finally {
    await loading.destroy();
  }
}
parentPort.on('message', async ({ id, job }) => {
  parentPort.postMessage({ id, result: await read(job.bytes, job.pagesToRead) });
});
`;

const READ_TIMEOUT_MS = 60_000;
const WORKER_HEAP_MB = 512;

interface ReadJob {
  bytes: ArrayBuffer;
  pagesToRead?: number[];
}

type ReadResult = { pages: PageTextRuns[] } | { error: { name: string; message: string } };

let pool: WorkerPool<ReadJob, ReadResult> | undefined;

/**
 * The readers: CONCURRENT_READS threads of up to WORKER_HEAP_MB each, so a burst of uploads
 * waits its turn rather than taking every core; started on the first upload.
 */
function readers(): WorkerPool<ReadJob, ReadResult> {
  pool ??= new WorkerPool<ReadJob, ReadResult>({
    source: WORKER_SOURCE,
    workerData: {
      pdfjsUrl: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href,
      pdfjsWorkerUrl: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')).href,
    },
    size: CONCURRENT_READS,
    timeoutMs: READ_TIMEOUT_MS,
    heapMb: WORKER_HEAP_MB,
    jobsPerThread: JOBS_PER_THREAD,
  });
  return pool;
}

const CONCURRENT_READS = 2;
const JOBS_PER_THREAD = 200;

/** Ends the reader threads (the app shutting down); the next read starts new ones. */
export async function closeTextReaders(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}

/**
 * The text runs of the PDF's pages, as pdf.js reads them: of every page, or only of
 * `pagesToRead` (1-based; the others answered with no runs). Rejects with PdfJsReadError if
 * pdf.js cannot read the file, or takes too long.
 */
export async function readTextRuns(bytes: Buffer, pagesToRead?: number[]): Promise<PageTextRuns[]> {
  const copy = new Uint8Array(bytes).buffer;
  let answer: ReadResult;
  try {
    answer = await readers().run({ bytes: copy, pagesToRead }, [copy]);
  } catch (error) {
    if (!(error instanceof WorkerJobError)) throw error;
    const message = error.reason === 'Timeout' ? 'reading the PDF took too long' : error.message;
    throw new PdfJsReadError(error.reason, message);
  }
  if ('error' in answer) throw new PdfJsReadError(answer.error.name, answer.error.message);
  return answer.pages;
}
