/**
 * Text tags: words typed into a document before it became a PDF that become
 * fields when staff upload it (the full reference, for authors: docs/field-tags.md).
 *
 * Grammar (whitespace around each part is ignored; kind and flag names are case-insensitive):
 *
 *   tag     = "{{" kind ":" signer [ ":" label ] { ":" flag } "}}"
 *   kind    = signature | sig | initials | initial | date | datesigned | name | fullname
 *           | email | text | textarea | number | dateinput | checkbox | check
 *           | radio | radiogroup | dropdown | select | attachment | file
 *   signer  = a 1-based signer position ("1" = first signer in signing order)
 *           | "firm" | "countersigner"  (the firm's countersigner)
 *   label   = any text; "\" makes the next character literal (write "\:" "\}" "\|" "\\")
 *   flag    = "optional" | "required"                 any kind
 *           | "multiline"                             text
 *           | "maxlength=" digits                     text
 *           | "options=" value { "|" value }          radio, dropdown (required for them)
 *           | "types=" mime { "|" mime }              attachment, e.g. types=application/pdf|image/*
 *           | "maxbytes=" digits [ "kb" | "mb" ]      attachment
 *
 * - `date` is the date signed (filled at signing); a date the signer picks is `dateinput`.
 * - `textarea` is `text` with `multiline`.
 * - A field is required unless it is a checkbox; `optional` / `required` say otherwise.
 * - The part after the signer is the label unless it is written as a flag; a label that
 *   reads like a flag is escaped: `{{text:1:\optional}}` is labelled "optional".
 *   Any later part must be a flag. An empty label (`{{text:1::optional}}`) is no label.
 * - Spaces inside the braces are tolerated (`{{ signature : 1 }}`), as PDF text extraction
 *   often adds them; the braces themselves must be doubled with nothing between (`{ {` is text).
 *   A label's runs of whitespace become one space.
 * - Only `{{…}}` whose first word is a kind, or is followed by ":", is a tag; other
 *   double-brace text (`{{client}}`) is left alone. A tag is at most 500 characters.
 */
import type { FieldKind } from './field-model';
import { applyFlags, type TagFlags } from './field-tag-flags';
import { looksLikeFlag, splitUnescaped, tagPart } from './field-tag-text';

/** The kind words a tag may use, each naming a field kind. */
export const FIELD_TAG_KINDS: Readonly<Record<string, FieldKind>> = {
  signature: 'signature',
  sig: 'signature',
  initials: 'initials',
  initial: 'initials',
  date: 'dateSigned',
  datesigned: 'dateSigned',
  name: 'name',
  fullname: 'name',
  email: 'email',
  text: 'text',
  textarea: 'text',
  number: 'number',
  dateinput: 'date',
  checkbox: 'checkbox',
  check: 'checkbox',
  radio: 'radioGroup',
  radiogroup: 'radioGroup',
  dropdown: 'dropdown',
  select: 'dropdown',
  attachment: 'attachment',
  file: 'attachment',
};

/** Who a tag is for: a signer's 1-based position in signing order, or the firm's countersigner. */
export type TagSigner = number | 'firm';

/** A tag read: the field it asks for, before it has a page, a rectangle or a recipient. */
export interface ParsedTag extends TagFlags {
  kind: FieldKind;
  signer: TagSigner;
  /** '' for none. */
  label: string;
}

export interface FieldTagError {
  error: string;
}

export const MAX_FIELD_TAG_LENGTH = 500;

const KIND_LIST = Object.keys(FIELD_TAG_KINDS).join(', ');
const FIRM_WORDS = ['firm', 'countersigner'];

function parseSigner(text: string): TagSigner | FieldTagError {
  if (FIRM_WORDS.includes(text.toLowerCase())) return 'firm';
  if (text === '')
    return { error: 'A field tag needs a signer after the kind, e.g. {{signature:1}}.' };
  if (!/^\d+$/.test(text))
    return {
      error: `Signer "${text}" is not a number: write the signer's position (1 for the first signer) or "firm".`,
    };
  const position = Number(text);
  if (position < 1) return { error: 'Signers count from 1: there is no signer 0.' };
  return position;
}

/** The text between the braces, or why it cannot be a tag. */
function bodyOf(text: string): string | FieldTagError {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{{') || !trimmed.endsWith('}}') || trimmed.length < 4)
    return { error: 'A field tag is written between double braces, e.g. {{signature:1}}.' };
  if (trimmed.length > MAX_FIELD_TAG_LENGTH)
    return { error: `A field tag is at most ${MAX_FIELD_TAG_LENGTH} characters.` };
  const body = trimmed.slice(2, -2);
  if (/(^|[^\\])(\\\\)*\\$/.test(body))
    return { error: 'A field tag ends in a lone backslash: write \\\\ for a backslash.' };
  return body;
}

/** Reads one tag, braces included (`{{text:1:Company name}}`), or says what is wrong with it. */
export function parseFieldTag(text: string): ParsedTag | FieldTagError {
  const body = bodyOf(text);
  if (typeof body !== 'string') return body;
  const parts = splitUnescaped(body, ':').map(tagPart);
  const kindWord = parts[0].text.toLowerCase();
  if (kindWord === '') return { error: `A field tag starts with its kind: one of ${KIND_LIST}.` };
  const kind = Object.prototype.hasOwnProperty.call(FIELD_TAG_KINDS, kindWord)
    ? FIELD_TAG_KINDS[kindWord]
    : undefined;
  if (!kind || parts[0].escaped)
    return { error: `Unknown field kind "${parts[0].text}": use one of ${KIND_LIST}.` };
  if (parts.length < 2) return parseSigner('') as FieldTagError;
  const signer = parseSigner(parts[1].text);
  if (typeof signer === 'object') return signer;

  const rest = parts.slice(2);
  const labelled = rest.length > 0 && !looksLikeFlag(rest[0]);
  const label = labelled ? rest[0].text.replace(/\s+/g, ' ') : '';
  const flags = applyFlags(kind, kindWord, labelled ? rest.slice(1) : rest);
  if ('error' in flags) return flags;
  return { kind, signer, label, ...flags };
}

/** A tag found in a run of text: `start`/`end` are offsets in it (`end` exclusive), braces included. */
export interface FoundFieldTag {
  tag: ParsedTag | FieldTagError;
  start: number;
  end: number;
}

/** Whether `{{body}}` is meant as a field tag: its first word is a kind, or a colon follows it. */
function isTagBody(body: string): boolean {
  const match = /^\s*([A-Za-z]+)\s*(:|$)/.exec(body);
  if (!match) return false;
  return (
    match[2] === ':' ||
    Object.prototype.hasOwnProperty.call(FIELD_TAG_KINDS, match[1].toLowerCase())
  );
}

/** The end (exclusive) of the tag opened at `start`, or where a new `{{` opens first, or null: no end. */
function closingOf(text: string, start: number): { end: number } | { restartAt: number } | null {
  const limit = Math.min(text.length, start + MAX_FIELD_TAG_LENGTH);
  for (let i = start + 2; i < limit; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text.startsWith('}}', i)) return { end: i + 2 };
    else if (text.startsWith('{{', i)) return { restartAt: i };
  }
  return null;
}

/**
 * Every field tag in a run of text (a page's extracted text, say), in order,
 * each read or with what is wrong with it, so an upload can list every
 * mistake at once. Double-brace text that is not meant as a tag is skipped,
 * as is a `{{` with no `}}` within the longest tag.
 */
export function findFieldTags(text: string): FoundFieldTag[] {
  const found: FoundFieldTag[] = [];
  let from = 0;
  while (from < text.length) {
    const start = text.indexOf('{{', from);
    if (start < 0) break;
    const closing = closingOf(text, start);
    if (!closing) {
      from = start + 2;
      continue;
    }
    if ('restartAt' in closing) {
      from = closing.restartAt;
      continue;
    }
    // `{{{x}}}`: the tag is the innermost pair of braces.
    let tagStart = start;
    while (text.startsWith('{{', tagStart + 1) && tagStart + 1 < closing.end - 4) tagStart += 1;
    const raw = text.slice(tagStart, closing.end);
    if (isTagBody(raw.slice(2, -2)))
      found.push({ tag: parseFieldTag(raw), start: tagStart, end: closing.end });
    from = closing.end;
  }
  return found;
}
