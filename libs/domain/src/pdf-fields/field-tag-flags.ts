// A field tag's flags: which each kind takes and what each means (the grammar: field-tags.ts
// and docs/field-tags.md).
import { isChoiceKind, type FieldKind } from './field-model';
import { looksLikeFlag, splitUnescaped, unescapeTagText, type TagPart } from './field-tag-text';

/** What a tag's flags set; a kind-specific one is present only on its kind. */
export interface TagFlags {
  required: boolean;
  /** Text only. */
  multiline?: boolean;
  /** Text only, when given. */
  maxLength?: number;
  /** Radio group and dropdown: always, at least two. */
  options?: string[];
  /** Attachment only, when given. */
  allowedTypes?: string[];
  /** Attachment only, when given. */
  maxBytes?: number;
}

type FlagError = { error: string };

const FLAG_KINDS: Readonly<Record<string, readonly FieldKind[] | 'any'>> = {
  optional: 'any',
  required: 'any',
  multiline: ['text'],
  maxlength: ['text'],
  options: ['radioGroup', 'dropdown'],
  types: ['attachment'],
  maxbytes: ['attachment'],
};

/** Flags that take a value after `=`. */
const VALUED_FLAGS = ['maxlength', 'options', 'types', 'maxbytes'];

const FLAG_LIST = 'optional, required, multiline, maxlength=, options=, types=, maxbytes=';

/** A tag's longest maxlength, so a typo cannot ask for a megabyte of text. */
export const MAX_TAG_MAX_LENGTH = 10_000;
/** A tag's largest maxbytes: 100 MB. */
export const MAX_TAG_MAX_BYTES = 100 * 1024 * 1024;

const KIND_WORDS: Readonly<Record<string, string>> = {
  text: 'text fields',
  radioGroup: 'radio groups',
  dropdown: 'dropdowns',
  attachment: 'attachments',
};

function appliesTo(kinds: readonly FieldKind[]): string {
  return [...new Set(kinds.map((kind) => KIND_WORDS[kind] ?? kind))].join(' and ');
}

function positiveInteger(name: string, value: string, largest: number): number | FlagError {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    return { error: `${name}= takes a whole number of 1 or more, not "${value}".` };
  const number = Number(value);
  if (number > largest) return { error: `${name}= is at most ${largest}.` };
  return number;
}

/** `10485760`, `512kb`, `10mb` (1024-based) as bytes. */
function parseBytes(value: string): number | FlagError {
  const match = /^(\d+)\s*(kb|mb)?$/i.exec(value);
  if (!match)
    return { error: `maxbytes= takes a size like 500000, 512kb or 10mb, not "${value}".` };
  const unit = match[2]?.toLowerCase();
  const bytes = Number(match[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
  return positiveInteger('maxbytes', String(bytes), MAX_TAG_MAX_BYTES);
}

/** `A|B|C` (with `\|` for a bar inside one) as distinct, non-empty options. */
function parseOptions(raw: string): string[] | FlagError {
  const options = splitUnescaped(raw, '|').map((option) => unescapeTagText(option));
  if (options.some((option) => option === ''))
    return { error: 'options= has an empty option: separate options with a single "|".' };
  if (options.length < 2)
    return { error: 'options= needs at least two options, e.g. options=Yes|No.' };
  const duplicate = options.find((option, index) => options.indexOf(option) !== index);
  if (duplicate !== undefined) return { error: `options= lists "${duplicate}" twice.` };
  return options;
}

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/([a-z0-9][a-z0-9!#$&^_.+-]*|\*)$/i;

function parseTypes(raw: string): string[] | FlagError {
  const types = splitUnescaped(raw, '|').map((type) => unescapeTagText(type).toLowerCase());
  const bad = types.find((type) => !MIME_TYPE.test(type));
  if (bad !== undefined)
    return {
      error: `types= takes MIME types like application/pdf|image/*, not "${bad}".`,
    };
  return [...new Set(types)];
}

/** One valued flag's value into `flags`, or what is wrong with it. */
function applyValue(flags: TagFlags, name: string, raw: string): FlagError | null {
  const value = unescapeTagText(raw);
  let parsed: number | string[] | FlagError;
  switch (name) {
    case 'maxlength':
      parsed = positiveInteger(name, value, MAX_TAG_MAX_LENGTH);
      if (typeof parsed === 'number') flags.maxLength = parsed;
      break;
    case 'maxbytes':
      parsed = parseBytes(value);
      if (typeof parsed === 'number') flags.maxBytes = parsed;
      break;
    case 'options':
      parsed = parseOptions(raw);
      if (Array.isArray(parsed)) flags.options = parsed;
      break;
    default:
      parsed = parseTypes(raw);
      if (Array.isArray(parsed)) flags.allowedTypes = parsed;
  }
  return typeof parsed === 'object' && 'error' in parsed ? parsed : null;
}

/** A flag part's name and raw value (null for a word flag); null when it is no flag at all. */
function splitFlag(part: TagPart): { name: string; raw: string | null } | null {
  if (!looksLikeFlag(part)) return null;
  const equals = part.raw.indexOf('=');
  if (equals < 0) return { name: part.text.toLowerCase(), raw: null };
  return { name: part.raw.slice(0, equals).trim().toLowerCase(), raw: part.raw.slice(equals + 1) };
}

/** One flag's problem, before its value is read: unknown, on the wrong kind, repeated, value missing or extra. */
function flagProblem(
  kind: FieldKind,
  flag: { name: string; raw: string | null } | null,
  part: TagPart,
  seen: ReadonlySet<string>,
): string | null {
  if (!flag || !Object.prototype.hasOwnProperty.call(FLAG_KINDS, flag.name))
    return `Unknown flag "${part.text}": a tag's flags are ${FLAG_LIST} (only the part after the signer is a label; write ":" in a label as "\\:").`;
  const kinds = FLAG_KINDS[flag.name];
  if (kinds !== 'any' && !kinds.includes(kind))
    return `${flag.name}${VALUED_FLAGS.includes(flag.name) ? '=' : ''} applies only to ${appliesTo(kinds)}.`;
  if (seen.has(flag.name)) return `The flag ${flag.name} is given twice.`;
  if (VALUED_FLAGS.includes(flag.name) && flag.raw === null)
    return `${flag.name} takes a value: ${flag.name}=….`;
  if (!VALUED_FLAGS.includes(flag.name) && flag.raw !== null) return `${flag.name} takes no value.`;
  return null;
}

/**
 * The flags after a tag's label into what they set, or the first thing wrong
 * with them. `kindWord` is the kind as written: `textarea` is multi-line text.
 */
export function applyFlags(
  kind: FieldKind,
  kindWord: string,
  parts: readonly TagPart[],
): TagFlags | FlagError {
  const flags: TagFlags = { required: kind !== 'checkbox' };
  if (kind === 'text') flags.multiline = kindWord === 'textarea';
  const seen = new Set<string>();
  for (const part of parts) {
    const flag = splitFlag(part);
    const problem = flagProblem(kind, flag, part, seen);
    if (problem || !flag) return { error: problem ?? 'Unknown flag.' };
    seen.add(flag.name);
    if (flag.name === 'optional' || flag.name === 'required')
      flags.required = flag.name === 'required';
    else if (flag.name === 'multiline') flags.multiline = true;
    else {
      const error = applyValue(flags, flag.name, flag.raw ?? '');
      if (error) return error;
    }
  }
  if (seen.has('optional') && seen.has('required'))
    return { error: 'A tag is either optional or required, not both.' };
  if (isChoiceKind(kind) && !flags.options)
    return { error: 'A radio group or dropdown needs its options, e.g. options=S|M|L.' };
  return flags;
}
