import { findFieldTags, type Field } from '@prosign/domain';
import {
  decodePDFRawStream,
  PDFArray,
  PDFContentStream,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFStream,
  StandardFontEmbedder,
  StandardFonts,
  type PDFDocument,
  type PDFPage,
} from 'pdf-lib';
import { contentOperators, type ContentOperator, type Operand } from './content-tokens';

/** How a font's codes are read: bytes per code, each code's text and width (1/1000 em). */
interface FontReading {
  bytes: 1 | 2;
  text(code: number): string;
  width(code: number): number;
}

const GLYPH_NAMES: Record<string, string> = {
  braceleft: '{',
  braceright: '}',
  colon: ':',
  space: ' ',
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

function streamBytes(stream: unknown): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  if (stream instanceof PDFStream) return (stream as PDFContentStream).getUnencodedContents();
  return new Uint8Array();
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

function utf16(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    out += String.fromCharCode((hex.charCodeAt(i) << 8) | hex.charCodeAt(i + 1));
  }
  return out;
}

/** A ToUnicode CMap's `bfchar` and `bfrange` entries: code → text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexValue = (hex: string) => parseInt(hex || '0', 16);
  const hexText = (hex: string) =>
    hex.length <= 2
      ? String.fromCharCode(hexValue(hex))
      : utf16(
          (hex.match(/../g) ?? []).map((pair) => String.fromCharCode(parseInt(pair, 16))).join(''),
        );
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, source, target] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) {
      map.set(hexValue(source), hexText(target));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const entries = block[1].matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]*)>|\[([^\]]*)\])/g,
    );
    for (const [, low, high, target, list] of entries) {
      const from = hexValue(low);
      const to = Math.min(hexValue(high), from + 0xffff);
      if (list !== undefined) {
        [...list.matchAll(/<([0-9a-fA-F]*)>/g)].forEach(([, hex], index) => {
          if (from + index <= to) map.set(from + index, hexText(hex));
        });
      } else {
        const base = hexText(target ?? '');
        for (let code = from; code <= to; code += 1) {
          const last = base.charCodeAt(base.length - 1) + (code - from);
          map.set(code, base.slice(0, -1) + String.fromCharCode(last));
        }
      }
    }
  }
  return map;
}

const numberAt = (array: PDFArray | undefined, index: number) => {
  const value = array?.lookup(index);
  return value instanceof PDFNumber ? value.asNumber() : undefined;
};

/** How the font `dict` writes text, from its encoding, ToUnicode and widths. */
function readingOf(dict: PDFDict): FontReading {
  const unicodeStream = dict.lookup(PDFName.of('ToUnicode'));
  const unicode =
    unicodeStream instanceof PDFStream ? toUnicode(latin1(streamBytes(unicodeStream))) : undefined;
  if (dict.get(PDFName.of('Subtype')) === PDFName.of('Type0')) {
    const descendants = dict.lookup(PDFName.of('DescendantFonts'));
    const cid = descendants instanceof PDFArray ? descendants.lookup(0) : undefined;
    const widths = new Map<number, number>();
    let fallback = 1000;
    if (cid instanceof PDFDict) {
      fallback = (cid.lookup(PDFName.of('DW')) as PDFNumber | undefined)?.asNumber?.() ?? 1000;
      const w = cid.lookup(PDFName.of('W'));
      if (w instanceof PDFArray) {
        for (let i = 0; i < w.size();) {
          const first = numberAt(w, i)!;
          const next = w.lookup(i + 1);
          if (next instanceof PDFArray) {
            for (let j = 0; j < next.size(); j += 1)
              widths.set(first + j, numberAt(next, j) ?? fallback);
            i += 2;
          } else {
            const last = numberAt(w, i + 1)!;
            const width = numberAt(w, i + 2) ?? fallback;
            for (let code = first; code <= last && code - first < 0xffff; code += 1)
              widths.set(code, width);
            i += 3;
          }
        }
      }
    }
    return {
      bytes: 2,
      text: (code) => unicode?.get(code) ?? '\ufffd',
      width: (code) => widths.get(code) ?? fallback,
    };
  }
  const differences = new Map<number, string>();
  const encoding = dict.lookup(PDFName.of('Encoding'));
  const list = encoding instanceof PDFDict ? encoding.lookup(PDFName.of('Differences')) : undefined;
  if (list instanceof PDFArray) {
    let code = 0;
    for (let i = 0; i < list.size(); i += 1) {
      const item = list.lookup(i);
      if (item instanceof PDFNumber) code = item.asNumber();
      else if (item instanceof PDFName) differences.set(code++, item.decodeText());
    }
  }
  const widths = dict.lookup(PDFName.of('Widths'));
  const firstChar =
    (dict.lookup(PDFName.of('FirstChar')) as PDFNumber | undefined)?.asNumber?.() ?? 0;
  const baseFont =
    (dict.lookup(PDFName.of('BaseFont')) as PDFName | undefined)?.decodeText?.() ?? '';
  const standard = Object.values(StandardFonts).find((name) => name === baseFont);
  const standardEmbedder =
    standard && !(widths instanceof PDFArray)
      ? StandardFontEmbedder.for(
          standard as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
        )
      : undefined;
  const textOf = (code: number): string => {
    const fromCmap = unicode?.get(code);
    if (fromCmap !== undefined) return fromCmap;
    const name = differences.get(code);
    if (name !== undefined) return name.length === 1 ? name : (GLYPH_NAMES[name] ?? '\ufffd');
    return String.fromCharCode(code);
  };
  return {
    bytes: 1,
    text: textOf,
    width: (code) => {
      if (widths instanceof PDFArray) return numberAt(widths, code - firstChar) ?? 0;
      if (standardEmbedder) return standardEmbedder.widthOfTextAtSize(textOf(code), 1000);
      return 500;
    },
  };
}

/** A glyph shown by a text operator: where it is written and what it reads. */
interface ShownGlyph {
  operator: number;
  /** Index of its string among the operator's operands (TJ: among the array's items). */
  item: number;
  /** Index of its code within that string. */
  code: number;
  text: string;
}

/** Per text operator: the font reading and spacing it was shown with. */
interface ShowState {
  font: FontReading;
  size: number;
  charSpacing: number;
  wordSpacing: number;
}

const SHOW_OPERATORS = new Set(['Tj', 'TJ', "'", '"']);

/** The strings an operator shows, in order. */
function shownStrings(op: ContentOperator): Operand[] {
  if (op.operator === 'TJ') {
    const array = op.operands[op.operands.length - 1];
    return array?.type === 'array' ? array.items : [];
  }
  const last = op.operands[op.operands.length - 1];
  return last?.type === 'string' ? [last] : [];
}

function codesOf(bytes: string, font: FontReading): number[] {
  const codes: number[] = [];
  for (let i = 0; i + font.bytes - 1 < bytes.length; i += font.bytes) {
    codes.push(
      font.bytes === 2 ? (bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1) : bytes.charCodeAt(i),
    );
  }
  return codes;
}

const hexOf = (codes: number[], bytes: 1 | 2) =>
  `<${codes.map((code) => code.toString(16).padStart(bytes * 2, '0')).join('')}>`;
const numberText = (value: number) => String(Math.round(value * 1000) / 1000);

/** The operator written again as a TJ with the `removed` codes replaced by the room they took. */
function withoutGlyphs(
  op: ContentOperator,
  state: ShowState,
  removed: Set<string>,
  index: number,
): string {
  const parts: string[] = [];
  const { font } = state;
  shownStrings(op).forEach((item, itemIndex) => {
    if (item.type === 'number') {
      parts.push(numberText(item.value));
      return;
    }
    if (item.type !== 'string') return;
    let kept: number[] = [];
    codesOf(item.bytes, font).forEach((code, codeIndex) => {
      if (!removed.has(`${index}:${itemIndex}:${codeIndex}`)) {
        kept.push(code);
        return;
      }
      if (kept.length) parts.push(hexOf(kept, font.bytes));
      kept = [];
      const spacing = state.charSpacing + (font.bytes === 1 && code === 32 ? state.wordSpacing : 0);
      const advance = font.width(code) + (state.size ? (spacing * 1000) / state.size : 0);
      parts.push(numberText(-advance));
    });
    if (kept.length) parts.push(hexOf(kept, font.bytes));
  });
  const shown = `[${parts.join(' ')}] TJ`;
  const numbers = op.operands.filter((operand) => operand.type === 'number');
  if (op.operator === "'") return `T* ${shown}`;
  if (op.operator === '"' && numbers.length >= 2) {
    return `${numberText((numbers[0] as { value: number }).value)} Tw ${numberText((numbers[1] as { value: number }).value)} Tc T* ${shown}`;
  }
  return shown;
}

/** The page's content streams, joined, and the fonts of its resources by name. */
function pageContent(page: PDFPage): { content: string; fonts: PDFDict | undefined } {
  const contents = page.node.lookup(PDFName.of('Contents'));
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => page.doc.context.lookup(ref))
      : [contents];
  const content = streams.map((stream) => latin1(streamBytes(stream))).join('\n');
  const resources = page.node.getInheritableAttribute(PDFName.of('Resources'));
  const resourceDict = resources ? page.doc.context.lookup(resources) : undefined;
  const fonts =
    resourceDict instanceof PDFDict ? resourceDict.lookup(PDFName.of('Font')) : undefined;
  return { content, fonts: fonts instanceof PDFDict ? fonts : undefined };
}

/**
 * Takes the words of every text tag (`{{…}}`, the domain's grammar) out of the text of one
 * page: the glyphs are dropped from the text operators that show them and replaced by the
 * room they took, so the rest of the line stays where it was and no text extractor or screen
 * reader finds the tag. Tags are found in the order the page shows its text, across operators
 * (a word processor splits a line into many). Text in form XObjects is left as it is (the
 * white box over the field still hides it). Returns whether anything changed.
 */
function removePageTags(page: PDFPage): boolean {
  const { content, fonts } = pageContent(page);
  if (!content.includes('T')) return false;
  const operators = contentOperators(content);
  const readings = new Map<string, FontReading>();
  const glyphs: ShownGlyph[] = [];
  const states = new Map<number, ShowState>();
  let text = '';
  const owners: number[] = [];
  const stack: ShowState[] = [];
  let state: ShowState = {
    font: { bytes: 1, text: (c) => String.fromCharCode(c), width: () => 500 },
    size: 0,
    charSpacing: 0,
    wordSpacing: 0,
  };
  operators.forEach((op, index) => {
    const numbers = op.operands.map((operand) => (operand.type === 'number' ? operand.value : 0));
    switch (op.operator) {
      case 'q':
        stack.push({ ...state });
        return;
      case 'Q':
        state = stack.pop() ?? state;
        return;
      case 'Tc':
        state = { ...state, charSpacing: numbers[0] ?? 0 };
        return;
      case 'Tw':
        state = { ...state, wordSpacing: numbers[0] ?? 0 };
        return;
      case 'Tf': {
        const name = op.operands[0]?.type === 'name' ? op.operands[0].value : '';
        let reading = readings.get(name);
        if (!reading) {
          const dict = fonts?.lookup(PDFName.of(name));
          reading = dict instanceof PDFDict ? readingOf(dict) : state.font;
          readings.set(name, reading);
        }
        state = { ...state, font: reading, size: numbers[1] ?? 0 };
        return;
      }
      default:
        break;
    }
    if (!SHOW_OPERATORS.has(op.operator)) return;
    if (op.operator === '"')
      state = { ...state, wordSpacing: numbers[0] ?? 0, charSpacing: numbers[1] ?? 0 };
    states.set(index, state);
    shownStrings(op).forEach((item, itemIndex) => {
      if (item.type !== 'string') return;
      codesOf(item.bytes, state.font).forEach((code, codeIndex) => {
        const shown = state.font.text(code);
        glyphs.push({ operator: index, item: itemIndex, code: codeIndex, text: shown });
        for (let i = 0; i < shown.length; i += 1) owners.push(glyphs.length - 1);
        text += shown;
      });
    });
  });
  const tags = findFieldTags(text);
  if (tags.length === 0) return false;
  const removed = new Set<string>();
  const changed = new Set<number>();
  for (const { start, end } of tags) {
    for (let i = start; i < end; i += 1) {
      const glyph = glyphs[owners[i]];
      removed.add(`${glyph.operator}:${glyph.item}:${glyph.code}`);
      changed.add(glyph.operator);
    }
  }
  let rewritten = '';
  let from = 0;
  for (const index of [...changed].sort((a, b) => a - b)) {
    const op = operators[index];
    rewritten +=
      content.slice(from, op.start) + withoutGlyphs(op, states.get(index)!, removed, index);
    from = op.end;
  }
  rewritten += content.slice(from);
  const stream = page.doc.context.flateStream(Buffer.from(rewritten, 'latin1'));
  page.node.set(PDFName.of('Contents'), page.doc.context.obj([page.doc.context.register(stream)]));
  return true;
}

/** Removes the tag text from each page a field was placed on from a tag, where it can. */
export function removeTagText(pdf: PDFDocument, tagFields: Field[]): void {
  const pages = pdf.getPages();
  for (const number of new Set(tagFields.map((field) => field.page))) {
    const page = pages[number - 1];
    try {
      if (page) removePageTags(page);
    } catch {
      // Content this reader cannot follow stays as it was: the white box over the tag still hides it.
    }
  }
}
