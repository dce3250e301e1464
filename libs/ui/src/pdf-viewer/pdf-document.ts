/**
 * The slice of PDF.js the viewer uses. Tests hand the viewer a fake with this
 * shape; the app loads the real one lazily (see pdfjs-loader.ts) so PDF.js is
 * not part of any app's first render.
 */
export interface PdfViewportLike {
  width: number;
  height: number;
}

export interface PdfRenderTaskLike {
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

export type PdfLoader = (url: string) => Promise<PdfDocumentLike>;

/** Starts loading PDF.js (its own chunk); the same promise every time. */
export function preloadPdfJs() {
  return import(/* webpackChunkName: "pdfjs" */ './pdfjs-loader');
}

/** Loads PDF.js (and its worker) on first use. */
export const loadPdfWithPdfJs: PdfLoader = async (url) => {
  const { openPdf } = await preloadPdfJs();
  return openPdf(url);
};
