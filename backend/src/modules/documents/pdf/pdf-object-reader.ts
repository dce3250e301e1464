// A minimal reader of the PDF objects a document security store is made of: what pdf-lib would
// parse, without parsing a whole file anyone may upload.
import { inflateSync } from 'node:zlib';

/** A dictionary is looked for within this many characters of its key (a file anyone may upload). */
export const WINDOW = 4096;

/**
 * A value of the minimal reader of the objects a DSS is made of (what pdf-lib would parse,
 * without parsing a whole file anyone may upload): where it starts, in the text it is in, once
 * a reference was followed to the latest definition of its object (incremental updates append).
 */
interface ValueRef {
  source: string;
  at: number;
}

/** The value after `at` in `source`: inline, or the object a reference names (in `file`). */
export function valueAt(source: string, at: number, file: string = source): ValueRef {
  const ref = /\s*(\d+)\s+(\d+)\s+R/y;
  ref.lastIndex = at;
  const match = ref.exec(source);
  if (!match) return { source, at };
  const body = objectStart(file, Number(match[1]), Number(match[2]));
  return { source: file, at: body < 0 ? file.length : body };
}

/** The latest `num gen obj` of the file: where its body starts; -1 without one. */
function objectStart(text: string, num: number, gen: number): number {
  const header = `${num} ${gen} obj`;
  for (let at = text.lastIndexOf(header); at >= 0; at = text.lastIndexOf(header, at - 1)) {
    if (at === 0 || !/[0-9]/.test(text[at - 1])) return at + header.length;
  }
  return -1;
}

/** The dictionary `<< … >>` starting at the value (nested ones kept inside); null when none. */
export function dictionaryAt({ source, at }: ValueRef): string | null {
  const start = source.indexOf('<<', at);
  if (start < 0 || source.slice(at, start).trim() !== '') return null;
  let depth = 0;
  const limit = Math.min(source.length, start + WINDOW * 64);
  for (let i = start; i < limit - 1; i += 1) {
    if (source[i] === '<' && source[i + 1] === '<') {
      depth += 1;
      i += 1;
    } else if (source[i] === '>' && source[i + 1] === '>') {
      depth -= 1;
      i += 1;
      if (depth === 0) return source.slice(start, i + 1);
    }
  }
  return null;
}

/** Where `/key` is a key of the dictionary itself, not of one nested in it; -1 if not. */
export function topLevelKey(dictionary: string, key: string): number {
  let depth = 0;
  for (let i = 0; i < dictionary.length - 1; i += 1) {
    const pair = dictionary.slice(i, i + 2);
    if (pair === '<<' || pair === '>>') {
      depth += pair === '<<' ? 1 : -1;
      i += 1;
    } else if (
      depth === 1 &&
      dictionary.startsWith(`/${key}`, i) &&
      !/[A-Za-z0-9]/.test(dictionary[i + key.length + 1] ?? '')
    ) {
      return i;
    }
  }
  return -1;
}

/** The array `[ … ]` at `at` in `dictionary`, or the one the reference there names. */
export function arrayAt(file: string, dictionary: string, at: number): string {
  const value = valueAt(dictionary, at, file);
  const start = value.source.indexOf('[', value.at);
  if (start < 0 || value.source.slice(value.at, start).trim() !== '') return '';
  const end = value.source.indexOf(']', start);
  return end < 0 ? '' : value.source.slice(start + 1, Math.min(end, start + WINDOW * 16));
}

/** The decoded data of stream object `num gen` (no filter, or FlateDecode); null otherwise. */
export function streamOf(
  pdf: Buffer,
  text: string,
  num: number,
  gen: number,
  budget: { left: number },
): Buffer | null {
  const body = objectStart(text, num, gen);
  if (body < 0) return null;
  const dictionary = dictionaryAt({ source: text, at: body });
  if (!dictionary) return null;
  const lengthAt = topLevelKey(dictionary, 'Length');
  if (lengthAt < 0) return null;
  const value = valueAt(dictionary, lengthAt + '/Length'.length, text);
  const length = /\s*(\d+)/y;
  length.lastIndex = value.at;
  const size = Number(length.exec(value.source)?.[1] ?? NaN);
  const keyword = /\s*stream(\r\n|\n|\r)/y;
  keyword.lastIndex = text.indexOf('<<', body) + dictionary.length;
  if (!Number.isSafeInteger(size) || !keyword.exec(text)) return null;
  const data = pdf.subarray(keyword.lastIndex, keyword.lastIndex + size);
  const filter = /\/Filter\s*\[?\s*\/(\w+)/.exec(dictionary)?.[1];
  let decoded: Buffer | null = null;
  if (!filter) decoded = Buffer.from(data);
  else if (filter === 'FlateDecode' && budget.left > 0) {
    try {
      decoded = inflateSync(data, { maxOutputLength: budget.left });
    } catch {
      decoded = null;
    }
  }
  if (!decoded || decoded.length > budget.left) return null;
  budget.left -= decoded.length;
  return decoded;
}
