/**
 * The fields of a "document" agreement: any PDF staff upload, with fields placed
 * for each recipient who signs (docs/field-tags.md for the text tags that place
 * them from the PDF itself). Pure shapes and defaults, shared by the builder,
 * the signing page and the server that seals the values into the PDF.
 *
 * Geometry: every rectangle is in PDF points (1/72 inch) in the page's
 * UNROTATED user space — the coordinates of the page's own content stream,
 * origin at the BOTTOM-LEFT of the page box, y growing upwards — whatever the
 * page's `/Rotate`. A viewer that shows a rotated page turns the rectangle with
 * the page; the seal writes it back unchanged. Screens convert to and from
 * their own top-left pixels; nothing stored is ever in screen units.
 */

// ── Kinds ──

export const FIELD_KINDS = [
  /** The recipient's drawn or typed signature. */
  'signature',
  'initials',
  /** Filled with the date the recipient signs; never typed. */
  'dateSigned',
  /** Filled from the recipient's name. */
  'name',
  /** Filled from the recipient's e-mail. */
  'email',
  'text',
  'number',
  /** A date the recipient picks (ISO 8601 `YYYY-MM-DD`). */
  'date',
  'checkbox',
  'radioGroup',
  'dropdown',
  /** A file the recipient uploads. */
  'attachment',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Kinds the signing page fills itself, from the recipient or the moment of signing. */
export const AUTO_FILLED_KINDS: readonly FieldKind[] = ['dateSigned', 'name', 'email'];

/** Kinds that choose one of a list of options. */
export const CHOICE_KINDS = ['radioGroup', 'dropdown'] as const;
export type ChoiceKind = (typeof CHOICE_KINDS)[number];

export function isChoiceKind(kind: FieldKind): kind is ChoiceKind {
  return (CHOICE_KINDS as readonly FieldKind[]).includes(kind);
}

export function isAutoFilledKind(kind: FieldKind): boolean {
  return AUTO_FILLED_KINDS.includes(kind);
}

// ── The shape ──

/** Where a field was placed: in the builder, from a text tag in the PDF, or from the PDF's own form field. */
export type FieldSource = 'builder' | 'tag' | 'form';

/** PDF points in the page's unrotated user space, origin bottom-left (see the file comment). */
export interface FieldRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A field's value as the signer gives it: text, number and date as the
 * string typed (checked by `fieldValueProblem`), a checkbox as a boolean,
 * a signature, initials or attachment as the id of what was stored.
 * `null` is empty.
 */
export type FieldValue = string | boolean | null;

interface FieldCommon<K extends FieldKind> {
  /** Unique within the placement. */
  id: string;
  kind: K;
  /** The recipient who fills it; null while unassigned (a send refuses it). */
  recipientId: string | null;
  /** 1-based page number. */
  page: number;
  rect: FieldRect;
  /** Must be filled before the recipient can finish; a required checkbox must be ticked. */
  required: boolean;
  /** What the field asks for, as the signer's page shows it; '' for none. */
  label: string;
  defaultValue: FieldValue;
  source: FieldSource;
}

export type SignatureField = FieldCommon<'signature'>;
export type InitialsField = FieldCommon<'initials'>;
export type DateSignedField = FieldCommon<'dateSigned'>;
export type NameField = FieldCommon<'name'>;
export type EmailField = FieldCommon<'email'>;
export type NumberField = FieldCommon<'number'>;
export type DateField = FieldCommon<'date'>;
export type CheckboxField = FieldCommon<'checkbox'>;

export interface TextField extends FieldCommon<'text'> {
  multiline: boolean;
  /** The most characters it takes; null for no limit of its own. */
  maxLength: number | null;
  /** The hint shown in the empty box; '' for none. */
  placeholder: string;
}

/** A radio group or dropdown; a radio group's buttons are stacked inside its one rectangle. */
export interface ChoiceField extends FieldCommon<ChoiceKind> {
  options: string[];
}

export interface AttachmentField extends FieldCommon<'attachment'> {
  /** MIME types it accepts, `image/*` style wildcards allowed. */
  allowedTypes: string[];
  maxBytes: number;
}

export type Field =
  | SignatureField
  | InitialsField
  | DateSignedField
  | NameField
  | EmailField
  | TextField
  | NumberField
  | DateField
  | CheckboxField
  | ChoiceField
  | AttachmentField;

/** A page as the PDF has it: its size in points (unrotated) and its `/Rotate` in degrees. */
export interface PlacementPage {
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
}

/** A PDF's pages and the fields placed on them: what the builder edits and the send checks. */
export interface FieldPlacement {
  pages: PlacementPage[];
  fields: Field[];
}

// ── Defaults ──

/** A new field's size in points, by kind: a signature 2.5 × 0.7 inches, a text line 22 points high. */
export const DEFAULT_FIELD_SIZES: Readonly<Record<FieldKind, { width: number; height: number }>> = {
  signature: { width: 180, height: 50 },
  initials: { width: 60, height: 40 },
  dateSigned: { width: 110, height: 22 },
  name: { width: 180, height: 22 },
  email: { width: 200, height: 22 },
  text: { width: 180, height: 22 },
  number: { width: 100, height: 22 },
  date: { width: 110, height: 22 },
  checkbox: { width: 16, height: 16 },
  radioGroup: { width: 120, height: 60 },
  dropdown: { width: 140, height: 22 },
  attachment: { width: 160, height: 40 },
};

/** A multi-line text box's default size: a few lines. */
export const DEFAULT_MULTILINE_SIZE = { width: 240, height: 80 } as const;

/** What an attachment field accepts unless told otherwise. */
export const DEFAULT_ATTACHMENT_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
];
export const DEFAULT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** What a new field needs beyond its kind; the rest takes the kind's defaults. */
export interface NewFieldInput {
  id: string;
  kind: FieldKind;
  page: number;
  /** Its lower-left corner in points; the size defaults per kind. */
  x: number;
  y: number;
  width?: number;
  height?: number;
  recipientId?: string | null;
  required?: boolean;
  label?: string;
  defaultValue?: FieldValue;
  source?: FieldSource;
  multiline?: boolean;
  maxLength?: number | null;
  placeholder?: string;
  options?: readonly string[];
  allowedTypes?: readonly string[];
  maxBytes?: number;
}

/**
 * A field with its kind's defaults: required unless it is a checkbox (a box
 * is usually an opt-in), the kind's size, no label, unassigned.
 */
export function newField(input: NewFieldInput): Field {
  const multiline = input.kind === 'text' && Boolean(input.multiline);
  const size = multiline ? DEFAULT_MULTILINE_SIZE : DEFAULT_FIELD_SIZES[input.kind];
  const common = {
    id: input.id,
    recipientId: input.recipientId ?? null,
    page: input.page,
    rect: {
      x: input.x,
      y: input.y,
      width: input.width ?? size.width,
      height: input.height ?? size.height,
    },
    required: input.required ?? input.kind !== 'checkbox',
    label: input.label ?? '',
    defaultValue: input.defaultValue ?? null,
    source: input.source ?? 'builder',
  };
  const kind = input.kind;
  switch (kind) {
    case 'text':
      return {
        ...common,
        kind,
        multiline,
        maxLength: input.maxLength ?? null,
        placeholder: input.placeholder ?? '',
      };
    case 'radioGroup':
    case 'dropdown':
      return { ...common, kind, options: [...(input.options ?? [])] };
    case 'attachment':
      return {
        ...common,
        kind,
        allowedTypes: [...(input.allowedTypes ?? DEFAULT_ATTACHMENT_TYPES)],
        maxBytes: input.maxBytes ?? DEFAULT_ATTACHMENT_MAX_BYTES,
      };
    default:
      return { ...common, kind };
  }
}
