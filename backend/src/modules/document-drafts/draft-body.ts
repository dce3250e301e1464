// What a draft save may carry, checked by shape before anything is stored: the builder's own
// output always passes; anything else is refused with the first reason found.
import {
  FIELD_KINDS,
  isProperRect,
  newField,
  type DraftSigner,
  type Field,
  type FieldKind,
  type PlacementPage,
} from '@prosign/domain';

/** More than any PDF the intake admits needs; bounds what one save may make the server hold. */
const MAX_DRAFT_FIELDS = 2000;
const MAX_DRAFT_SIGNERS = 50;
const MAX_TEXT = 500;
const MAX_OPTIONS = 200;
const SOURCES: readonly string[] = ['builder', 'tag', 'form'];
const ROLES: readonly string[] = ['signer', 'countersigner', 'cc'];

/** A malformed body: its reason, for a 400. */
export class DraftBodyError extends Error {}

type Input = Record<string, unknown>;

const isRecord = (value: unknown): value is Input =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown, max = MAX_TEXT): value is string =>
  typeof value === 'string' && value.length <= max;

function textList(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || value.length > MAX_OPTIONS || !value.every((item) => isText(item)))
    throw new DraftBodyError(`${what} must be a list of at most ${MAX_OPTIONS} texts.`);
  return value;
}

/** The kind-specific settings of a field, checked; undefined where the kind has none. */
function kindSettings(raw: Input, kind: FieldKind, name: string) {
  if (kind === 'text') {
    const maxLength = raw.maxLength ?? null;
    if (typeof raw.multiline !== 'boolean' || !isText(raw.placeholder))
      throw new DraftBodyError(`${name} needs multiline (true or false) and a placeholder text.`);
    if (maxLength !== null && !(Number.isInteger(maxLength) && (maxLength as number) > 0))
      throw new DraftBodyError(`${name} has a maxLength that is not a positive whole number.`);
    return {
      multiline: raw.multiline,
      placeholder: raw.placeholder,
      maxLength: maxLength as number | null,
    };
  }
  if (kind === 'radioGroup' || kind === 'dropdown')
    return { options: textList(raw.options, `${name}'s options`) };
  if (kind === 'attachment') {
    if (!(Number.isInteger(raw.maxBytes) && (raw.maxBytes as number) > 0))
      throw new DraftBodyError(`${name} has a maxBytes that is not a positive whole number.`);
    return {
      allowedTypes: textList(raw.allowedTypes, `${name}'s allowed types`),
      maxBytes: raw.maxBytes as number,
    };
  }
  return {};
}

/** One field, checked and rebuilt with only the properties of its kind (anything else is dropped). */
function draftField(raw: unknown, index: number, pages: readonly PlacementPage[]): Field {
  const name = `Field ${index + 1}`;
  if (!isRecord(raw)) throw new DraftBodyError(`${name} is not an object.`);
  if (!isText(raw.id, 100) || raw.id === '') throw new DraftBodyError(`${name} has no id.`);
  const kind = raw.kind;
  if (typeof kind !== 'string' || !(FIELD_KINDS as readonly string[]).includes(kind))
    throw new DraftBodyError(`${name} is of an unknown kind.`);
  const page = raw.page;
  if (!Number.isInteger(page) || (page as number) < 1 || (page as number) > pages.length)
    throw new DraftBodyError(
      `${name} is on a page the document does not have (it has ${pages.length}).`,
    );
  const rect = raw.rect;
  if (!isRecord(rect) || !isProperRect(rect as never))
    throw new DraftBodyError(`${name} has no proper rectangle (finite numbers, some size).`);
  if (raw.recipientId !== null && !isText(raw.recipientId, 100))
    throw new DraftBodyError(`${name} has a recipient that is not an id.`);
  if (typeof raw.required !== 'boolean' || !isText(raw.label))
    throw new DraftBodyError(`${name} needs required (true or false) and a label text.`);
  const value = raw.defaultValue;
  if (value !== null && typeof value !== 'boolean' && !isText(value, 10_000))
    throw new DraftBodyError(`${name} has a default value that is not text, true/false or null.`);
  if (typeof raw.source !== 'string' || !SOURCES.includes(raw.source))
    throw new DraftBodyError(`${name} has an unknown source.`);
  const box = rect as { x: number; y: number; width: number; height: number };
  return newField({
    id: raw.id,
    kind: kind as FieldKind,
    page: page as number,
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    recipientId: raw.recipientId as string | null,
    required: raw.required,
    label: raw.label,
    defaultValue: value as Field['defaultValue'],
    source: raw.source as Field['source'],
    ...kindSettings(raw, kind as FieldKind, name),
  });
}

/**
 * A save's fields, checked against the draft's pages: each a known kind on a page the file has,
 * with a finite rectangle of some size, ids unique. Throws {@link DraftBodyError}.
 */
export function draftFields(raw: unknown, pages: readonly PlacementPage[]): Field[] {
  if (!isRecord(raw) || !Array.isArray(raw.fields))
    throw new DraftBodyError('placement must be an object with a list of fields.');
  if (raw.fields.length > MAX_DRAFT_FIELDS)
    throw new DraftBodyError(`A document takes at most ${MAX_DRAFT_FIELDS} fields.`);
  const fields = raw.fields.map((field, index) => draftField(field, index, pages));
  const ids = new Set(fields.map((field) => field.id));
  if (ids.size !== fields.length) throw new DraftBodyError('Two fields share an id.');
  return fields;
}

/** A save's signers, checked: ids unique, a known role, name and e-mail texts. */
export function draftSigners(raw: unknown): DraftSigner[] {
  if (!Array.isArray(raw) || raw.length > MAX_DRAFT_SIGNERS)
    throw new DraftBodyError(`signers must be a list of at most ${MAX_DRAFT_SIGNERS}.`);
  const signers = raw.map((signer, index): DraftSigner => {
    const ok =
      isRecord(signer) &&
      isText(signer.id, 100) &&
      signer.id !== '' &&
      typeof signer.role === 'string' &&
      ROLES.includes(signer.role) &&
      isText(signer.name) &&
      isText(signer.email);
    if (!ok)
      throw new DraftBodyError(
        `Signer ${index + 1} needs an id, a role (signer, countersigner or cc), a name and an e-mail.`,
      );
    const { id, role, name, email } = signer as unknown as DraftSigner;
    return { id, role, name, email };
  });
  if (new Set(signers.map((signer) => signer.id)).size !== signers.length)
    throw new DraftBodyError('Two signers share an id.');
  return signers;
}

/** The save's revision: a positive whole number. */
export function draftRevision(raw: unknown): number {
  if (!Number.isInteger(raw) || (raw as number) < 1)
    throw new DraftBodyError('revision must be the positive whole number the draft was read at.');
  return raw as number;
}
