import {
  READABLE_TEXT_SCALE,
  readableTextZoom,
  canvasPixelRatio,
  clampZoom,
  currentPage,
  fitWidthScale,
  layoutPages,
  MAX_CANVAS_PIXELS,
  PAGE_GAP_PX,
  pagesToRender,
  scrollTopAfterZoom,
  scrollTopFor,
  ZOOM_MAX,
  ZOOM_MIN,
  zoomForScale,
  zoomIn,
  zoomOut,
} from '../viewer-math';

describe('zoom', () => {
  it('steps in and out, snapping back to fit and staying within bounds', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1.25)).toBe(1);
    expect(zoomOut(1)).toBe(0.8);
    expect(zoomIn(0.9)).toBe(1);
    expect(zoomOut(1.1)).toBe(1);
    expect(zoomIn(ZOOM_MAX)).toBe(ZOOM_MAX);
    expect(zoomOut(ZOOM_MIN)).toBe(ZOOM_MIN);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('fits a US-letter page (612 pt) to a phone and to a desktop', () => {
    expect(fitWidthScale(375, 612)).toBeCloseTo((375 - 2 * PAGE_GAP_PX) / 612);
    expect(fitWidthScale(1000, 612) * 612).toBeCloseTo(1000 - 2 * PAGE_GAP_PX);
    expect(fitWidthScale(0, 612)).toBe(1);
  });

  it('renders sharp on retina screens but caps the canvas size', () => {
    expect(canvasPixelRatio(400, 500, 2)).toBe(2);
    expect(canvasPixelRatio(400, 500, 0)).toBe(1);
    const ratio = canvasPixelRatio(3000, 4000, 3);
    expect(3000 * ratio * 4000 * ratio).toBeLessThanOrEqual(MAX_CANVAS_PIXELS + 1);
  });

  it('keeps the same place in view when zooming', () => {
    expect(scrollTopAfterZoom(1000, 1, 2)).toBe(2000);
    expect(scrollTopAfterZoom(1000, 0, 2)).toBe(1000);
  });
});

describe('page scheduling', () => {
  const boxes = layoutPages([1000, 1000, 1000, 1000, 1000]);

  it('lays pages out one under the other with gaps', () => {
    expect(boxes[0]).toEqual({ page: 1, top: PAGE_GAP_PX, height: 1000 });
    expect(boxes[1].top).toBe(2 * PAGE_GAP_PX + 1000);
  });

  it('renders the first page first on open, then what is near', () => {
    expect(pagesToRender(boxes, 0, 700, 400)).toEqual([1, 2]);
    expect(pagesToRender(boxes, 0, 700, 0)).toEqual([1]);
  });

  it('renders visible pages before nearby ones, nearest first', () => {
    // View spans the end of page 2 and the start of page 3.
    const order = pagesToRender(boxes, 1900, 400, 1500);
    expect(order.slice(0, 2)).toEqual([2, 3]);
    expect(order.slice(2)).toEqual([4, 1]); // page 4 is 748 px away, page 1 888 px
    expect(order).not.toContain(5);
  });

  it('knows the current page and scrolls to bookmarks', () => {
    expect(currentPage(boxes, 0, 700)).toBe(1);
    expect(currentPage(boxes, 2500, 700)).toBe(3);
    expect(scrollTopFor(boxes, { page: 3 })).toBe(boxes[2].top - PAGE_GAP_PX);
    expect(scrollTopFor(boxes, { page: 2, yRatio: 0.5 })).toBe(boxes[1].top + 500 - PAGE_GAP_PX);
    expect(scrollTopFor(boxes, { page: 99 })).toBe(boxes[4].top - PAGE_GAP_PX);
    expect(scrollTopFor([], { page: 1 })).toBeNull();
  });
});

describe('readable text zoom (phones without a reading view)', () => {
  it('zooms a page fitted to a 390 px phone until 10 pt text reads at 16 px, panning sideways', () => {
    const fit = fitWidthScale(390, 612);
    const zoom = readableTextZoom(fit);
    expect(10 * fit * zoom).toBeGreaterThanOrEqual(16 - 0.01);
    expect(612 * fit * zoom).toBeGreaterThan(390);
    expect(READABLE_TEXT_SCALE * 10).toBeGreaterThanOrEqual(16);
  });

  it('never shrinks below fit width (a wide screen already reads the text)', () => {
    expect(readableTextZoom(fitWidthScale(1440, 612))).toBe(1);
    expect(readableTextZoom(0)).toBe(1);
  });
});

describe('zoom to a scale (a signing page zooms a phone to a field)', () => {
  it('is the zoom over fit width at which a point shows that many pixels', () => {
    const fit = fitWidthScale(390, 612);
    expect(zoomForScale(1.6, fit) * fit).toBeCloseTo(1.6, 2);
  });

  it('stays within the zoom limits, and at fit width for a scale it cannot read', () => {
    expect(zoomForScale(100, 0.5)).toBe(ZOOM_MAX);
    expect(zoomForScale(0.01, 1)).toBe(ZOOM_MIN);
    expect(zoomForScale(Number.NaN, 1)).toBe(1);
    expect(zoomForScale(1.6, 0)).toBe(1);
  });
});
