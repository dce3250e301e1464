import { PDFDocument } from 'pdf-lib';
import { pdfImages } from '../../../../test/support/pdf-images';
import { drawPixels, embedPixels } from './embed-pixels';
import type { RgbaPixels } from './trim-to-ink';

/** 3×2 pixels: red, green, blue over white, grey, a dark blue ink; alpha as given. */
function pixels(alpha: number[]): RgbaPixels {
  const colours = [
    [255, 0, 0],
    [0, 255, 0],
    [0, 0, 255],
    [255, 255, 255],
    [128, 128, 128],
    [20, 20, 60],
  ];
  return {
    width: 3,
    height: 2,
    data: Uint8Array.from(colours.flatMap((rgb, i) => [...rgb, alpha[i]])),
  };
}

async function drawn(image: RgbaPixels): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([200, 200]);
  drawPixels(page, embedPixels(pdf, image), { x: 20, y: 20, width: 90, height: 60 });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

// pdf.js, an independent reader, decodes what the document holds.
describe('embedPixels', () => {
  it('keeps every pixel and its transparency, as a reader decodes them', async () => {
    const image = pixels([255, 255, 255, 0, 128, 255]);
    const [decoded, ...others] = await pdfImages(await drawn(image));
    expect(others).toEqual([]);
    expect([decoded.width, decoded.height, decoded.kind]).toEqual([3, 2, 3]);
    expect([...decoded.pixels]).toEqual([...image.data]);
  });

  it('gives an opaque image no mask', async () => {
    const image = pixels([255, 255, 255, 255, 255, 255]);
    const pdf = await drawn(image);
    expect(pdf.toString('latin1')).not.toContain('/SMask');
    const [decoded] = await pdfImages(pdf);
    // RGB, three bytes a pixel: the colours as given.
    expect(decoded.kind).toBe(2);
    expect([...decoded.pixels]).toEqual([...image.data].filter((_, i) => i % 4 !== 3));
  });
});
