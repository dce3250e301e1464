// Between the builder's screen and the stored PDF points: a field's box in percentages of the
// page as shown (turned by its /Rotate), and screen moves back into the page's unrotated space,
// through the domain's geometry (libs/domain/src/pdf-fields/field-geometry.ts).
import {
  type FieldPlacement,
  type PlacementAction,
  displayedPageSize,
  fromDisplayedRect,
  toDisplayedRect,
  type FieldRect,
  type PlacementPage,
} from '@prosign/domain';

/** Points an arrow key moves or resizes a field by. */
export const KEY_STEP_PT = 2;

/** A field's box on the shown page, in percent from its top-left corner (CSS `left`/`top`). */
interface PercentBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function percentBox(rect: FieldRect, page: PlacementPage): PercentBox {
  const shown = toDisplayedRect(rect, page);
  const size = displayedPageSize(page);
  return {
    left: (shown.x / size.width) * 100,
    top: ((size.height - shown.y - shown.height) / size.height) * 100,
    width: (shown.width / size.width) * 100,
    height: (shown.height / size.height) * 100,
  };
}

/**
 * A new field's stored rectangle from where it was dropped: its top-left corner as shares (0 to 1)
 * of the shown page's width and height, and its size in points as it is stored.
 */
export function rectFromDrop(
  share: { x: number; y: number },
  size: { width: number; height: number },
  page: PlacementPage,
): FieldRect {
  const shownPage = displayedPageSize(page);
  const turned = page.rotation === 90 || page.rotation === 270;
  const shownWidth = turned ? size.height : size.width;
  const shownHeight = turned ? size.width : size.height;
  const shown: FieldRect = {
    x: share.x * shownPage.width,
    y: shownPage.height - share.y * shownPage.height - shownHeight,
    width: shownWidth,
    height: shownHeight,
  };
  return fromDisplayedRect(shown, page);
}

/** Points per screen pixel of a page shown `pixelWidth` wide. */
export function pointsPerPixel(page: PlacementPage, pixelWidth: number): number {
  return pixelWidth > 0 ? displayedPageSize(page).width / pixelWidth : 1;
}

/**
 * The rectangle moved by a shown distance in points: `dx` rightwards and `dy` downwards, as the
 * reader sees the page (screen directions, whatever the rotation).
 */
export function movedRect(rect: FieldRect, page: PlacementPage, dx: number, dy: number): FieldRect {
  const shown = toDisplayedRect(rect, page);
  return fromDisplayedRect({ ...shown, x: shown.x + dx, y: shown.y - dy }, page);
}

/**
 * The rectangle resized from its shown bottom-right corner (the top-left one stays put): `dw`
 * wider, `dh` taller downwards, in shown points.
 */
export function resizedRect(
  rect: FieldRect,
  page: PlacementPage,
  dw: number,
  dh: number,
): FieldRect {
  const shown = toDisplayedRect(rect, page);
  const width = Math.max(1, shown.width + dw);
  const height = Math.max(1, shown.height + dh);
  // Bottom-left origin: the top edge stays where it is as the box grows downwards.
  const top = shown.y + shown.height;
  return fromDisplayedRect({ x: shown.x, y: top - height, width, height }, page);
}

/** Arrow keys as shown directions. */
export const ARROW_DIRECTIONS: Readonly<Record<string, [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The page layer under a point of the screen: its page number and where it is; null for none. */
export function pageLayerAt(
  clientX: number,
  clientY: number,
): { page: number; box: { left: number; top: number; width: number; height: number } } | null {
  for (const layer of document.querySelectorAll<HTMLElement>('[data-page-layer]')) {
    const box = layer.getBoundingClientRect();
    const inside =
      clientX >= box.left &&
      clientX <= box.left + box.width &&
      clientY >= box.top &&
      clientY <= box.top + box.height;
    if (inside) return { page: Number(layer.dataset.pageLayer), box };
  }
  return null;
}

/**
 * The move of a field onto another page, its shown top-left corner at `share` of that page's
 * width and height (kept on the page): the last step of the drag, so one undo takes it back.
 */
export function moveToPageAction(
  placement: FieldPlacement,
  id: string,
  page: number,
  share: { x: number; y: number },
): PlacementAction | null {
  const field = placement.fields.find((candidate) => candidate.id === id);
  const to = placement.pages[page - 1];
  if (!field || !to) return null;
  const clamp = (value: number) => Math.min(Math.max(value, 0), 1);
  const rect = rectFromDrop({ x: clamp(share.x), y: clamp(share.y) }, field.rect, to);
  return { type: 'move', id, x: rect.x, y: rect.y, page, merge: true };
}
