/**
 * A page's content stream read as operators with their operands, each with the byte range it
 * was written in, so an operator can be rewritten and every other byte kept. Strings are their
 * bytes (one char per byte, latin1); dictionaries and inline images are kept as written.
 */
export type Operand =
  | { type: 'number'; value: number }
  | { type: 'string'; bytes: string }
  | { type: 'name'; value: string }
  | { type: 'array'; items: Operand[] }
  | { type: 'other' };

export interface ContentOperator {
  operator: string;
  operands: Operand[];
  /** [start, end) in the content, operands included. */
  start: number;
  end: number;
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((char) => char.charCodeAt(0)));

class Reader {
  position = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    const { text } = this;
    while (this.position < text.length) {
      const code = text.charCodeAt(this.position);
      if (WHITESPACE.has(code)) this.position += 1;
      else if (code === 0x25) {
        while (this.position < text.length && !'\r\n'.includes(text[this.position]))
          this.position += 1;
      } else break;
    }
  }

  regular(): string {
    const from = this.position;
    while (this.position < this.text.length) {
      const code = this.text.charCodeAt(this.position);
      if (WHITESPACE.has(code) || DELIMITERS.has(code)) break;
      this.position += 1;
    }
    return this.text.slice(from, this.position);
  }

  literal(): string {
    const { text } = this;
    let depth = 1;
    let out = '';
    this.position += 1;
    while (this.position < text.length) {
      const char = text[this.position++];
      if (char === '(') depth += 1;
      else if (char === ')' && --depth === 0) break;
      if (char !== '\\') {
        out += char;
        continue;
      }
      const next = text[this.position++] ?? '';
      const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
      if (next in escapes) out += escapes[next];
      else if (next === '\r') {
        if (text[this.position] === '\n') this.position += 1;
      } else if (next === '\n') continue;
      else if (/[0-7]/.test(next)) {
        let octal = next;
        while (octal.length < 3 && /[0-7]/.test(text[this.position] ?? ''))
          octal += text[this.position++];
        out += String.fromCharCode(parseInt(octal, 8) & 0xff);
      } else out += next;
    }
    return out;
  }

  hex(): string {
    const close = this.text.indexOf('>', this.position);
    const end = close < 0 ? this.text.length : close;
    let digits = this.text.slice(this.position + 1, end).replace(/[^0-9a-fA-F]/g, '');
    this.position = end + 1;
    if (digits.length % 2) digits += '0';
    let out = '';
    for (let i = 0; i < digits.length; i += 2)
      out += String.fromCharCode(parseInt(digits.slice(i, i + 2), 16));
    return out;
  }

  /** Skips a dictionary `<< … >>`, nested ones and strings in it included. */
  skipDictionary(): void {
    let depth = 0;
    while (this.position < this.text.length) {
      this.skipSpace();
      if (this.text.startsWith('<<', this.position)) {
        depth += 1;
        this.position += 2;
      } else if (this.text.startsWith('>>', this.position)) {
        this.position += 2;
        if (--depth === 0) return;
      } else if (this.text[this.position] === '(') this.literal();
      else if (this.text[this.position] === '<') this.hex();
      else if (!this.regular()) this.position += 1;
    }
  }

  /** An operand, or the operator that ends a list of them; undefined at the end. */
  next(): Operand | { type: 'operator'; value: string } | { type: 'close' } | undefined {
    this.skipSpace();
    const { text } = this;
    if (this.position >= text.length) return undefined;
    const char = text[this.position];
    if (char === '(') return { type: 'string', bytes: this.literal() };
    if (char === '<') {
      if (text[this.position + 1] === '<') {
        this.skipDictionary();
        return { type: 'other' };
      }
      return { type: 'string', bytes: this.hex() };
    }
    if (char === '[') {
      this.position += 1;
      const items: Operand[] = [];
      for (;;) {
        const item = this.next();
        if (!item || item.type === 'close') break;
        if (item.type !== 'operator') items.push(item);
      }
      return { type: 'array', items };
    }
    if (char === ']' || char === '>' || char === ')' || char === '{' || char === '}') {
      this.position += 1;
      return { type: 'close' };
    }
    if (char === '/') {
      this.position += 1;
      return { type: 'name', value: this.regular() };
    }
    const word = this.regular();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { type: 'number', value: Number(word) };
    if (word === 'true' || word === 'false' || word === 'null') return { type: 'other' };
    return { type: 'operator', value: word };
  }

  /** Past an inline image's data: the `EI` that follows `ID` and stands alone. */
  skipInlineImage(): void {
    const data = this.text.indexOf('ID', this.position);
    let at = data < 0 ? this.text.length : data + 3;
    for (;;) {
      const end = this.text.indexOf('EI', at);
      if (end < 0) {
        this.position = this.text.length;
        return;
      }
      const before = this.text.charCodeAt(end - 1);
      const after = this.text.charCodeAt(end + 2);
      if (WHITESPACE.has(before) && (Number.isNaN(after) || WHITESPACE.has(after))) {
        this.position = end + 2;
        return;
      }
      at = end + 2;
    }
  }
}

/** Every operator of `content` (latin1) in order. */
export function contentOperators(content: string): ContentOperator[] {
  const reader = new Reader(content);
  const operators: ContentOperator[] = [];
  let operands: Operand[] = [];
  let start = -1;
  for (;;) {
    reader.skipSpace();
    const at = reader.position;
    const token = reader.next();
    if (!token) break;
    if (start < 0) start = at;
    if (token.type === 'close') continue;
    if (token.type !== 'operator') {
      operands.push(token);
      continue;
    }
    if (token.value === 'BI') reader.skipInlineImage();
    operators.push({ operator: token.value, operands, start, end: reader.position });
    operands = [];
    start = -1;
  }
  return operators;
}
