import PDFDocument from 'pdfkit';

/**
 * PDFKit's standard fonts cost every document twice over: each new document
 * parses the font metrics again (an object of several thousand kerning pairs
 * per font), and every word is measured and encoded glyph by glyph, kerning
 * included, on each line wrap. Our documents use four standard fonts and a
 * small vocabulary, so both are cached here for the process:
 * - one metrics object per font, shared by the documents' font instances;
 * - `widthOfString` and `encode` per (font, text), pure functions of the metrics
 *   whose results PDFKit only reads (the line writer copies before changing).
 * Output bytes are unchanged except the font resource names (F1…F4, fixed).
 * PDFKit internals are reached with care: if they are not what this expects,
 * documents are made the ordinary way.
 */

interface StandardFontLike {
  name: string;
  id: string;
  document: unknown;
  dictionary?: unknown;
  embedded?: boolean;
  widthOfString(text: string, size: number, features?: unknown): number;
  encode(text: string, features?: unknown): [string[], object[]];
}

interface PdfKitInternals {
  _font?: StandardFontLike;
  _fontFamilies?: Record<string, StandardFontLike>;
  _fontCount?: number;
}

const MAX_ENTRIES = 20_000;
const widths = new Map<string, number>();
const encodings = new Map<string, [string[], object[]]>();
const templates = new Map<string, StandardFontLike>();
let patched: boolean | undefined;

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, value);
  return value;
}

/** Patches the standard font class once; false when PDFKit is not shaped as expected. */
function patchStandardFont(fonts: readonly string[]): boolean {
  const probe = new PDFDocument({ autoFirstPage: false }) as unknown as PDFKit.PDFDocument &
    PdfKitInternals;
  for (const name of fonts) {
    probe.font(name);
    const font = probe._font;
    if (!font || font.name !== name || typeof font.widthOfString !== 'function') return false;
    templates.set(name, font);
  }
  const prototype = Object.getPrototypeOf(templates.get(fonts[0])) as StandardFontLike;
  if (!probe._fontFamilies || typeof probe._fontCount !== 'number') return false;
  const { widthOfString, encode } = prototype;
  prototype.widthOfString = function (this: StandardFontLike, text, size, features) {
    if (features !== undefined) return widthOfString.call(this, text, size, features);
    const key = `${this.name}\0${text}`;
    const perThousand =
      widths.get(key) ?? remember(widths, key, widthOfString.call(this, text, 1000));
    return (perThousand * size) / 1000;
  };
  prototype.encode = function (this: StandardFontLike, text, features) {
    if (features !== undefined) return encode.call(this, text, features);
    const key = `${this.name}\0${text}`;
    return encodings.get(key) ?? remember(encodings, key, encode.call(this, text));
  };
  return true;
}

/**
 * Gives `doc` the standard fonts `fonts` up front, sharing the metrics parsed
 * once for the process (PDFKit then finds them by name and parses nothing).
 */
export function preloadStandardFonts(doc: PDFKit.PDFDocument, fonts: readonly string[]): void {
  patched ??= patchStandardFont(fonts);
  if (!patched) return;
  const internals = doc as unknown as PdfKitInternals;
  if (!internals._fontFamilies || typeof internals._fontCount !== 'number') return;
  for (const name of fonts) {
    const template = templates.get(name);
    if (!template || internals._fontFamilies[name]) continue;
    internals._fontCount += 1;
    const font = Object.assign(
      Object.create(Object.getPrototypeOf(template) as object) as StandardFontLike,
      template,
      { document: doc, id: `F${internals._fontCount}`, dictionary: undefined, embedded: false },
    );
    internals._fontFamilies[name] = font;
  }
}
