import { PNG } from 'pngjs';
import { trimToInk } from './trim-to-ink';

/** A transparent PNG with a black rectangle of ink at (x, y), w×h. */
function pngWithInk(
  width: number,
  height: number,
  ink?: { x: number; y: number; w: number; h: number },
) {
  const image = new PNG({ width, height });
  image.data.fill(0);
  if (ink) {
    for (let y = ink.y; y < ink.y + ink.h; y += 1) {
      for (let x = ink.x; x < ink.x + ink.w; x += 1) image.data[(y * width + x) * 4 + 3] = 255;
    }
  }
  return PNG.sync.write(image);
}

const alphaAt = (image: { width: number; data: Uint8Array }, x: number, y: number) =>
  image.data[(y * image.width + x) * 4 + 3];

describe('trimToInk', () => {
  it('crops an image to its ink plus the margin', () => {
    const trimmed = trimToInk(pngWithInk(400, 200, { x: 100, y: 90, w: 50, h: 10 }), 4);
    expect([trimmed.width, trimmed.height]).toEqual([58, 18]);
    expect(trimmed.data).toHaveLength(58 * 18 * 4);
    // The ink starts after the margin, corner to corner; the margin is clear.
    expect(alphaAt(trimmed, 4, 4)).toBe(255);
    expect(alphaAt(trimmed, 53, 13)).toBe(255);
    expect(alphaAt(trimmed, 54, 13)).toBe(0);
    expect(alphaAt(trimmed, 0, 0)).toBe(0);
  });

  it('gives an image that is already cropped whole, as decoded', () => {
    const tight = trimToInk(pngWithInk(60, 20, { x: 5, y: 4, w: 50, h: 12 }), 4);
    expect([tight.width, tight.height]).toEqual([60, 20]);
    expect(alphaAt(tight, 5, 4)).toBe(255);
  });

  it('leaves an image without ink whole', () => {
    const blank = trimToInk(pngWithInk(40, 20));
    expect([blank.width, blank.height]).toEqual([40, 20]);
    expect(blank.data.every((byte) => byte === 0)).toBe(true);
  });
});
