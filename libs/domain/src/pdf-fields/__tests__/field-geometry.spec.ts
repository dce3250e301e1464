import {
  clampRectToPage,
  pageRotation,
  displayedPageSize,
  fromDisplayedRect,
  rectInsidePage,
  rectOnOtherPage,
  rectTouchesPage,
  toDisplayedRect,
} from '../field-geometry';
import { DEFAULT_FIELD_SIZES, FIELD_KINDS, newField, type PlacementPage } from '../field-model';
import { A4, LETTER } from './fixtures';

const rect = { x: 10, y: 20, width: 100, height: 30 };

describe('rotation', () => {
  it('shows a quarter-turned page with width and height swapped', () => {
    expect(displayedPageSize({ ...LETTER, rotation: 90 })).toEqual({ width: 792, height: 612 });
    expect(displayedPageSize({ ...LETTER, rotation: 180 })).toEqual({ width: 612, height: 792 });
  });

  it('turns the page clockwise: the lower-left corner is shown top-left at 90°', () => {
    const page: PlacementPage = { ...LETTER, rotation: 90 };
    expect(toDisplayedRect({ x: 0, y: 0, width: 10, height: 20 }, page)).toEqual({
      x: 0,
      y: 602,
      width: 20,
      height: 10,
    });
    expect(toDisplayedRect(rect, { ...LETTER, rotation: 180 })).toEqual({
      x: 502,
      y: 742,
      width: 100,
      height: 30,
    });
    expect(
      toDisplayedRect({ x: 0, y: 0, width: 10, height: 20 }, { ...LETTER, rotation: 270 }),
    ).toEqual({
      x: 772,
      y: 0,
      width: 20,
      height: 10,
    });
  });

  it('normalises a PDF’s /Rotate', () => {
    expect([0, 90, -90, 450, 540, 45, 1.5].map(pageRotation)).toEqual([0, 90, 270, 90, 180, 0, 0]);
  });

  it('round-trips every rotation', () => {
    for (const rotation of [0, 90, 180, 270] as const) {
      const page = { ...LETTER, rotation };
      expect(fromDisplayedRect(toDisplayedRect(rect, page), page)).toEqual(rect);
    }
  });
});

describe('on the page or not', () => {
  it('tells inside, partly off and wholly off', () => {
    expect(rectInsidePage({ x: 0, y: 0, width: 612, height: 792 }, LETTER)).toBe(true);
    expect(rectInsidePage({ x: 600, y: 0, width: 20, height: 20 }, LETTER)).toBe(false);
    expect(rectTouchesPage({ x: 600, y: 0, width: 20, height: 20 }, LETTER)).toBe(true);
    expect(rectTouchesPage({ x: 700, y: 0, width: 20, height: 20 }, LETTER)).toBe(false);
    expect(rectInsidePage({ x: 0, y: 0, width: 0, height: 20 }, LETTER)).toBe(false);
    expect(rectInsidePage({ x: NaN, y: 0, width: 1, height: 20 }, LETTER)).toBe(false);
  });

  it('clamps onto the page, shrinking only what is larger than it', () => {
    expect(clampRectToPage({ x: -5, y: 780, width: 50, height: 20 }, LETTER)).toEqual({
      x: 0,
      y: 772,
      width: 50,
      height: 20,
    });
    expect(clampRectToPage({ x: 0, y: 0, width: 900, height: 20 }, LETTER).width).toBe(612);
  });

  it('every default size fits a small page', () => {
    for (const kind of FIELD_KINDS) {
      const size = DEFAULT_FIELD_SIZES[kind];
      expect(size.width).toBeLessThan(300);
      expect(newField({ id: 'f', kind, page: 1, x: 0, y: 0 }).rect).toMatchObject(size);
    }
  });
});

describe('rectOnOtherPage', () => {
  it('keeps a lower-left field as far from the lower-left corner', () => {
    expect(rectOnOtherPage(rect, LETTER, A4)).toEqual(rect);
  });

  it('keeps an upper-right field as far from the upper-right corner, same size', () => {
    const corner = { x: 500, y: 700, width: 60, height: 40 }; // 52 from the right, 52 from the top
    expect(rectOnOtherPage(corner, LETTER, A4)).toEqual({ x: 483, y: 750, width: 60, height: 40 });
  });

  it('anchors in the page as shown, on a turned page', () => {
    const turned: PlacementPage = { ...LETTER, rotation: 90 };
    // Shown lower-left on the upright page stays shown lower-left on the turned one.
    const moved = rectOnOtherPage(rect, LETTER, turned);
    expect(toDisplayedRect(moved, turned)).toEqual(rect);
  });

  it('moves a copy that would not fit onto the page', () => {
    const small: PlacementPage = { width: 100, height: 100, rotation: 0 };
    expect(rectOnOtherPage({ x: 10, y: 10, width: 180, height: 50 }, LETTER, small)).toEqual({
      x: 0,
      y: 10,
      width: 100,
      height: 50,
    });
  });
});
