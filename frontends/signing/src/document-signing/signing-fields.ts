// The signer's fields of a document as the page guides through them: whose they are, the order
// "Next field" follows, how a field is named to a screen reader, and how far a phone zooms to
// read one. The rules (reading order, what is missing, progress) are the domain's
// (libs/domain/src/pdf-fields/field-values.ts); this only arranges them for the page.
import {
  FIELD_KIND_NAMES,
  isAutoFilledKind,
  isEmptyFieldValue,
  missingRequired,
  SIGNED_FIELD_VALUE,
  toDisplayedRect,
  type Field,
  type FieldValue,
  type FieldValues,
  type PlacementPage,
} from '@prosign/domain';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Company name, text, page 2, required"; "Signature, page 1, required" without a label. */
export function fieldAccessibleName(field: Field): string {
  const label = field.label.trim();
  const kind = FIELD_KIND_NAMES[field.kind];
  const what = label ? `${label}, ${kind}` : capitalised(kind);
  return `${what}, page ${field.page}, ${field.required ? 'required' : 'optional'}`;
}

/** The fields this recipient fills themselves (not the name, e-mail and date filled for them). */
export function fillableFieldsOf(fields: readonly Field[], recipientId: string): Field[] {
  return fields.filter(
    (field) => field.recipientId === recipientId && !isAutoFilledKind(field.kind),
  );
}

/**
 * The recipient's own fields in reading order (page, top to bottom, left to right). The order is
 * the domain's: its list of missing required fields, asked of every own field as if required
 * and empty, is every own field in that order.
 */
export function fieldsInReadingOrder(fields: readonly Field[], recipientId: string): string[] {
  const everyOwnField = fillableFieldsOf(fields, recipientId).map((field) => ({
    ...field,
    required: true,
  }));
  return missingRequired(everyOwnField, {}, recipientId).map((field) => field.id);
}

/**
 * Where "Next field" goes from `currentId`: the next required field not done yet in reading
 * order, coming round to the start; with every required field done, the next empty optional
 * one; null when nothing is left to fill.
 */
export function nextFieldId(
  fields: readonly Field[],
  values: FieldValues,
  recipientId: string,
  currentId: string | null,
): string | null {
  const order = fieldsInReadingOrder(fields, recipientId);
  const missing = new Set(missingRequired(fields, values, recipientId).map((field) => field.id));
  const byId = new Map(fields.map((field) => [field.id, field]));
  const emptyOptional = (id: string) => {
    const field = byId.get(id);
    return field !== undefined && !field.required && isEmptyFieldValue(field, values[id]);
  };
  const wanted = missing.size > 0 ? (id: string) => missing.has(id) : emptyOptional;
  const start = currentId === null ? -1 : order.indexOf(currentId);
  const rotated = [...order.slice(start + 1), ...order.slice(0, start + 1)];
  return rotated.find(wanted) ?? null;
}

/** Whether a signature or initials field holds the recipient's adopted signature. */
export function isSignedMark(value: FieldValue | undefined): boolean {
  return value === SIGNED_FIELD_VALUE;
}

// ── Phone zoom ──

/** What a signer reads comfortably on a phone, in CSS pixels. */
export const READABLE_TEXT_PX = 16;
/** The body text of a document around a field, in points (most contracts: 9–11 pt). */
const BODY_TEXT_PT = 10;
/** A one-line field's value is drawn at this share of its height, at most MAX_FIELD_TEXT_PT. */
const FIELD_TEXT_SHARE = 0.7;
const MAX_FIELD_TEXT_PT = 12;

/** The size in points a field's value reads at: the share of its height as the page is shown. */
export function fieldTextPt(field: Field, page: PlacementPage): number {
  const shownHeight = toDisplayedRect(field.rect, page).height;
  return Math.min(MAX_FIELD_TEXT_PT, shownHeight * FIELD_TEXT_SHARE);
}

/**
 * CSS pixels per PDF point at which both the field's value and the text around it read at
 * READABLE_TEXT_PX or more: the smaller of the two sizes decides (a field 12 pt high holds
 * 8.4 pt text, which needs more zoom than the 10 pt text around it).
 */
export function readableFieldScale(field: Field, page: PlacementPage): number {
  const smallest = Math.min(BODY_TEXT_PT, fieldTextPt(field, page));
  return READABLE_TEXT_PX / Math.max(smallest, 1);
}
