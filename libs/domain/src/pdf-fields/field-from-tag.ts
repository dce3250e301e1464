// A text tag found in a PDF made into a field: its recipient looked up by the tag's signer
// (the grammar: field-tags.ts and docs/field-tags.md).
import type { Recipient } from '../agreements/recipients';
import {
  DEFAULT_FIELD_SIZES,
  DEFAULT_MULTILINE_SIZE,
  newField,
  type Field,
  type FieldRect,
} from './field-model';
import type { ParsedTag, TagSigner } from './field-tags';

/**
 * The recipient a tag's signer names: the nth signer in signing order (list
 * position within an order, as `recipients.ts` orders them), or the firm's
 * countersigner; null when there is no such recipient (the send then refuses
 * the unassigned field).
 */
export function tagRecipientId(
  signer: TagSigner,
  recipients: readonly Pick<Recipient, 'id' | 'role' | 'order'>[],
): string | null {
  if (signer === 'firm')
    return recipients.find((recipient) => recipient.role === 'countersigner')?.id ?? null;
  const signers = recipients
    .filter((recipient) => recipient.role === 'signer')
    .sort((a, b) => a.order - b.order);
  return signers[signer - 1]?.id ?? null;
}

/** Where a tag was found: the page and the rectangle its text covers, in PDF points (field-model.ts). */
export interface TagPlace {
  id: string;
  page: number;
  rect: FieldRect;
}

/**
 * The field a tag asks for, at the tag's place. The tag's text covers the
 * rectangle; the field keeps the tag's x and y (bottom-left) and covers the
 * whole tag: as wide and as high as the tag where it is larger than the kind's
 * default size, the default otherwise, since a tag is often written short
 * (`{{sig:1}}`) while a signature needs room. A tag written large (a bigger
 * font, a long label) makes the field that large; a checkbox stays square.
 */
export function fieldFromTag(
  tag: ParsedTag,
  place: TagPlace,
  recipients: readonly Pick<Recipient, 'id' | 'role' | 'order'>[],
): Field {
  const size =
    tag.kind === 'text' && tag.multiline ? DEFAULT_MULTILINE_SIZE : DEFAULT_FIELD_SIZES[tag.kind];
  const height = Math.max(place.rect.height, size.height);
  return newField({
    id: place.id,
    kind: tag.kind,
    page: place.page,
    x: place.rect.x,
    y: place.rect.y,
    // A checkbox is a square box at the tag's start, however long the tag's label.
    width: tag.kind === 'checkbox' ? height : Math.max(place.rect.width, size.width),
    height,
    recipientId: tagRecipientId(tag.signer, recipients),
    required: tag.required,
    label: tag.label,
    source: 'tag',
    multiline: tag.multiline,
    maxLength: tag.maxLength ?? null,
    options: tag.options,
    allowedTypes: tag.allowedTypes,
    maxBytes: tag.maxBytes,
  });
}
