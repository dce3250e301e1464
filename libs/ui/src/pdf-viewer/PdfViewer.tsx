import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { ErrorPanel } from '../components/ErrorPanel';
import { LoadingState } from '../components/Spinner';
import type { PdfDocumentLike, PdfLoader, PdfRequestOptions } from './pdf-document';
import { usePdfLoader } from './pdf-loader-context';
import { PdfPage, type PageSize } from './PdfPage';
import {
  currentPage,
  fitWidthScale,
  layoutPages,
  PAGE_GAP_PX,
  readableTextZoom,
  pagesToRender,
  scrollTopAfterZoom,
  scrollTopFor,
  TEXT_MARGIN_PT,
  zoomIn,
  zoomForScale,
  zoomOut,
  type PdfBookmark,
} from './viewer-math';
import { PDF_VIEWER_TEXTS } from './pdf-viewer-texts';
import { PdfViewerToolbar } from './PdfViewerToolbar';
import './pdf-viewer.css';

/** What the signing steps can do with the viewer. */
export interface PdfViewerHandle {
  scrollToPage(page: number): void;
  /** Brings a place in the document (e.g. where the signature goes) into view. */
  scrollToBookmark(bookmark: PdfBookmark): void;
  /**
   * Zooms so one PDF point shows as `pixelsPerPoint` CSS pixels, within the zoom limits (a
   * phone zoomed to a field's readable size); the caller brings what it wants into view.
   * Nothing happens before the PDF is open; a reading view (text that reflows) has none.
   */
  zoomToScale?(pixelsPerPoint: number): void;
}

export interface PdfViewerProps {
  /** The PDF's URL (a docLink served inline by the API). */
  url: string;
  /** What the document is; names the scrollable region for screen readers. */
  title: string;
  ref?: Ref<PdfViewerHandle>;
  /** Called once the document is open, with its page count. */
  onLoaded?: (pageCount: number) => void;
  /** Opens the PDF; the provided loader (PdfLoaderProvider), else PDF.js (tests pass a fake). */
  loadPdf?: PdfLoader;
  /** How the PDF's request authenticates, when its link alone does not open it. */
  request?: PdfRequestOptions;
  /**
   * Drawn over a page, positioned in percentages of it (e.g. a saved signature
   * shown where it will be stamped); scales with the zoom.
   */
  pageOverlay?: (pageNumber: number) => ReactNode;
  /** The overlay holds controls (a field builder's fields): each page is a group, not an image. */
  interactiveOverlay?: boolean;
  /**
   * Opens zoomed so the text reads at 16 px or more, panned to the text's left edge
   * (phones, when no reading view of the document exists); "Fit to width" still fits.
   */
  readableText?: boolean;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; detail: string }
  | { status: 'ready'; pdf: PdfDocumentLike; firstPage: PageSize };

/**
 * A PDF viewer for phones and desktops: fits the page width, renders the pages
 * near the view first and the rest as they scroll in, zooms with + / − / fit
 * (buttons or keys when the document has focus), lets the browser pinch-zoom
 * on touch screens, and can be scrolled to a page or bookmark by its parent.
 */
export function PdfViewer({
  url,
  title,
  ref,
  onLoaded,
  loadPdf: loadPdfProp,
  pageOverlay,
  interactiveOverlay = false,
  readableText = false,
  request,
}: PdfViewerProps) {
  const { load, pageSizes, onPageSize, retry } = usePdfDocument(
    url,
    loadPdfProp,
    request,
    onLoaded,
  );
  const [zoom, setZoom] = useState(1);
  const [wanted, setWanted] = useState<ReadonlySet<number>>(new Set());
  const [shownPage, setShownPage] = useState(1);
  const scrollerRef = useRef<HTMLDivElement>(null);

  const containerWidth = useContainerWidth(scrollerRef, load.status);

  const baseScale =
    load.status === 'ready' ? fitWidthScale(containerWidth, load.firstPage.width) : 1;
  const scale = baseScale * zoom;

  useReadableTextZoom(
    readableText,
    load.status === 'ready' && containerWidth > 0,
    baseScale,
    scrollerRef,
    setZoom,
  );
  const boxes = useMemo(
    () => layoutPages(pageSizes.map((size) => size.height * scale)),
    [pageSizes, scale],
  );

  const schedule = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller || boxes.length === 0) return;
    const next = pagesToRender(boxes, scroller.scrollTop, scroller.clientHeight);
    setWanted((previous) => {
      const merged = new Set(previous);
      next.forEach((page) => merged.add(page));
      return merged.size === previous.size ? previous : merged;
    });
    setShownPage(currentPage(boxes, scroller.scrollTop, scroller.clientHeight));
  }, [boxes]);

  useEffect(() => {
    schedule();
  }, [schedule]);

  const frame = useRef(0);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(schedule);
  };

  const scrollTo = useCallback(
    (bookmark: PdfBookmark) => {
      const scroller = scrollerRef.current;
      const top = scrollTopFor(boxes, bookmark);
      if (!scroller || top === null) return;
      scroller.scrollTo({ top, behavior: 'smooth' });
      // Render the destination now rather than after the smooth scroll ends.
      setWanted(
        (previous) => new Set([...previous, ...pagesToRender(boxes, top, scroller.clientHeight)]),
      );
    },
    [boxes],
  );

  useViewerHandle(ref, scrollTo, load.status === 'ready' ? baseScale : null, setZoom);

  const applyZoom = (next: number) => {
    const scroller = scrollerRef.current;
    if (scroller && next !== zoom) {
      const top = scrollTopAfterZoom(scroller.scrollTop, zoom, next);
      requestAnimationFrame(() => scroller.scrollTo({ top }));
    }
    setZoom(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '+' || event.key === '=') applyZoom(zoomIn(zoom));
    else if (event.key === '-') applyZoom(zoomOut(zoom));
    else if (event.key === '0') applyZoom(1);
    else return;
    event.preventDefault();
  };

  if (load.status === 'error') {
    return (
      <div className="ps-pdf-viewer">
        <ErrorPanel
          title={PDF_VIEWER_TEXTS.loadError}
          message={PDF_VIEWER_TEXTS.loadErrorHint}
          detail={load.detail || undefined}
          onRetry={retry}
          retryLabel={PDF_VIEWER_TEXTS.retry}
        />
      </div>
    );
  }

  const pageCount = pageSizes.length;
  return (
    <div className="ps-pdf-viewer">
      <PdfViewerToolbar
        ready={load.status === 'ready'}
        shownPage={shownPage}
        pageCount={pageCount}
        zoom={zoom}
        onZoom={applyZoom}
        url={url}
      />
      <div
        ref={scrollerRef}
        className="ps-pdf-viewer__scroller"
        role="region"
        aria-label={title}
        aria-busy={load.status === 'loading'}
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
      >
        {load.status === 'loading' ? (
          <LoadingState label={PDF_VIEWER_TEXTS.loading} />
        ) : (
          <div className="ps-pdf-viewer__pages">
            {pageSizes.map((size, index) => (
              <PdfPage
                key={index + 1}
                pdf={load.pdf}
                pageNumber={index + 1}
                pageCount={pageCount}
                scale={scale}
                estimatedSize={size}
                render={wanted.has(index + 1)}
                onSize={onPageSize}
                overlay={pageOverlay?.(index + 1)}
                interactiveOverlay={interactiveOverlay}
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * Opens the PDF (again on retry, or when its URL or request headers change) and keeps the size
 * of each page: the first page's for all until a page is rendered and reports its own.
 */
function usePdfDocument(
  url: string,
  loadPdfProp: PdfLoader | undefined,
  request: PdfRequestOptions | undefined,
  onLoaded: ((pageCount: number) => void) | undefined,
) {
  const loadPdf = usePdfLoader(loadPdfProp);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [pageSizes, setPageSizes] = useState<PageSize[]>([]);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  // A new object with the same headers opens nothing again; other headers open the PDF again.
  const requestRef = useRef(request);
  requestRef.current = request;
  const requestKey = request ? JSON.stringify(request) : '';

  useEffect(() => {
    let cancelled = false;
    let opened: PdfDocumentLike | null = null;
    setLoad({ status: 'loading' });
    loadPdf(url, requestRef.current)
      .then(async (pdf) => {
        opened = pdf;
        const first = await pdf.getPage(1);
        const viewport = first.getViewport({ scale: 1 });
        if (cancelled) return;
        const firstPage = { width: viewport.width, height: viewport.height };
        setPageSizes(Array.from({ length: pdf.numPages }, () => firstPage));
        setLoad({ status: 'ready', pdf, firstPage });
        onLoadedRef.current?.(pdf.numPages);
      })
      .catch((error: unknown) => {
        if (!cancelled) {
          setLoad({ status: 'error', detail: error instanceof Error ? error.message : '' });
        }
      });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [url, loadPdf, attempt, requestKey]);
  const onPageSize = useCallback((page: number, size: PageSize) => {
    setPageSizes((sizes) => {
      const known = sizes[page - 1];
      if (known && known.width === size.width && known.height === size.height) return sizes;
      const next = sizes.slice();
      next[page - 1] = size;
      return next;
    });
  }, []);
  const retry = () => setAttempt((n) => n + 1);
  return { load, pageSizes, onPageSize, retry };
}

/** What the parent can do with the viewer; zooming waits for the page's fit scale (`fitScale`). */
function useViewerHandle(
  ref: Ref<PdfViewerHandle> | undefined,
  scrollTo: (bookmark: PdfBookmark) => void,
  fitScale: number | null,
  setZoom: (zoom: number) => void,
) {
  useImperativeHandle(
    ref,
    () => ({
      scrollToPage: (page) => scrollTo({ page }),
      scrollToBookmark: scrollTo,
      zoomToScale: (pixelsPerPoint) => {
        if (fitScale !== null) setZoom(zoomForScale(pixelsPerPoint, fitScale));
      },
    }),
    [scrollTo, fitScale, setZoom],
  );
}

/** The scroller's width, followed as it resizes (measured again when the load state changes). */
function useContainerWidth(
  scrollerRef: RefObject<HTMLDivElement | null>,
  status: LoadState['status'],
) {
  const [containerWidth, setContainerWidth] = useState(0);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    setContainerWidth(scroller.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setContainerWidth(scroller.clientWidth));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scrollerRef, status]);
  return containerWidth;
}

/**
 * Once the page size and the viewer's width are known (`measured`): zooms to readable text,
 * once, panned to the text's left edge.
 */
function useReadableTextZoom(
  readableText: boolean,
  measured: boolean,
  baseScale: number,
  scrollerRef: RefObject<HTMLDivElement | null>,
  setZoom: (zoom: number) => void,
) {
  const readableApplied = useRef(false);
  useLayoutEffect(() => {
    if (!readableText || readableApplied.current) return;
    if (!measured) return;
    readableApplied.current = true;
    const next = readableTextZoom(baseScale);
    setZoom(next);
    const scroller = scrollerRef.current;
    const left = TEXT_MARGIN_PT * baseScale * next + PAGE_GAP_PX - 8;
    if (scroller && next > 1) requestAnimationFrame(() => scroller.scrollTo({ left }));
  }, [readableText, measured, baseScale, scrollerRef, setZoom]);
}
