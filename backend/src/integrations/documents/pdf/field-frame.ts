import type { FieldRect, PlacementPage } from '@prosign/domain';

/**
 * A field's box as the viewer of its page sees it: `width` × `height` with its own origin at
 * the bottom-left the viewer sees, and `at` giving the page point (unrotated user space) of a
 * point of the box. Text and images drawn from `at(u, v)` turned by `rotate` degrees read
 * upright on a page a viewer turns by its `/Rotate`.
 */
export interface FieldFrame {
  width: number;
  height: number;
  rotate: number;
  at(u: number, v: number): { x: number; y: number };
}

/**
 * The frame of `rect` (from the page box's lower-left corner, unrotated: the field model's
 * geometry) on a page whose box starts at `origin` and that viewers turn clockwise by
 * `rotation`: drawing is turned the other way by as much, from the corner that becomes the
 * viewer's bottom-left.
 */
export function fieldFrame(
  rect: FieldRect,
  rotation: PlacementPage['rotation'],
  origin: { x: number; y: number },
): FieldFrame {
  const left = rect.x + origin.x;
  const bottom = rect.y + origin.y;
  const right = left + rect.width;
  const top = bottom + rect.height;
  switch (rotation) {
    case 90:
      return {
        width: rect.height,
        height: rect.width,
        rotate: 90,
        at: (u, v) => ({ x: right - v, y: bottom + u }),
      };
    case 180:
      return {
        width: rect.width,
        height: rect.height,
        rotate: 180,
        at: (u, v) => ({ x: right - u, y: top - v }),
      };
    case 270:
      return {
        width: rect.height,
        height: rect.width,
        rotate: 270,
        at: (u, v) => ({ x: left + v, y: top - u }),
      };
    default:
      return {
        width: rect.width,
        height: rect.height,
        rotate: 0,
        at: (u, v) => ({ x: left + u, y: bottom + v }),
      };
  }
}
