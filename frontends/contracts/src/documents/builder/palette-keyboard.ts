// Carrying a palette field by keyboard: the first arrow takes it onto the page in view (a page can
// be far from the palette), then each arrow moves it dnd-kit's usual step.
import {
  defaultKeyboardCoordinateGetter,
  type ClientRect,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';

/** How far inside the page's top-left corner the first arrow puts the field, in pixels. */
const KEYBOARD_DROP_INSET_PX = 16;

const ARROWS = new Set(['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown']);

/** The page most of which is in the window; the first page when none is. */
function pageInView(rects: Iterable<ClientRect>): ClientRect | null {
  let best: ClientRect | null = null;
  let bestShown = -1;
  for (const rect of rects) {
    const shown = Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0);
    if (shown > bestShown) {
      best = rect;
      bestShown = shown;
    }
  }
  return best;
}

export const paletteKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { collisionRect, over, droppableRects } = args.context;
  if (ARROWS.has(event.code) && !over && collisionRect) {
    const page = pageInView(droppableRects.values());
    if (page) {
      event.preventDefault();
      return {
        x: args.currentCoordinates.x + page.left + KEYBOARD_DROP_INSET_PX - collisionRect.left,
        y: args.currentCoordinates.y + page.top + KEYBOARD_DROP_INSET_PX - collisionRect.top,
      };
    }
  }
  return defaultKeyboardCoordinateGetter(event, args);
};
