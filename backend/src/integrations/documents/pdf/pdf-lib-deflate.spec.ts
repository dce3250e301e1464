import { createRequire } from 'node:module';
import { deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfText } from '../../../../test/support/pdf-text';
import { useNativeDeflateForPdfLib } from './pdf-lib-deflate';

const pako = createRequire(require.resolve('pdf-lib'))('pako') as {
  deflate(input: Uint8Array, options?: object): Uint8Array;
};

/** Page-content-like text whose deflate differs between pako and Node's zlib (fixed, not random). */
function contentText(): Buffer {
  const words = ['BT', 'ET', 'Td', 'Tj', 'Signed', 'by', 'Jane', 'Doe', 'on', '2026-11-29', 'page'];
  let seed = 7;
  const picked: string[] = [];
  for (let i = 0; i < 2000; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    picked.push(words[seed % words.length]);
  }
  return Buffer.from(picked.join(' '));
}

describe('pdf-lib deflating with Node zlib', () => {
  beforeAll(() => useNativeDeflateForPdfLib());

  it("makes pdf-lib's deflate zlib's, round-tripping the bytes", () => {
    const content = contentText();
    const deflated = pako.deflate(content);
    expect(Buffer.from(deflated)).toEqual(deflateSync(content));
    expect(inflateSync(deflated)).toEqual(content);
  });

  it('leaves a call with options to pako', () => {
    const content = Buffer.from('x'.repeat(500));
    const raw = pako.deflate(content, { raw: true });
    expect(Buffer.from(raw)).not.toEqual(deflateSync(content));
    expect(Buffer.from(raw)[0]).not.toBe(0x78); // no zlib header: a raw stream, as asked
  });

  it('is set once however often it is asked for', () => {
    const before = pako.deflate;
    useNativeDeflateForPdfLib();
    expect(pako.deflate).toBe(before);
  });

  // pdf.js, an independent reader, reads the page content pdf-lib compressed.
  it('writes page content a reader decodes', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([300, 200]).drawText('Signed by Jane Doe', { x: 20, y: 100, size: 12, font });
    const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
    expect(bytes.includes(Buffer.from('/FlateDecode'))).toBe(true);
    expect(await pdfText(bytes)).toContain('Signed by Jane Doe');
  });
});
