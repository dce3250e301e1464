import { lazy, Suspense, useEffect } from 'react';
import { LoadingState } from '../components/Spinner';
import { preloadPdfJs } from './pdf-document';
import { usePdfLoader, usesPdfJs } from './pdf-loader-context';
import { PDF_VIEWER_TEXTS } from './pdf-viewer-texts';
import type { PdfViewerProps } from './PdfViewer';
import './pdf-viewer.css';

const LoadedPdfViewer = lazy(() =>
  import(/* webpackChunkName: "pdf-viewer" */ './PdfViewer').then((module) => ({
    default: module.PdfViewer,
  })),
);

/**
 * The canvas PDF viewer, loaded on first use: neither the viewer nor PDF.js is
 * part of an app's first render. PDF.js starts downloading with the viewer.
 */
export function PdfViewer(props: PdfViewerProps) {
  const pdfJs = usesPdfJs(usePdfLoader(props.loadPdf));
  useEffect(() => {
    // Both chunks at once rather than one after the other; a failure shows in the viewer.
    if (pdfJs) preloadPdfJs().catch(() => undefined);
  }, [pdfJs]);
  return (
    <Suspense fallback={<PdfViewerFrame />}>
      <LoadedPdfViewer {...props} />
    </Suspense>
  );
}

/**
 * The viewer's place while its code loads, as tall as the viewer: what follows it on the page
 * (the signing buttons) stays where a tap expects it when the viewer arrives.
 */
function PdfViewerFrame() {
  return (
    <div className="ps-pdf-viewer">
      <div className="ps-pdf-viewer__toolbar" aria-hidden="true">
        <span className="ps-pdf-viewer__toolbar-space" />
      </div>
      <div className="ps-pdf-viewer__scroller">
        <LoadingState label={PDF_VIEWER_TEXTS.loading} />
      </div>
    </div>
  );
}
