import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PDFDocument, PDFFont } from 'pdf-lib';

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];

interface FontkitSubset {
  encode(): Uint8Array;
}

/**
 * fontkit 2 (installed with pdfkit) for pdf-lib, which was written against fontkit 1: a
 * subset there was written by `encodeStream()`, fontkit 2 has `encode()`. The adapter gives
 * each subset the stream pdf-lib listens to, emitting the encoded bytes once.
 */
function fontkitForPdfLib(): PdfLibFontkit {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- fontkit ships no types
  const fontkit = require('fontkit') as { create(bytes: Buffer): Record<string, unknown> };
  // The font is parsed once per process: each document still gets its own subset.
  let parsed: { bytes: Uint8Array; font: Record<string, unknown> } | undefined;
  return {
    create(bytes: Uint8Array) {
      if (parsed?.bytes === bytes) return parsed.font;
      const font = fontkit.create(Buffer.from(bytes));
      parsed = { bytes, font };
      const createSubset = (font.createSubset as () => FontkitSubset).bind(font);
      font.createSubset = () => {
        const subset = createSubset() as FontkitSubset & { encodeStream?: () => unknown };
        subset.encodeStream = () => {
          const handlers: Record<string, (value?: unknown) => void> = {};
          const stream = {
            on(event: string, handler: (value?: unknown) => void) {
              handlers[event] = handler;
              return stream;
            },
          };
          // pdf-lib attaches its listeners right after the call.
          setImmediate(() => {
            try {
              handlers.data?.(subset.encode());
              handlers.end?.();
            } catch (error) {
              handlers.error?.(error);
            }
          });
          return stream;
        };
        return subset;
      };
      return font;
    },
  } as unknown as PdfLibFontkit;
}

let fontkit: PdfLibFontkit | undefined;
let sansBytes: Buffer | undefined;

/**
 * Liberation Sans (SIL Open Font License, shipped by pdfjs-dist as its standard sans font),
 * embedded as a subset of the glyphs drawn: the values read the same in every viewer and the
 * PDF needs no font of the reader's. Covers Latin, Greek and Cyrillic, and the radio marks
 * (● ○); it has no check mark, so a ticked box is drawn as a path.
 */
export async function embedFillFont(pdf: PDFDocument): Promise<PDFFont> {
  fontkit ??= fontkitForPdfLib();
  sansBytes ??= readFileSync(
    join(
      require.resolve('pdfjs-dist/package.json'),
      '..',
      'standard_fonts',
      'LiberationSans-Regular.ttf',
    ),
  );
  pdf.registerFontkit(fontkit);
  return pdf.embedFont(sansBytes, { subset: true });
}
