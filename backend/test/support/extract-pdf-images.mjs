// Reads a PDF on stdin and prints {"images": [{page, width, height, kind, pixels}]} for every
// image drawn on its pages, as pdf.js decodes it for display: its soft mask applied, so kind 3
// (RGBA, 4 bytes a pixel) for an image with a mask, 2 (RGB) without; pixels in base64.
// pdfjs-dist ships ES modules only: tests run this in a child Node process (pdfjs-child.ts).
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const data = new Uint8Array(Buffer.concat(chunks));

const pdf = await getDocument({
  data,
  useSystemFonts: false,
  verbosity: 0,
  isOffscreenCanvasSupported: false,
}).promise;
const images = [];
for (let number = 1; number <= pdf.numPages; number += 1) {
  const page = await pdf.getPage(number);
  const operators = await page.getOperatorList();
  for (let i = 0; i < operators.fnArray.length; i += 1) {
    if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
    const [name] = operators.argsArray[i];
    const image = await new Promise((resolve) => page.objs.get(name, resolve));
    images.push({
      page: number,
      width: image.width,
      height: image.height,
      kind: image.kind,
      pixels: Buffer.from(image.data).toString('base64'),
    });
  }
}
process.stdout.write(JSON.stringify({ images }));
