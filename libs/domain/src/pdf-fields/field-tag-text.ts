// The text of a field tag's parts: escapes, splitting, and telling a flag from a label
// (the grammar: field-tags.ts and docs/field-tags.md).

/** One part of a tag between colons, as written (escapes kept) and read. */
export interface TagPart {
  raw: string;
  /** Unescaped and trimmed. */
  text: string;
  /** Whether it had a backslash escape anywhere. */
  escaped: boolean;
}

/** Splits on `separator` where it is not escaped; an escape is kept in the pieces. */
export function splitUnescaped(raw: string, separator: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (let i = 0; i < raw.length; i += 1) {
    if (raw[i] === '\\') {
      current += raw.slice(i, i + 2);
      i += 1;
    } else if (raw[i] === separator) {
      pieces.push(current);
      current = '';
    } else current += raw[i];
  }
  pieces.push(current);
  return pieces;
}

/** The text with each `\x` made `x`, trimmed. */
export function unescapeTagText(raw: string): string {
  return raw.replace(/\\(.)/gs, '$1').trim();
}

export function tagPart(raw: string): TagPart {
  return { raw, text: unescapeTagText(raw), escaped: raw.includes('\\') };
}

/** A part written as a flag: an unescaped flag word or `word=`; anything else after the signer is a label. */
export function looksLikeFlag(part: TagPart): boolean {
  // Read on the raw text, so an escape anywhere in the flag's name (`\optional`, `a\=b`) makes it a label.
  return (
    /^\s*(optional|required|multiline)\s*$/i.test(part.raw) || /^\s*[a-z]+\s*=/i.test(part.raw)
  );
}
