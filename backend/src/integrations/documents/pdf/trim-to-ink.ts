import { PNG } from 'pngjs';

/** An image's pixels, 8-bit RGBA, row after row. */
export interface RgbaPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/**
 * The pixels of the part of a signature image that holds ink (non-transparent,
 * non-white pixels) plus a small margin, decoded once for the document they are
 * stamped into. A typed signature is rendered cropped already; a drawn or
 * uploaded one is 400×200 with the stroke somewhere in it.
 */
export function trimToInk(png: Uint8Array, margin = 4): RgbaPixels {
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
  if (maxX < 0) return { width, height, data };
  const left = Math.max(0, minX - margin);
  const top = Math.max(0, minY - margin);
  const right = Math.min(width - 1, maxX + margin);
  const bottom = Math.min(height - 1, maxY + margin);
  // Already tight (a typed signature is rendered cropped): the pixels as decoded, not copied.
  if (left <= 2 && top <= 2 && width - 1 - right <= 2 && height - 1 - bottom <= 2) {
    return { width, height, data };
  }
  const trimmed = { width: right - left + 1, height: bottom - top + 1 };
  const rowBytes = trimmed.width * 4;
  const pixels = new Uint8Array(rowBytes * trimmed.height);
  for (let row = 0; row < trimmed.height; row += 1) {
    const from = ((top + row) * width + left) * 4;
    pixels.set(data.subarray(from, from + rowBytes), row * rowBytes);
  }
  return { ...trimmed, data: pixels };
}
