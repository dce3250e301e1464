// Where a field lies on its page: the page's unrotated user space the fields are stored in
// (field-model.ts) and the page as a viewer shows it, turned by its `/Rotate`.
import type { FieldRect, PlacementPage } from './field-model';

/** Rounding slack, in points: a field dragged flush to an edge may land a hair beyond it. */
const EDGE_SLACK = 0.01;

/**
 * A PDF's `/Rotate` as a placement page keeps it: a multiple of 90, negative
 * or beyond a turn allowed (`-90` is `270`); anything else is no rotation, as
 * viewers treat it.
 */
export function pageRotation(rotate: number): PlacementPage['rotation'] {
  if (!Number.isInteger(rotate) || rotate % 90 !== 0) return 0;
  return (((rotate % 360) + 360) % 360) as PlacementPage['rotation'];
}

/** The page's size as shown: width and height swap on a page turned a quarter. */
export function displayedPageSize(page: PlacementPage): { width: number; height: number } {
  return page.rotation === 90 || page.rotation === 270
    ? { width: page.height, height: page.width }
    : { width: page.width, height: page.height };
}

/** A point of the unrotated page as shown, origin still bottom-left; `/Rotate` turns clockwise. */
function pointToDisplayed(x: number, y: number, page: PlacementPage): [number, number] {
  switch (page.rotation) {
    case 90:
      return [y, page.width - x];
    case 180:
      return [page.width - x, page.height - y];
    case 270:
      return [page.height - y, x];
    default:
      return [x, y];
  }
}

/** A shown point back on the unrotated page. */
function pointFromDisplayed(x: number, y: number, page: PlacementPage): [number, number] {
  switch (page.rotation) {
    case 90:
      return [page.width - y, x];
    case 180:
      return [page.width - x, page.height - y];
    case 270:
      return [y, page.height - x];
    default:
      return [x, y];
  }
}

function rectThrough(rect: FieldRect, map: (x: number, y: number) => [number, number]): FieldRect {
  const [x1, y1] = map(rect.x, rect.y);
  const [x2, y2] = map(rect.x + rect.width, rect.y + rect.height);
  return {
    x: Math.min(x1, x2),
    y: Math.min(y1, y2),
    width: Math.abs(x2 - x1),
    height: Math.abs(y2 - y1),
  };
}

/** A stored rectangle as the page is shown (points, origin bottom-left of the shown page). */
export function toDisplayedRect(rect: FieldRect, page: PlacementPage): FieldRect {
  return rectThrough(rect, (x, y) => pointToDisplayed(x, y, page));
}

/** A rectangle on the shown page back in the page's unrotated user space, to store. */
export function fromDisplayedRect(rect: FieldRect, page: PlacementPage): FieldRect {
  return rectThrough(rect, (x, y) => pointFromDisplayed(x, y, page));
}

/** Whether the numbers make a rectangle at all: finite, with some width and height. */
export function isProperRect(rect: FieldRect): boolean {
  return (
    [rect.x, rect.y, rect.width, rect.height].every(Number.isFinite) &&
    rect.width > 0 &&
    rect.height > 0
  );
}

/** Whether the rectangle lies wholly on the page (edges included). */
export function rectInsidePage(rect: FieldRect, page: PlacementPage): boolean {
  return (
    isProperRect(rect) &&
    rect.x >= -EDGE_SLACK &&
    rect.y >= -EDGE_SLACK &&
    rect.x + rect.width <= page.width + EDGE_SLACK &&
    rect.y + rect.height <= page.height + EDGE_SLACK
  );
}

/** Whether any of the rectangle is on the page: a field wholly off it is lost, not just cut. */
export function rectTouchesPage(rect: FieldRect, page: PlacementPage): boolean {
  return (
    isProperRect(rect) &&
    rect.x < page.width &&
    rect.y < page.height &&
    rect.x + rect.width > 0 &&
    rect.y + rect.height > 0
  );
}

/** The rectangle moved (and, only when larger than the page, shrunk) to lie on the page. */
export function clampRectToPage(rect: FieldRect, page: PlacementPage): FieldRect {
  const width = Math.min(rect.width, page.width);
  const height = Math.min(rect.height, page.height);
  return {
    x: Math.min(Math.max(rect.x, 0), page.width - width),
    y: Math.min(Math.max(rect.y, 0), page.height - height),
    width,
    height,
  };
}

/**
 * The rectangle moved from one page to another of perhaps another size or
 * rotation, as a reader sees it: the same size, kept at the same distance
 * from the shown page's nearest edges (a field in the lower-right corner stays
 * that far from the lower-right corner), then clamped onto the page.
 */
export function rectOnOtherPage(
  rect: FieldRect,
  from: PlacementPage,
  to: PlacementPage,
): FieldRect {
  const shown = toDisplayedRect(rect, from);
  const fromSize = displayedPageSize(from);
  const toSize = displayedPageSize(to);
  const anchor = (start: number, length: number, fromExtent: number, toExtent: number) =>
    start + length / 2 <= fromExtent / 2 ? start : toExtent - (fromExtent - start);
  const moved: FieldRect = {
    x: anchor(shown.x, shown.width, fromSize.width, toSize.width),
    y: anchor(shown.y, shown.height, fromSize.height, toSize.height),
    width: shown.width,
    height: shown.height,
  };
  return clampRectToPage(fromDisplayedRect(moved, to), to);
}
