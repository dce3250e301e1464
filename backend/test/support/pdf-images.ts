import { runPdfJs } from './pdfjs-child';

/** An image drawn on a page, as pdf.js decodes it for display (its soft mask applied). */
export interface DecodedPdfImage {
  page: number;
  width: number;
  height: number;
  /** pdf.js's ImageKind: 2 RGB (3 bytes a pixel), 3 RGBA (4 bytes a pixel, the mask as alpha). */
  kind: number;
  pixels: Buffer;
}

/** Every image drawn on the pages of a PDF, decoded by pdfjs-dist (extract-pdf-images.mjs). */
export async function pdfImages(pdf: Buffer): Promise<DecodedPdfImage[]> {
  const { images } = await runPdfJs<{
    images: (Omit<DecodedPdfImage, 'pixels'> & { pixels: string })[];
  }>('extract-pdf-images.mjs', pdf, 'PDF image extraction');
  return images.map((image) => ({ ...image, pixels: Buffer.from(image.pixels, 'base64') }));
}
