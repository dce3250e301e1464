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

describe('trimToInk', () => {
  it('crops an image to its ink plus the margin', () => {
    const trimmed = PNG.sync.read(
      trimToInk(pngWithInk(400, 200, { x: 100, y: 90, w: 50, h: 10 }), 4),
    );
    expect([trimmed.width, trimmed.height]).toEqual([58, 18]);
    expect(trimmed.data[(4 * 58 + 4) * 4 + 3]).toBe(255);
    expect(trimmed.data[3]).toBe(0);
  });

  it('hands back an image that is already cropped as it is, without encoding it again', () => {
    const tight = pngWithInk(60, 20, { x: 5, y: 4, w: 50, h: 12 });
    expect(trimToInk(tight, 4).equals(tight)).toBe(true);
  });

  it('leaves an image without ink as it is', () => {
    const blank = pngWithInk(40, 20);
    expect(trimToInk(blank).equals(blank)).toBe(true);
  });
});
