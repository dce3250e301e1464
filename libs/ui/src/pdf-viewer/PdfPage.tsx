import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PdfDocumentLike, PdfPageLike } from './pdf-document';
import { canvasPixelRatio } from './viewer-math';

export interface PageSize {
  width: number;
  height: number;
}

interface PdfPageProps {
  pdf: PdfDocumentLike;
  pageNumber: number;
  pageCount: number;
  /** CSS pixels per PDF point. */
  scale: number;
  /** The page's size at scale 1 (the first page's until this page is opened). */
  estimatedSize: PageSize;
  /** Whether the page is near enough the view to be drawn. */
  render: boolean;
  onSize: (pageNumber: number, size: PageSize) => void;
  /** Drawn over the page (positioned in percentages of it). */
  overlay?: ReactNode;
  /** The overlay holds controls: the page is a group around them, not an image hiding them. */
  interactiveOverlay?: boolean;
}

/**
 * One page: a placeholder of the right size until it is wanted, then a canvas
 * drawn at the current scale (redrawn when the scale changes).
 */
export const PdfPage = memo(function PdfPage({
  pdf,
  pageNumber,
  pageCount,
  scale,
  estimatedSize,
  render,
  onSize,
  overlay,
  interactiveOverlay = false,
}: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [page, setPage] = useState<PdfPageLike | null>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (!render || page) return undefined;
    let cancelled = false;
    void pdf.getPage(pageNumber).then((opened) => {
      if (cancelled) return;
      const viewport = opened.getViewport({ scale: 1 });
      onSize(pageNumber, { width: viewport.width, height: viewport.height });
      setPage(opened);
    });
    return () => {
      cancelled = true;
    };
  }, [render, page, pdf, pageNumber, onSize]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!page || !canvas || scale <= 0) return undefined;
    // Redraws wait a moment so a run of zoom clicks draws once.
    let task: { cancel(): void } | null = null;
    const timer = setTimeout(
      () => {
        const viewport = page.getViewport({ scale });
        const ratio = canvasPixelRatio(viewport.width, viewport.height, window.devicePixelRatio);
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        const renderTask = page.render({
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        task = renderTask;
        renderTask.promise.then(
          () => setDrawn(true),
          () => undefined, // cancelled by a newer draw or by unmounting
        );
      },
      drawn ? 120 : 0,
    );
    return () => {
      clearTimeout(timer);
      task?.cancel();
    };
    // `drawn` only picks the delay; it must not trigger a redraw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, scale]);

  const width = estimatedSize.width * scale;
  const height = estimatedSize.height * scale;
  return (
    <div
      className="ps-pdf-page"
      style={{ width, height }}
      data-page={pageNumber}
      data-rendered={drawn ? 'true' : 'false'}
      role={interactiveOverlay ? 'group' : 'img'}
      aria-label={`Page ${pageNumber} of ${pageCount}`}
    >
      {page ? (
        <canvas
          ref={canvasRef}
          className="ps-pdf-page__canvas"
          aria-hidden={interactiveOverlay ? true : undefined}
        />
      ) : null}
      {overlay}
    </div>
  );
});
