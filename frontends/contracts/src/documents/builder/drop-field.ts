// A palette kind dropped on a page becomes a field where it was let go (dnd-kit's rects, in
// screen pixels, made shares of the page and then PDF points through field-screen.ts).
import type { DragEndEvent } from '@dnd-kit/core';
import {
  clampRectToPage,
  DEFAULT_FIELD_SIZES,
  newField,
  type Field,
  type FieldKind,
  type FieldPlacement,
} from '@prosign/domain';
import { newFieldId } from './field-kinds';
import { rectFromDrop } from './field-screen';

const share = (offset: number, length: number) =>
  length > 0 ? Math.min(Math.max(offset / length, 0), 1) : 0;

/** The field a drop makes, or null when it was not let go over a page. */
export function fieldFromDrop(
  event: Pick<DragEndEvent, 'active' | 'over'>,
  placement: FieldPlacement,
  recipientId: string | null,
): Field | null {
  const kind = event.active.data.current?.kind as FieldKind | undefined;
  const pageNumber = event.over?.data.current?.page as number | undefined;
  const page = pageNumber ? placement.pages[pageNumber - 1] : undefined;
  const dropped = event.active.rect.current.translated;
  if (!kind || !event.over || !pageNumber || !page || !dropped) return null;
  const over = event.over.rect;
  const at = {
    x: share(dropped.left - over.left, over.width),
    y: share(dropped.top - over.top, over.height),
  };
  const rect = clampRectToPage(rectFromDrop(at, DEFAULT_FIELD_SIZES[kind], page), page);
  return newField({
    id: newFieldId(new Set(placement.fields.map((field) => field.id))),
    kind,
    page: pageNumber,
    ...rect,
    recipientId,
  });
}
