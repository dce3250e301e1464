import { PDF_VIEWER_TEXTS } from './pdf-viewer-texts';
import { zoomIn, zoomOut } from './viewer-math';

/** Where the reader is, the zoom buttons and a link to the PDF itself. */
export function PdfViewerToolbar({
  ready,
  shownPage,
  pageCount,
  zoom,
  onZoom,
  url,
}: {
  ready: boolean;
  shownPage: number;
  pageCount: number;
  zoom: number;
  onZoom: (next: number) => void;
  url: string;
}) {
  return (
    <div className="ps-pdf-viewer__toolbar" role="toolbar" aria-label="Document view">
      <span className="ps-pdf-viewer__page-indicator" aria-live="polite">
        {ready ? `Page ${shownPage} of ${pageCount}` : ''}
      </span>
      <button
        type="button"
        className="ps-button"
        aria-label={PDF_VIEWER_TEXTS.zoomOut}
        onClick={() => onZoom(zoomOut(zoom))}
        disabled={!ready || zoomOut(zoom) === zoom}
      >
        −
      </button>
      <output className="ps-pdf-viewer__zoom" aria-label="Zoom">
        {Math.round(zoom * 100)}%
      </output>
      <button
        type="button"
        className="ps-button"
        aria-label={PDF_VIEWER_TEXTS.zoomIn}
        onClick={() => onZoom(zoomIn(zoom))}
        disabled={!ready || zoomIn(zoom) === zoom}
      >
        +
      </button>
      <button
        type="button"
        className="ps-button"
        onClick={() => onZoom(1)}
        disabled={!ready || zoom === 1}
      >
        {PDF_VIEWER_TEXTS.fit}
      </button>
      <a className="ps-pdf-viewer__open" href={url} target="_blank" rel="noreferrer">
        {PDF_VIEWER_TEXTS.openPdf}
      </a>
    </div>
  );
}
