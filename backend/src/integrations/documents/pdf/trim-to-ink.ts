import { PNG } from 'pngjs';

/**
 * The part of a signature image that holds ink (non-transparent, non-white
 * pixels) plus a small margin. A typed signature is 400×200 with the text in
 * the middle; trimmed, it fills the document's signature box legibly.
 */
export function trimToInk(png: Uint8Array, margin = 4): Buffer {
  const image = PNG.sync.read(Buffer.from(png));
  const { width, height, data } = image;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const ink = data[i + 3] > 16 && data[i] + data[i + 1] + data[i + 2] < 3 * 235;
      if (!ink) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return Buffer.from(png);
  const left = Math.max(0, minX - margin);
  const top = Math.max(0, minY - margin);
  const right = Math.min(width - 1, maxX + margin);
  const bottom = Math.min(height - 1, maxY + margin);
  // Already tight (a typed signature is rendered cropped): the bytes as they are, not re-encoded.
  if (left <= 2 && top <= 2 && width - 1 - right <= 2 && height - 1 - bottom <= 2) {
    return Buffer.from(png);
  }
  const trimmed = new PNG({ width: right - left + 1, height: bottom - top + 1 });
  PNG.bitblt(image, trimmed, left, top, trimmed.width, trimmed.height, 0, 0);
  return PNG.sync.write(trimmed);
}
