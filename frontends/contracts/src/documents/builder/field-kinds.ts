import { FIELD_KINDS, type FieldKind } from '@prosign/domain';

/** Each kind as the palette and a field's accessible name call it. */
export const FIELD_KIND_LABELS: Readonly<Record<FieldKind, string>> = {
  signature: 'Signature',
  initials: 'Initials',
  dateSigned: 'Date signed',
  name: 'Name',
  email: 'E-mail',
  text: 'Text',
  number: 'Number',
  date: 'Date',
  checkbox: 'Checkbox',
  radioGroup: 'Choice',
  dropdown: 'Dropdown',
  attachment: 'Attachment',
};

export const PALETTE_KINDS: readonly FieldKind[] = FIELD_KINDS;

let lastField = 0;

/** A field id no other field of this placement has (ids from the PDF are kept as they came). */
export function newFieldId(taken: ReadonlySet<string>): string {
  let id: string;
  do {
    lastField += 1;
    id = `field-${lastField}`;
  } while (taken.has(id));
  return id;
}
