import type { PlacementPage } from '@prosign/domain';
import {
  movedRect,
  percentBox,
  pointsPerPixel,
  rectFromDrop,
  resizedRect,
} from '../builder/field-screen';

const upright: PlacementPage = { width: 600, height: 800, rotation: 0 };
/** Turned a quarter clockwise: shown 800 wide and 600 high. */
const turned: PlacementPage = { width: 600, height: 800, rotation: 90 };
const upsideDown: PlacementPage = { width: 600, height: 800, rotation: 180 };

describe('the builder’s screen geometry', () => {
  it('shows a stored rectangle in percent of the page from its top-left corner', () => {
    expect(percentBox({ x: 60, y: 700, width: 120, height: 40 }, upright)).toEqual({
      left: 10,
      top: 7.5,
      width: 20,
      height: 5,
    });
  });

  it('turns the box with a page rotated 90°: the stored bottom-left is shown top-left', () => {
    // Stored at the unrotated page's lower-left corner; turned clockwise it shows top-left.
    const box = percentBox({ x: 0, y: 0, width: 100, height: 50 }, turned);
    expect(box).toMatchObject({ left: 0, top: 0, width: 50 / 8 });
    expect(box.height).toBeCloseTo(100 / 6);
  });

  it('stores a drop at the top-left of a rotated page where the page shows it', () => {
    const rect = rectFromDrop({ x: 0, y: 0 }, { width: 100, height: 50 }, turned);
    expect(rect).toEqual({ x: 0, y: 0, width: 100, height: 50 });
    expect(percentBox(rect, turned)).toMatchObject({ left: 0, top: 0 });
  });

  it('moves and resizes in the directions the reader sees, whatever the rotation', () => {
    for (const page of [upright, turned, upsideDown]) {
      const start = rectFromDrop({ x: 0.25, y: 0.25 }, { width: 100, height: 40 }, page);
      const before = percentBox(start, page);
      const moved = percentBox(movedRect(start, page, 8, 8), page);
      expect(moved.left).toBeGreaterThan(before.left);
      expect(moved.top).toBeGreaterThan(before.top);
      const grown = percentBox(resizedRect(start, page, 8, 8), page);
      expect(grown).toMatchObject({ left: before.left, top: before.top });
      expect(grown.width).toBeGreaterThan(before.width);
      expect(grown.height).toBeGreaterThan(before.height);
    }
  });

  it('turns screen pixels into points by the page’s shown width', () => {
    expect(pointsPerPixel(upright, 300)).toBe(2);
    expect(pointsPerPixel(turned, 400)).toBe(2);
  });
});
