/**
 * The slice of PDF.js the viewer uses. Tests hand the viewer a fake with this
 * shape; the app loads the real one lazily (see pdfjs-loader.ts) so PDF.js is
 * not part of any app's first render.
 */
interface PdfViewportLike {
  width: number;
  height: number;
}

interface PdfRenderTaskLike {
  promise: Promise<unknown>;
  cancel(): void;
}

export interface PdfPageLike {
  getViewport(options: { scale: number }): PdfViewportLike;
  render(options: {
    canvas: HTMLCanvasElement;
    viewport: PdfViewportLike;
    transform?: number[];
  }): PdfRenderTaskLike;
}

export interface PdfDocumentLike {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPageLike>;
  destroy(): Promise<void> | void;
}

/** How the PDF's request authenticates, where a link alone does not open it. */
export interface PdfRequestOptions {
  /** Headers every request for the PDF carries (a signer's captcha pass and e-mail code proof). */
  headers?: Record<string, string>;
  /** Send the browser's cookies (a staff session) with a cross-origin request. */
  withCredentials?: boolean;
}

/** Staff viewers: their session cookie opens documents that need a signer's e-mail code. */
export const STAFF_PDF_REQUEST: PdfRequestOptions = { withCredentials: true };

export type PdfLoader = (url: string, options?: PdfRequestOptions) => Promise<PdfDocumentLike>;

/** Starts loading PDF.js (its own chunk); the same promise every time. */
export function preloadPdfJs() {
  return import(/* webpackChunkName: "pdfjs" */ './pdfjs-loader');
}

/** Loads PDF.js (and its worker) on first use. */
export const loadPdfWithPdfJs: PdfLoader = async (url, options) => {
  const { openPdf } = await preloadPdfJs();
  return openPdf(url, options);
};
