import { deflateSync } from 'node:zlib';
import { degrees, drawImage, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import type { RgbaPixels } from './trim-to-ink';

/** An image XObject added to a document, and its size in pixels. */
export interface EmbeddedPixels {
  readonly ref: PDFRef;
  readonly width: number;
  readonly height: number;
}

/**
 * Adds RGBA pixels to `pdf` as an image: its colour in RGB, its alpha as the image's soft
 * mask (none when every pixel is opaque), which is what pdf-lib's `embedPng` makes of a PNG.
 * From pixels already decoded (no PNG decoded a second time) and compressed by node:zlib
 * rather than pdf-lib's JavaScript deflate: a finish stamps two images for each signer.
 */
export function embedPixels(pdf: PDFDocument, { width, height, data }: RgbaPixels): EmbeddedPixels {
  const count = width * height;
  const rgb = Buffer.allocUnsafe(count * 3);
  const alpha = Buffer.allocUnsafe(count);
  let translucent = false;
  for (let pixel = 0; pixel < count; pixel += 1) {
    const at = pixel * 4;
    rgb[pixel * 3] = data[at];
    rgb[pixel * 3 + 1] = data[at + 1];
    rgb[pixel * 3 + 2] = data[at + 2];
    alpha[pixel] = data[at + 3];
    if (data[at + 3] < 255) translucent = true;
  }
  const { context } = pdf;
  const image = {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
  };
  const softMask = translucent
    ? context.register(
        context.stream(deflateSync(alpha), { ...image, ColorSpace: 'DeviceGray', Decode: [0, 1] }),
      )
    : undefined;
  const ref = context.register(
    context.stream(deflateSync(rgb), {
      ...image,
      ColorSpace: 'DeviceRGB',
      ...(softMask ? { SMask: softMask } : {}),
    }),
  );
  return { ref, width, height };
}

/** Draws an embedded image into `box` on `page` (as `PDFPage.drawImage` does). */
export function drawPixels(
  page: PDFPage,
  image: EmbeddedPixels,
  box: { x: number; y: number; width: number; height: number },
): void {
  const name = page.node.newXObject('Image', image.ref);
  page.pushOperators(
    ...drawImage(name, { ...box, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) }),
  );
}
