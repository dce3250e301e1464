import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFRawStream,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';
import {
  fontWeights,
  lookup,
  nameOf,
  streamBytes,
  Unsure,
  UNKNOWN,
  type FontWeights,
} from './font-braces';

/**
 * Which pages' text pdf.js must read to find the tags: pdf.js's text extraction is most of an
 * upload's time, and most pages of a long document hold no tag. A tag starts with `{{`, so a
 * page whose text cannot hold two `{` holds none. That is read here from the page's content
 * streams (and the forms they draw), cheaply, counting how many `{` each shown string may
 * give — by its font's encoding and ToUnicode map, as pdf.js maps codes to text (font-braces.ts).
 * A page is skipped only when that count is certain: a font whose text mapping is not read here
 * (composite, Type3, a font program's own encoding), a filter other than Flate, an inline image,
 * a stream too large or damaged — any doubt, and pdf.js reads the page.
 */
export function pagesThatMayHoldTags(document: PDFDocument): number[] {
  const budget = { bytes: DOCUMENT_DECODE_BYTES };
  // Pages share their fonts: each read once.
  const fonts = new Map<PDFObject, FontWeights>();
  const pages: number[] = [];
  document.getPages().forEach((page, index) => {
    let mayHold = true;
    try {
      const scan = new PageScan(document, budget, fonts);
      const resources = page.node.Resources();
      scan.content(contentBytes(document, page.node.Contents(), budget), resources, undefined);
      mayHold = scan.braces >= 2;
    } catch {
      // Unsure: pdf.js reads it.
    }
    if (mayHold) pages.push(index + 1);
  });
  return pages;
}

/**
 * How many bytes of content streams are decoded for one upload, at most: the scan runs on the
 * api's event loop (tens of milliseconds for 50 dense pages), so a file whose streams inflate
 * further has its remaining pages read by pdf.js in its thread instead.
 */
const DOCUMENT_DECODE_BYTES = 16 * 1024 * 1024;
/** How deep forms drawing forms are followed. */
const MAX_FORM_DEPTH = 12;

function contentBytes(
  document: PDFDocument,
  contents: PDFObject | undefined,
  budget: { bytes: number },
): Buffer {
  const resolved = lookup(document, contents);
  if (resolved === undefined) return Buffer.alloc(0);
  if (resolved instanceof PDFArray) {
    // pdf.js reads the streams as one, without a separator.
    return Buffer.concat(
      resolved.asArray().map((part) => streamBytes(lookup(document, part), budget)),
    );
  }
  return streamBytes(resolved, budget);
}

/** Byte classes of PDF's syntax: 1 white space, 2 delimiter, 0 regular. */
const CLASS = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[byte] = 1;
for (const byte of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[byte] = 2;
/** Hex digits' values; 255 for other bytes. */
const HEX = new Uint8Array(256).fill(255);
for (let digit = 0; digit < 16; digit += 1) {
  HEX['0123456789abcdef'.charCodeAt(digit)] = digit;
  HEX['0123456789ABCDEF'.charCodeAt(digit)] = digit;
}

/** A string operand's bytes (the codes a show operator draws). */
class Codes {
  constructor(readonly codes: number[]) {}
}

/** An operand as far as the scan needs it: strings, names (as written), arrays; the rest null. */
type Operand = Codes | string | Operand[] | null;

/** One page's scan: how many `{` its shown strings may give, summed over its forms too. */
class PageScan {
  braces = 0;
  private readonly drawing = new Set<PDFObject>();

  constructor(
    private readonly document: PDFDocument,
    private readonly budget: { bytes: number },
    private readonly fonts: Map<PDFObject, FontWeights>,
  ) {}

  /** Scans one content stream drawn with `resources`, starting with `font` current. */
  content(bytes: Buffer, resources: PDFDict | undefined, font: FontWeights | undefined): void {
    const fonts: (FontWeights | undefined)[] = [];
    // Operands of the next operator, then of arrays and dictionaries being read.
    const stack: Operand[][] = [[]];
    let operands = stack[0];
    let at = 0;
    const length = bytes.length;
    while (at < length) {
      const byte = bytes[at];
      const kind = CLASS[byte];
      if (kind === 1) {
        at += 1;
      } else if (kind === 0) {
        const start = at;
        while (at < length && CLASS[bytes[at]] === 0) at += 1;
        // Numbers, and operators this scan does not follow (none is longer than two bytes).
        if (at - start > 2 || (byte >= 0x2b && byte <= 0x39) || stack.length > 1) {
          operands.push(null);
          continue;
        }
        const word = bytes.toString('latin1', start, at);
        font = this.operator(word, operands, resources, font);
        operands.length = 0;
        if (word === 'q') fonts.push(font);
        else if (word === 'Q' && fonts.length > 0) font = fonts.pop();
      } else if (byte === 0x28) {
        at = literalString(bytes, at, operands);
      } else if (byte === 0x2f) {
        const start = (at += 1);
        while (at < length && CLASS[bytes[at]] === 0) at += 1;
        operands.push(bytes.toString('latin1', start, at));
      } else if (byte === 0x3c && bytes[at + 1] === 0x3c) {
        operands = stack[stack.push([]) - 1]; // a dictionary operand (marked content's): skipped
        at += 2;
      } else if (byte === 0x3c) {
        at = hexString(bytes, at, operands);
      } else if (byte === 0x5b) {
        operands = stack[stack.push([]) - 1];
        at += 1;
      } else if (byte === 0x3e || byte === 0x5d) {
        // The end of a dictionary (>>) or an array: it becomes one operand of what holds it.
        if (stack.length > 1) {
          const done = stack.pop()!;
          operands = stack[stack.length - 1];
          operands.push(byte === 0x5d ? done : null);
        }
        at += byte === 0x3e && bytes[at + 1] === 0x3e ? 2 : 1;
      } else if (byte === 0x25) {
        while (at < length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at += 1;
      } else {
        at += 1; // ) { } out of place
      }
    }
  }

  /** What `word` does to the count and the current font; returns the font after it. */
  private operator(
    word: string,
    args: Operand[],
    resources: PDFDict | undefined,
    font: FontWeights | undefined,
  ): FontWeights | undefined {
    switch (word) {
      case 'Tf':
        return this.font(resources, args[0]);
      case 'Tj':
      case "'":
        this.shown(args[0], font);
        return font;
      case '"':
        this.shown(args[2], font);
        return font;
      case 'TJ':
        for (const part of Array.isArray(args[0]) ? args[0] : []) this.shown(part, font);
        return font;
      case 'gs': {
        const state = lookup(this.document, this.resource(resources, 'ExtGState', args[0]));
        if (!(state instanceof PDFDict) || state.has(PDFName.of('Font'))) throw new Unsure();
        return font;
      }
      case 'Do':
        this.form(resources, args[0], font);
        return font;
      case 'BI':
        // An inline image's data could be read as strings: no telling what follows it.
        throw new Unsure();
      default:
        return font;
    }
  }

  private shown(text: Operand, font: FontWeights | undefined): void {
    if (!(text instanceof Codes) || text.codes.length === 0) return;
    if (!font) throw new Unsure(); // pdf.js would pick a font of its own
    for (const code of text.codes) this.braces += font(code);
    if (this.braces >= 2) throw new Unsure(); // decided: the page is read
  }

  private resource(
    resources: PDFDict | undefined,
    kind: string,
    name: Operand,
  ): PDFObject | undefined {
    if (typeof name !== 'string' || !resources) return undefined;
    const group = lookup(this.document, resources.get(PDFName.of(kind)));
    if (!(group instanceof PDFDict)) return undefined;
    return group.get(PDFName.of(name));
  }

  private font(resources: PDFDict | undefined, name: Operand): FontWeights | undefined {
    const reference = this.resource(resources, 'Font', name);
    if (reference === undefined) return undefined;
    let weights = this.fonts.get(reference);
    if (!weights) {
      try {
        weights = fontWeights(this.document, reference, this.budget);
      } catch {
        weights = () => UNKNOWN;
      }
      this.fonts.set(reference, weights);
    }
    return weights;
  }

  private form(resources: PDFDict | undefined, name: Operand, font: FontWeights | undefined): void {
    const reference = this.resource(resources, 'XObject', name);
    const stream = lookup(this.document, reference);
    if (!(stream instanceof PDFRawStream)) return;
    if (nameOf(stream.dict.get(PDFName.of('Subtype'))) !== 'Form') return;
    if (this.drawing.has(stream) || this.drawing.size >= MAX_FORM_DEPTH) {
      throw new Unsure();
    }
    const own = lookup(this.document, stream.dict.get(PDFName.of('Resources')));
    this.drawing.add(stream);
    this.content(streamBytes(stream, this.budget), own instanceof PDFDict ? own : resources, font);
    this.drawing.delete(stream);
  }
}

const ESCAPED: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };

/** Reads a literal string (escapes, nested parentheses) into `operands`; the offset after it. */
function literalString(bytes: Buffer, start: number, operands: Operand[]): number {
  const codes: number[] = [];
  let depth = 1;
  let at = start + 1;
  while (at < bytes.length) {
    const byte = bytes[at];
    if (byte === 0x5c) {
      const next = bytes[at + 1];
      at += 2;
      if (next >= 0x30 && next <= 0x37) {
        let code = next - 0x30;
        for (let digits = 1; digits < 3 && bytes[at] >= 0x30 && bytes[at] <= 0x37; digits += 1) {
          code = code * 8 + bytes[at] - 0x30;
          at += 1;
        }
        codes.push(code & 0xff);
      } else if (next === 0x0d) {
        if (bytes[at] === 0x0a) at += 1; // a line continued
      } else if (next !== 0x0a && next !== undefined) {
        codes.push(ESCAPED[next] ?? next);
      }
      continue;
    }
    at += 1;
    if (byte === 0x28) depth += 1;
    else if (byte === 0x29 && (depth -= 1) === 0) break;
    codes.push(byte);
  }
  operands.push(new Codes(codes));
  return at;
}

/** Reads a hex string (other bytes skipped, an odd last digit padded) into `operands`; the offset after it. */
function hexString(bytes: Buffer, start: number, operands: Operand[]): number {
  const codes: number[] = [];
  let high = -1;
  let at = start + 1;
  for (; at < bytes.length && bytes[at] !== 0x3e; at += 1) {
    const value = HEX[bytes[at]];
    if (value === 255) continue;
    if (high < 0) high = value;
    else {
      codes.push(high * 16 + value);
      high = -1;
    }
  }
  if (high >= 0) codes.push(high * 16);
  operands.push(new Codes(codes));
  return at + 1;
}
