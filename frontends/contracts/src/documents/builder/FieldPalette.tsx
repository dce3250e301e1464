import { useDraggable } from '@dnd-kit/core';
import type { FieldKind, PlacementRecipient } from '@prosign/domain';
import { FIELD_KIND_LABELS, PALETTE_KINDS } from './field-kinds';
import { recipientColour, recipientLabel } from './recipients';

interface FieldPaletteProps {
  recipients: readonly PlacementRecipient[];
  /** Whom a new field is for. */
  placingFor: string | null;
  onPlacingFor: (id: string) => void;
}

function PaletteItem({ kind, colour }: { kind: FieldKind; colour: string }) {
  const { attributes, listeners, setNodeRef, isDragging, transform } = useDraggable({
    id: `palette-${kind}`,
    data: { kind },
  });
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        className={`ps-doc-palette__item${isDragging ? ' ps-doc-palette__item--dragging' : ''}`}
        style={{
          borderColor: colour,
          transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
        }}
        {...attributes}
        {...listeners}
        aria-label={`${FIELD_KIND_LABELS[kind]} field`}
        data-palette-kind={kind}
      >
        {FIELD_KIND_LABELS[kind]}
      </button>
    </li>
  );
}

/** The kinds of field, dragged onto a page (pointer or keyboard); placed for the chosen signer. */
export function FieldPalette({ recipients, placingFor, onPlacingFor }: FieldPaletteProps) {
  const index = recipients.findIndex((recipient) => recipient.id === placingFor);
  const colour = recipientColour(Math.max(index, 0));
  return (
    <section className="ps-doc-palette" aria-labelledby="ps-doc-palette-title">
      <h3 id="ps-doc-palette-title">Fields</h3>
      <label className="ps-doc-palette__for">
        Placing for
        <select value={placingFor ?? ''} onChange={(event) => onPlacingFor(event.target.value)}>
          {recipients.map((recipient, at) => (
            <option key={recipient.id} value={recipient.id}>
              {recipientLabel(recipient, at)}
            </option>
          ))}
        </select>
      </label>
      <p className="ps-doc-palette__hint">
        Drag a field onto a page. With the keyboard: Space picks it up, the first arrow key takes it
        onto the page in view and the next ones carry it, Space drops it, Escape cancels.
      </p>
      <ul>
        {PALETTE_KINDS.map((kind) => (
          <PaletteItem key={kind} kind={kind} colour={colour} />
        ))}
      </ul>
    </section>
  );
}
