import {
  capitalisedFieldName,
  fieldDisplayName,
  isAutoFilledKind,
  SIGNED_FIELD_VALUE,
  type DocumentAttachmentInfo,
  type Field,
  type FieldValue,
} from '@prosign/domain';
import type { PlacedAttachment } from '../../../integrations/documents';
import type { DocumentFieldEntryDoc, StoredAttachment } from './document-field-entry.repository';

// A "document" recipient's entry read as values (their fields' defaults under what they saved)
// and checked for what the domain's field rules cannot know (the signature saved, the file
// uploaded).

const MAX_ATTACHMENT_NAME = 200;

/**
 * The recipient's values as their page shows them: each of their own fields' default (fields
 * filled for them aside), then what they saved over it (null: cleared).
 */
export function effectiveValues(
  fields: readonly Field[],
  entry: Pick<DocumentFieldEntryDoc, 'values'> | null,
  recipientId: string,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of fields) {
    if (field.recipientId !== recipientId || isAutoFilledKind(field.kind)) continue;
    if (field.defaultValue !== null) values[field.id] = field.defaultValue;
  }
  for (const { fieldId, value } of entry?.values ?? []) values[fieldId] = value;
  return values;
}

/**
 * Every signature and initials field of the recipient, signed: the one signature they saved
 * (typed or drawn) is what each of them shows, so a saved signature fills them all.
 */
export function signedMarks(
  fields: readonly Field[],
  recipientId: string,
): Record<string, FieldValue> {
  return Object.fromEntries(
    fields
      .filter(
        (field) =>
          field.recipientId === recipientId &&
          (field.kind === 'signature' || field.kind === 'initials'),
      )
      .map((field) => [field.id, SIGNED_FIELD_VALUE]),
  );
}

/**
 * What the domain's rules do not know: a signature or initials field says `signed` once the
 * signature is saved, and an attachment field names the file uploaded for it.
 */
export function ownValueProblems(
  fields: readonly Field[],
  given: Record<string, FieldValue>,
  recipientId: string,
  entry: DocumentFieldEntryDoc | null,
  signatureSaved: boolean,
): string[] {
  const problems: string[] = [];
  for (const [id, value] of Object.entries(given)) {
    const field = fields.find((candidate) => candidate.id === id);
    if (!field || field.recipientId !== recipientId || value === null) continue;
    const name = capitalisedFieldName(field);
    if (field.kind === 'signature' || field.kind === 'initials') {
      if (value !== SIGNED_FIELD_VALUE) problems.push(`${name} takes “${SIGNED_FIELD_VALUE}”.`);
      else if (!signatureSaved)
        problems.push(`Save your signature before ${fieldDisplayName(field)}.`);
    }
  }
  return [...problems, ...attachmentValueProblems(fields, given, entry, recipientId)];
}

/** Attachment fields whose value is not the file this recipient uploaded for them. */
export function attachmentValueProblems(
  fields: readonly Field[],
  values: Record<string, FieldValue>,
  entry: DocumentFieldEntryDoc | null,
  recipientId: string,
): string[] {
  return fields
    .filter(
      (field) =>
        field.kind === 'attachment' &&
        field.recipientId === recipientId &&
        typeof values[field.id] === 'string' &&
        values[field.id] !== '' &&
        !entry?.attachments.some((a) => a.fieldId === field.id && a.id === values[field.id]),
    )
    .map((field) => `Upload the file for ${fieldDisplayName(field)} again.`);
}

export function placedOf(attachment: StoredAttachment): PlacedAttachment {
  const { id, fileId, name, type, bytes, sha256 } = attachment;
  return { id, fileId, name, type, bytes, sha256 };
}

export function infoOf(attachment: StoredAttachment): DocumentAttachmentInfo {
  const { id, fieldId, name, type, bytes, sha256 } = attachment;
  return { id, fieldId, name, type, bytes, sha256 };
}

export function fieldLabelOf(fields: readonly Field[], fieldId: string): string {
  const field = fields.find((candidate) => candidate.id === fieldId);
  return field?.label.trim() ?? '';
}

/** The name to show for a file: its last path part, without control characters. */
export function attachmentName(original: string | undefined): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, MAX_ATTACHMENT_NAME);
  return clean || 'attachment';
}
