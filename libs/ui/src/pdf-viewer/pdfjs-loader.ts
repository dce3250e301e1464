import { getDocument, GlobalWorkerOptions, type PageViewport } from 'pdfjs-dist';
import type { PdfDocumentLike, PdfPageLike, PdfRequestOptions } from './pdf-document';

// The worker ships in our own bundle: webpack emits this file next to our
// chunks (a URL asset), so it is served from our origin, never from a CDN.
// PDF.js wraps a cross-origin worker URL (signing loaded as a remote of the
// shell) in a same-origin blob itself.
if (!GlobalWorkerOptions.workerSrc) {
  GlobalWorkerOptions.workerSrc = new URL(
    'pdfjs-dist/build/pdf.worker.min.mjs',
    import.meta.url,
  ).toString();
}

export async function openPdf(
  url: string,
  options: PdfRequestOptions = {},
): Promise<PdfDocumentLike> {
  const task = getDocument({
    url,
    // Agreements are links authorised by their URL (or a signer's headers), not by cookies,
    // except where staff read one that opens only for them (their session).
    withCredentials: options.withCredentials === true,
    httpHeaders: options.headers,
    // PDF.js asks for byte ranges when the server allows them, so the first
    // page shows before the whole file has arrived on slow networks.
    disableAutoFetch: true,
    // The apps' CSP has no 'unsafe-eval': PDF.js draws fonts without compiling code.
    isEvalSupported: false,
  });
  const pdf = await task.promise;
  return {
    numPages: pdf.numPages,
    getPage: async (pageNumber): Promise<PdfPageLike> => {
      const page = await pdf.getPage(pageNumber);
      return {
        getViewport: (options) => page.getViewport(options),
        // The viewer only ever passes back viewports this page made.
        render: (options) =>
          page.render({ ...options, viewport: options.viewport as PageViewport }),
      };
    },
    destroy: () => task.destroy(),
  };
}
