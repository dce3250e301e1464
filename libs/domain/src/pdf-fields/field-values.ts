// What a recipient fills in: each value checked for its field's kind, and how far they are
// with the required ones ("3 of 7 required") — the signing page and the server alike.
import { isAutoFilledKind, type Field, type FieldKind, type FieldValue } from './field-model';

/** Each kind as a sentence names it: "the signature field on page 2", "Company name, text, …". */
export const FIELD_KIND_NAMES: Readonly<Record<FieldKind, string>> = {
  signature: 'signature',
  initials: 'initials',
  dateSigned: 'date signed',
  name: 'name',
  email: 'e-mail',
  text: 'text',
  number: 'number',
  date: 'date',
  checkbox: 'checkbox',
  radioGroup: 'choice',
  dropdown: 'dropdown',
  attachment: 'attachment',
};

/** How a message names a field: its label in quotes, else its kind; with its page. */
export function fieldDisplayName(field: Pick<Field, 'kind' | 'label' | 'page'>): string {
  const name = field.label.trim()
    ? `“${field.label.trim()}”`
    : `the ${FIELD_KIND_NAMES[field.kind]} field`;
  return `${name} on page ${field.page}`;
}

/** The same, to start a sentence. */
export function capitalisedFieldName(field: Pick<Field, 'kind' | 'label' | 'page'>): string {
  const name = fieldDisplayName(field);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Whether nothing was given: no value, blank text, or an unticked checkbox. */
export function isEmptyFieldValue(
  field: Pick<Field, 'kind'>,
  value: FieldValue | undefined,
): boolean {
  if (value === null || value === undefined) return true;
  if (field.kind === 'checkbox') return value !== true;
  return typeof value === 'string' && value.trim() === '';
}

/** A number as people type it: a sign, digits (thousands may be grouped with commas), a decimal part. */
const NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[+-]?\.\d+$/;

/** A calendar date, ISO 8601 `YYYY-MM-DD`, that exists (no 31 April). */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The problem with a text value, kind by kind; null when it is fine. */
function textValueProblem(field: Field, value: string): string | null {
  const name = capitalisedFieldName(field);
  switch (field.kind) {
    case 'text':
      if (field.maxLength !== null && [...value].length > field.maxLength)
        return `${name} takes at most ${field.maxLength} characters.`;
      if (!field.multiline && /[\r\n]/.test(value)) return `${name} takes a single line.`;
      return null;
    case 'number':
      return NUMBER.test(value.trim()) ? null : `${name} takes a number, like 1,200.50.`;
    case 'date':
      return isIsoDate(value.trim()) ? null : `${name} takes a date (YYYY-MM-DD).`;
    case 'radioGroup':
    case 'dropdown':
      return field.options.includes(value)
        ? null
        : `${name} takes one of ${field.options.join(', ')}.`;
    default:
      return null;
  }
}

/**
 * What is wrong with a recipient's value for a field, or null when it is
 * fine. An empty value is fine here: whether it may be empty is
 * `missingRequired`'s question. A checkbox takes a boolean; every other kind
 * takes a string (a signature, initials or attachment: the stored item's id).
 */
export function fieldValueProblem(field: Field, value: FieldValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (field.kind === 'checkbox')
    return typeof value === 'boolean' ? null : `${capitalisedFieldName(field)} is ticked or not.`;
  if (typeof value !== 'string') return `${capitalisedFieldName(field)} takes text, not yes or no.`;
  if (value.trim() === '') return null;
  return textValueProblem(field, value);
}

/** What is wrong with a file for an attachment field (its MIME type and size), or null. */
export function attachmentFileProblem(
  field: Extract<Field, { kind: 'attachment' }>,
  file: { type: string; bytes: number },
): string | null {
  const type = file.type.toLowerCase();
  const accepted = field.allowedTypes.some((allowed) =>
    allowed.endsWith('/*') ? type.startsWith(allowed.slice(0, -1)) : type === allowed,
  );
  const name = capitalisedFieldName(field);
  if (!accepted) return `${name} takes ${field.allowedTypes.join(', ')} files.`;
  if (file.bytes > field.maxBytes)
    return `${name} takes files of at most ${formatBytes(field.maxBytes)}.`;
  return null;
}

/** 10 MB, 512 KB, 900 bytes (1024-based, as the tags write them). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

/** Reading order: by page, then top to bottom (higher y first), then left to right. */
function byReadingOrder(a: Field, b: Field): number {
  return (
    a.page - b.page || b.rect.y + b.rect.height - (a.rect.y + a.rect.height) || a.rect.x - b.rect.x
  );
}

/**
 * The required fields a recipient fills themselves, in reading order: the
 * date signed, name and e-mail are filled for them and never count.
 */
function requiredFieldsOf(fields: readonly Field[], recipientId: string): Field[] {
  return fields
    .filter(
      (field) =>
        field.recipientId === recipientId && field.required && !isAutoFilledKind(field.kind),
    )
    .sort(byReadingOrder);
}

/** Whether a field's value counts as done: given, and without a problem. */
function isDone(field: Field, value: FieldValue | undefined): boolean {
  return !isEmptyFieldValue(field, value) && fieldValueProblem(field, value) === null;
}

export type FieldValues = Readonly<Record<string, FieldValue | undefined>>;

/** How far a recipient is with their required fields, for "3 of 7 required". */
export function requiredProgress(
  fields: readonly Field[],
  values: FieldValues,
  recipientId: string,
): { done: number; required: number } {
  const required = requiredFieldsOf(fields, recipientId);
  return {
    done: required.filter((field) => isDone(field, values[field.id])).length,
    required: required.length,
  };
}

/** "3 of 7 required"; "All 7 required done" once none is left; '' when none is required. */
export function requiredProgressLabel(progress: { done: number; required: number }): string {
  if (progress.required === 0) return '';
  if (progress.done === progress.required) return `All ${progress.required} required done`;
  return `${progress.done} of ${progress.required} required`;
}

/**
 * The recipient's required fields not done yet (empty, or with a value that
 * has a problem), in reading order, each with its name for the message.
 */
export function missingRequired(
  fields: readonly Field[],
  values: FieldValues,
  recipientId: string,
): Array<{ id: string; name: string }> {
  return requiredFieldsOf(fields, recipientId)
    .filter((field) => !isDone(field, values[field.id]))
    .map((field) => ({ id: field.id, name: fieldDisplayName(field) }));
}
