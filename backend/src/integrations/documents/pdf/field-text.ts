import { degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { FieldFrame } from './field-frame';

export const INK = rgb(0.05, 0.05, 0.1);
/** The largest size a value is written at, and the smallest it shrinks to before it is cut. */
const MAX_TEXT_SIZE = 11;
const MIN_TEXT_SIZE = 4;
/** Room kept between a value and its box's edges, in points. */
const PADDING = 2;
/** Share of the font size above the baseline that capitals and most lower case reach. */
const CAP_HEIGHT = 0.72;

/** What the drawing of one page needs beside the field. */
export interface PageCanvas {
  page: PDFPage;
  frame: FieldFrame;
  font: PDFFont;
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** Characters the font has no glyph for are written as "?" rather than as an empty box. */
export function drawable(font: PDFFont, text: string): string {
  let supported = characterSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  return [...text.replace(/[\r\t]/g, ' ')]
    .map((char) => (char === '\n' || supported!.has(char.codePointAt(0)!) ? char : '?'))
    .join('');
}

/** One line of text in the frame, shrunk to fit its width, centred on `middle` (from the frame's bottom). */
export function drawLine(
  { page, frame, font }: PageCanvas,
  text: string,
  { middle, height, left = PADDING }: { middle: number; height: number; left?: number },
): void {
  const room = frame.width - left - PADDING;
  let size = Math.min(MAX_TEXT_SIZE, height * 0.7);
  const width = font.widthOfTextAtSize(text, size);
  if (width > room) size = Math.max(MIN_TEXT_SIZE, (size * room) / width);
  // Still too wide at the smallest size: cut to the longest start that fits.
  let line = text;
  if (font.widthOfTextAtSize(line, size) > room) {
    let [fits, tooLong] = [0, text.length];
    while (tooLong - fits > 1) {
      const middle = Math.floor((fits + tooLong) / 2);
      if (font.widthOfTextAtSize(text.slice(0, middle), size) <= room) fits = middle;
      else tooLong = middle;
    }
    line = text.slice(0, Math.max(fits, 1));
  }
  const at = frame.at(left, middle - (size * CAP_HEIGHT) / 2);
  page.drawText(line, { ...at, size, font, color: INK, rotate: degrees(frame.rotate) });
}

/** `text` broken into lines no wider than `room` at `size`: at spaces, else inside a word. */
function wrap(font: PDFFont, text: string, size: number, room: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= room) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const char of word) {
        if (line && font.widthOfTextAtSize(line + char, size) > room) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Several lines from the top of the frame, the size lowered until they fit its height. */
export function drawParagraph(canvas: PageCanvas, text: string): void {
  const { page, frame, font } = canvas;
  const room = frame.width - 2 * PADDING;
  let size = Math.min(MAX_TEXT_SIZE, frame.height * 0.7);
  let lines = wrap(font, text, size, room);
  while (size > MIN_TEXT_SIZE && lines.length * size * 1.2 > frame.height - 2 * PADDING) {
    size -= 0.5;
    lines = wrap(font, text, size, room);
  }
  const lineHeight = size * 1.2;
  lines.forEach((line, index) => {
    const baseline = frame.height - PADDING - size * 0.9 - index * lineHeight;
    if (baseline < 0 || !line) return;
    const at = frame.at(PADDING, baseline);
    page.drawText(line, { ...at, size, font, color: INK, rotate: degrees(frame.rotate) });
  });
}
