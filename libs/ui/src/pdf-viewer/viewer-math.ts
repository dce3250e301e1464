/**
 * The arithmetic of the PDF viewer, kept free of the DOM and of PDF.js so it
 * can be tested: zoom steps, fit-to-width, page layout and which pages to
 * render for a scroll position.
 */

/** Zoom is relative to "fit width" (1 = the page exactly fills the viewer's width). */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 4;
/** Each + or − multiplies or divides the zoom by this factor. */
const ZOOM_STEP = 1.25;
/** Vertical gap between pages and padding around them, in CSS pixels. */
export const PAGE_GAP_PX = 12;
/** Pages this far (px) above or below the visible area are rendered ahead of time. */
const RENDER_OVERSCAN_PX = 800;
/** The largest canvas (in device pixels) a page is rendered to; phones run out of memory above. */
export const MAX_CANVAS_PIXELS = 8_000_000;

/**
 * PDF points to CSS pixels at which body text (10–11 pt) reads at 16 px or more:
 * the "readable text" zoom of phones when no reading view exists.
 */
export const READABLE_TEXT_SCALE = 1.6;
/** Usual left margin of an agreement page (72 pt, one inch): where readable text starts. */
export const TEXT_MARGIN_PT = 72;

/** The zoom (relative to fit width) at which the text reads at READABLE_TEXT_SCALE; never below fit. */
export function readableTextZoom(fitScale: number): number {
  if (!(fitScale > 0)) return 1;
  return clampZoom(Math.max(1, roundZoom(READABLE_TEXT_SCALE / fitScale)));
}

/** The zoom (relative to fit width) at which a point is `pixelsPerPoint` CSS pixels, within the limits. */
export function zoomForScale(pixelsPerPoint: number, fitScale: number): number {
  if (!(fitScale > 0) || !(pixelsPerPoint > 0)) return 1;
  return clampZoom(roundZoom(pixelsPerPoint / fitScale));
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

/** The next zoom step in, snapping to "fit" (1) when a step would cross it. */
export function zoomIn(zoom: number): number {
  const next = zoom * ZOOM_STEP;
  return clampZoom(zoom < 1 && next > 1 ? 1 : roundZoom(next));
}

export function zoomOut(zoom: number): number {
  const next = zoom / ZOOM_STEP;
  return clampZoom(zoom > 1 && next < 1 ? 1 : roundZoom(next));
}

function roundZoom(zoom: number): number {
  return Math.round(zoom * 1000) / 1000;
}

/** The PDF scale at which a page `pageWidthPt` wide (at scale 1) fills `containerWidthPx`. */
export function fitWidthScale(containerWidthPx: number, pageWidthPt: number): number {
  const available = containerWidthPx - 2 * PAGE_GAP_PX;
  if (available <= 0 || pageWidthPt <= 0) return 1;
  return available / pageWidthPt;
}

/**
 * The device-pixel ratio to render a page canvas at: sharp on retina screens,
 * but never a canvas larger than MAX_CANVAS_PIXELS.
 */
export function canvasPixelRatio(cssWidth: number, cssHeight: number, devicePixelRatio: number) {
  const wanted = Math.max(1, devicePixelRatio || 1);
  const area = cssWidth * cssHeight;
  if (area <= 0) return wanted;
  const allowed = Math.sqrt(MAX_CANVAS_PIXELS / area);
  return Math.max(0.5, Math.min(wanted, allowed));
}

export interface PageBox {
  /** 1-based page number. */
  page: number;
  top: number;
  height: number;
}

/** Where each page sits in the scrolled content, from the pages' heights in CSS pixels. */
export function layoutPages(heights: readonly number[]): PageBox[] {
  let top = PAGE_GAP_PX;
  return heights.map((height, index) => {
    const box = { page: index + 1, top, height };
    top += height + PAGE_GAP_PX;
    return box;
  });
}

/**
 * The pages to render for a scroll position, most urgent first: the pages in
 * view (top to bottom), then those within the overscan, nearest first. This is
 * what makes the first page appear fast and the rest follow as they near.
 */
export function pagesToRender(
  boxes: readonly PageBox[],
  viewTop: number,
  viewHeight: number,
  overscanPx: number = RENDER_OVERSCAN_PX,
): number[] {
  const viewBottom = viewTop + viewHeight;
  const visible: number[] = [];
  const near: { page: number; distance: number }[] = [];
  for (const box of boxes) {
    const bottom = box.top + box.height;
    if (bottom > viewTop && box.top < viewBottom) {
      visible.push(box.page);
      continue;
    }
    const distance = bottom <= viewTop ? viewTop - bottom : box.top - viewBottom;
    if (distance <= overscanPx) near.push({ page: box.page, distance });
  }
  near.sort((a, b) => a.distance - b.distance || a.page - b.page);
  return [...visible, ...near.map((entry) => entry.page)];
}

/** The page whose box holds the middle of the view (the "current page" shown in the toolbar). */
export function currentPage(boxes: readonly PageBox[], viewTop: number, viewHeight: number) {
  const middle = viewTop + viewHeight / 2;
  for (const box of boxes) {
    if (middle < box.top + box.height + PAGE_GAP_PX) return box.page;
  }
  return boxes.length > 0 ? boxes[boxes.length - 1].page : 1;
}

/**
 * A place in the document: a page, and how far down it (0 = top, 1 = bottom).
 * Signature and initials bookmarks are expressed this way (spec 1 §2.4).
 */
export interface PdfBookmark {
  page: number;
  /** Fraction of the page's height from its top; default 0. */
  yRatio?: number;
}

/** The scrollTop that brings a bookmark to the top of the view (with a little context above). */
export function scrollTopFor(boxes: readonly PageBox[], bookmark: PdfBookmark): number | null {
  if (boxes.length === 0) return null;
  const page = Math.min(boxes.length, Math.max(1, Math.round(bookmark.page)));
  const box = boxes[page - 1];
  const ratio = Math.min(1, Math.max(0, bookmark.yRatio ?? 0));
  return Math.max(0, box.top + box.height * ratio - PAGE_GAP_PX);
}

/**
 * Keeps the same point of the document at the top of the view when the zoom
 * changes (all heights scale together).
 */
export function scrollTopAfterZoom(scrollTop: number, oldScale: number, newScale: number): number {
  if (oldScale <= 0) return scrollTop;
  return Math.max(0, scrollTop * (newScale / oldScale));
}
