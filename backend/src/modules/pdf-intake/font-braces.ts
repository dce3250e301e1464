import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';

/*
 * How many `{` a font's codes may give in pdf.js's text (tag-candidate-pages.ts): read from the
 * font's encoding and ToUnicode map as pdf.js reads them, any doubt answered "maybe".
 */

/** A scan cannot tell: the page is left to pdf.js. */
export class Unsure extends Error {}

const BRACE = 0x7b;
/**
 * A code's possible `{` when its font's text mapping is not read here: enough to keep the page
 * (a ToUnicode map may give a code a whole string).
 */
export const UNKNOWN = 2;

/** How many `{` a code may give in pdf.js's text. A simple font gives one character a code. */
export type FontWeights = (code: number) => number;

/**
 * pdf.js maps an encoding's glyph name to text by its glyph list (`braceleft`, `braceleftbig`,
 * `bracehtipdownleft`… give `{` or a form NFKC reads as one) or by the code the name spells
 * (`uni007B`, `g007B`, `C123`: always with a digit).
 */
const mayNameBrace = (name: string) =>
  /\d/.test(name) || (/brace/i.test(name) && !/^braceright/.test(name));

/** How many `{` a text gives once pdf.js has normalised it (NFKC). */
const bracesIn = (text: string) => text.normalize('NFKC').split('{').length - 1;

/** Base encodings pdf.js honours, in which `{` is code 0x7B alone. */
const KNOWN_BASES = new Set(['WinAnsiEncoding', 'MacRomanEncoding', 'MacExpertEncoding']);

/** How many `{` each code of a font may give in pdf.js's text, or UNKNOWN. */
export function fontWeights(
  document: PDFDocument,
  font: PDFObject | undefined,
  budget: { bytes: number },
): FontWeights {
  const unknown: FontWeights = () => UNKNOWN;
  const dict = lookup(document, font);
  if (!(dict instanceof PDFDict)) return unknown;
  const subtype = nameOf(dict.get(PDFName.of('Subtype')));
  if (subtype !== 'Type1' && subtype !== 'MMType1' && subtype !== 'TrueType') return unknown;
  const toUnicode = dict.has(PDFName.of('ToUnicode'))
    ? toUnicodeBraces(lookup(document, dict.get(PDFName.of('ToUnicode'))), budget)
    : undefined;
  const baseFont = nameOf(dict.get(PDFName.of('BaseFont'))) ?? '';
  // pdf.js reads some non-ASCII-named fonts as Chinese composite ones, and symbol fonts its own way.
  if (/[^\x20-\x7e]/.test(baseFont) || /Symbol|Dingbats|Wingdings/i.test(baseFont)) return unknown;
  const encoding = lookup(document, dict.get(PDFName.of('Encoding')));
  let base: string | undefined;
  const differences = new Map<number, string>();
  if (encoding instanceof PDFName) base = nameOf(encoding);
  else if (encoding instanceof PDFDict) {
    base = nameOf(lookup(document, encoding.get(PDFName.of('BaseEncoding'))));
    const list = lookup(document, encoding.get(PDFName.of('Differences')));
    if (list !== undefined && !(list instanceof PDFArray)) return unknown;
    let code = 0;
    for (const entry of list?.asArray() ?? []) {
      const item = lookup(document, entry);
      if (item instanceof PDFNumber) code = item.asNumber();
      else if (item instanceof PDFName) differences.set(code++, nameOf(item)!);
      else return unknown;
    }
  } else if (encoding !== undefined) return unknown;
  const baseKnown = base !== undefined && KNOWN_BASES.has(base);
  return (code) => {
    // A ToUnicode map's text for the codes it maps; pdf.js falls back to the encoding's for the rest.
    const mapped = toUnicode?.get(code);
    if (mapped !== undefined) return mapped;
    const name = differences.get(code);
    // pdf.js falls back to the code itself for a name it cannot map: 0x7B may always be `{`.
    if (name !== undefined && name !== '.notdef')
      return mayNameBrace(name) || code === BRACE ? 1 : 0;
    // Else the base encoding's, or the font program's own (not read here: any glyph).
    return !baseKnown || code === BRACE ? 1 : 0;
  };
}

/**
 * How many `{` each code (0–255: a simple font's) a ToUnicode CMap maps to; Unsure for a CMap
 * this does not read (a named one, one using another).
 */
function toUnicodeBraces(
  stream: PDFObject | undefined,
  budget: { bytes: number },
): Map<number, number> {
  const text = streamBytes(stream, budget).toString('latin1');
  if (/usecmap/.test(text)) throw new Unsure();
  const braces = new Map<number, number>();
  const hexValue = (hex: string) =>
    Buffer.from(hex.replace(/[^0-9a-fA-F]/g, '').padEnd(2, '0'), 'hex');
  const utf16 = (bytes: Buffer) => {
    const even = bytes.length % 2 === 0 ? bytes : Buffer.concat([Buffer.alloc(1), bytes]);
    return even.swap16().toString('utf16le');
  };
  const code = (hex: string) => hexValue(hex).reduce((value, byte) => value * 256 + byte, 0);
  for (const [, body] of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    const tokens = [...body.matchAll(/<([^>]*)>/g)].map(([, hex]) => hex);
    for (let index = 0; index + 1 < tokens.length; index += 2) {
      const from = code(tokens[index]);
      if (from < 256) braces.set(from, bracesIn(utf16(hexValue(tokens[index + 1]))));
    }
  }
  for (const [, body] of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const tokens = [...body.matchAll(/<([^>]*)>|\[|\]/g)].map(([token, hex]) => hex ?? token);
    let index = 0;
    while (index + 2 < tokens.length) {
      const low = code(tokens[index]);
      const high = Math.min(code(tokens[index + 1]), 255);
      if (tokens[index + 2] === '[') {
        index += 3;
        for (let from = low; tokens[index] !== ']' && index < tokens.length; from += 1) {
          if (from <= high) braces.set(from, bracesIn(utf16(hexValue(tokens[index]))));
          index += 1;
        }
        index += 1;
        continue;
      }
      const start = hexValue(tokens[index + 2]);
      for (let from = low; from <= high; from += 1) {
        const last = start[start.length - 1] + (from - low);
        // pdf.js carries an overflowing last byte its own way: not followed here.
        if (last > 255) braces.set(from, UNKNOWN);
        else {
          const target = Buffer.from(start);
          target[target.length - 1] = last;
          braces.set(from, bracesIn(utf16(target)));
        }
      }
      index += 3;
    }
  }
  return braces;
}

export function lookup(
  document: PDFDocument,
  object: PDFObject | undefined,
): PDFObject | undefined {
  return object instanceof PDFRef ? document.context.lookup(object) : object;
}

export function nameOf(object: PDFObject | undefined): string | undefined {
  if (!(object instanceof PDFName)) return undefined;
  const written = object.asString();
  return written.includes('#') ? object.decodeText() : written.slice(1);
}

/** A content stream's bytes, decoded; Unsure for a filter other than Flate or over the budget. */
export function streamBytes(object: PDFObject | undefined, budget: { bytes: number }): Buffer {
  if (!(object instanceof PDFRawStream)) throw new Unsure();
  const filter = object.dict.get(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  if (object.dict.has(PDFName.of('DecodeParms')) || filters.length > 1) throw new Unsure();
  let bytes: Buffer;
  if (filters.length === 0) bytes = Buffer.from(object.contents);
  else if (nameOf(filters[0]) === 'FlateDecode') {
    // Bounded: a small stream may inflate to gigabytes.
    bytes = inflateSync(object.contents, { maxOutputLength: Math.max(1, budget.bytes) });
  } else throw new Unsure();
  budget.bytes -= bytes.length;
  if (budget.bytes < 0) throw new Unsure();
  return bytes;
}
