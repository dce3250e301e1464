/** A piece of a note's text: plain words, or a web address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/g;
/** Punctuation closing a sentence is not part of the address before it. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * Splits a note's text into plain runs and http(s) addresses; nothing else becomes a link, and
 * nothing on a quoted line ("> …": a signer's own words) does.
 */
export function textWithLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const lines = text.split(/(?<=\n)/);
  if (lines.length > 1) {
    for (const line of lines) parts.push(...textWithLinks(line));
    return merged(parts);
  }
  if (text.startsWith('>')) return [{ kind: 'text', text }];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const href = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Adjacent plain runs as one. */
function merged(parts: TextPart[]): TextPart[] {
  const out: TextPart[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (part.kind === 'text' && last?.kind === 'text') last.text += part.text;
    else out.push(part.kind === 'text' ? { ...part } : part);
  }
  return out;
}

/** "182 KB": a file's size for people. */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
