import type { Field, PlacementAction, PlacementPage } from '@prosign/domain';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { FIELD_KIND_LABELS } from './field-kinds';
import {
  ARROW_DIRECTIONS,
  KEY_STEP_PT,
  movedRect,
  pageLayerAt,
  percentBox,
  pointsPerPixel,
  resizedRect,
} from './field-screen';

interface FieldBoxProps {
  field: Field;
  page: PlacementPage;
  /** Who fills it, as the builder names them; null when unassigned. */
  recipientName: string | null;
  colour: string;
  selected: boolean;
  readOnly: boolean;
  /** The id of the text telling how the keyboard moves a field. */
  hintId: string;
  dispatch: (action: PlacementAction) => void;
  onSelect: (id: string) => void;
  announce: (message: string) => void;
  /**
   * A drag let go over another page: the field goes there, its top-left corner at `share` of
   * that page's shown width and height.
   */
  onMoveToPage: (id: string, page: number, share: { x: number; y: number }) => void;
}

type Gesture = {
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  scale: number;
  moved: boolean;
  /** Where the pointer took the field, from its top-left corner, in pixels. */
  grabX: number;
  grabY: number;
};

function fieldAccessibleName(field: Field, recipientName: string | null): string {
  const label = field.label.trim() ? ` “${field.label.trim()}”` : '';
  const who = recipientName ? `for ${recipientName}` : 'not assigned';
  return `${FIELD_KIND_LABELS[field.kind]} field${label}, page ${field.page}, ${who}`;
}

/**
 * A placed field: selected by a click or focus, moved by dragging its body and resized by its
 * corner handle, or with the keyboard (arrows move, Shift+arrows resize, Delete removes).
 */
export function FieldBox(props: FieldBoxProps) {
  const { field, page, selected, readOnly, dispatch, onSelect, announce } = props;
  const gesture = useRef<Gesture | null>(null);
  const box = percentBox(field.rect, page);
  const startRect = useRef(field.rect);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (readOnly || event.ctrlKey || event.metaKey || event.altKey) return;
    const direction = ARROW_DIRECTIONS[event.key];
    if (direction) {
      event.preventDefault();
      event.stopPropagation();
      const [dx, dy] = direction.map((step) => step * KEY_STEP_PT);
      // A held key is one undo step, as a drag is.
      if (event.shiftKey) {
        const rect = resizedRect(field.rect, page, dx, dy);
        dispatch({ type: 'resize', id: field.id, rect, merge: event.repeat });
        announce(`Resized to ${Math.round(rect.width)} by ${Math.round(rect.height)} points.`);
      } else {
        const rect = movedRect(field.rect, page, dx, dy);
        dispatch({ type: 'move', id: field.id, x: rect.x, y: rect.y, merge: event.repeat });
        announce(`Moved to ${Math.round(rect.x)}, ${Math.round(rect.y)} points.`);
      }
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      event.stopPropagation();
      dispatch({ type: 'delete', id: field.id });
      announce(`${fieldAccessibleName(field, props.recipientName)} removed.`);
    }
  };

  const startGesture = (mode: Gesture['mode']) => (event: PointerEvent<HTMLElement>) => {
    onSelect(field.id);
    if (readOnly || event.button !== 0) return;
    event.stopPropagation();
    const layer = event.currentTarget.closest('[data-page-layer]');
    const width = layer?.getBoundingClientRect().width ?? 0;
    const own = event.currentTarget.closest('[data-field-id]')?.getBoundingClientRect();
    gesture.current = {
      mode,
      startX: event.clientX,
      startY: event.clientY,
      scale: pointsPerPixel(page, width),
      moved: false,
      grabX: own ? event.clientX - own.left : 0,
      grabY: own ? event.clientY - own.top : 0,
    };
    startRect.current = field.rect;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current) return;
    const dx = (event.clientX - current.startX) * current.scale;
    const dy = (event.clientY - current.startY) * current.scale;
    // The first change of a drag is its own undo step; the rest merge into it.
    const merge = current.moved;
    current.moved = true;
    if (current.mode === 'move') {
      const rect = movedRect(startRect.current, page, dx, dy);
      dispatch({ type: 'move', id: field.id, x: rect.x, y: rect.y, merge });
    } else {
      dispatch({
        type: 'resize',
        id: field.id,
        rect: resizedRect(startRect.current, page, dx, dy),
        merge,
      });
    }
  };

  const endGesture = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    gesture.current = null;
    if (!current || current.mode !== 'move' || !current.moved) return;
    // Let go over another page: the field goes there, where the pointer holds it.
    const over = pageLayerAt(event.clientX, event.clientY);
    if (!over || over.page === field.page || over.box.width <= 0 || over.box.height <= 0) return;
    props.onMoveToPage(field.id, over.page, {
      x: (event.clientX - current.grabX - over.box.left) / over.box.width,
      y: (event.clientY - current.grabY - over.box.top) / over.box.height,
    });
  };
  const cancelGesture = () => {
    gesture.current = null;
  };

  const name = fieldAccessibleName(field, props.recipientName);
  return (
    <div
      id={`placed-${field.id}`}
      className={`ps-doc-field${selected ? ' ps-doc-field--selected' : ''}`}
      style={{
        left: `${box.left}%`,
        top: `${box.top}%`,
        width: `${box.width}%`,
        height: `${box.height}%`,
        borderColor: props.colour,
        color: props.colour,
      }}
      role="button"
      tabIndex={0}
      aria-label={name}
      aria-pressed={selected}
      aria-describedby={readOnly ? undefined : props.hintId}
      data-field-id={field.id}
      onFocus={() => onSelect(field.id)}
      onKeyDown={onKeyDown}
      onPointerDown={startGesture('move')}
      onPointerMove={onPointerMove}
      onPointerUp={endGesture}
      onPointerCancel={cancelGesture}
    >
      <span className="ps-doc-field__label" aria-hidden="true">
        {field.label.trim() || FIELD_KIND_LABELS[field.kind]}
        {field.required ? ' *' : ''}
      </span>
      {readOnly ? null : (
        <span
          className="ps-doc-field__handle"
          aria-hidden="true"
          onPointerDown={startGesture('resize')}
          onPointerMove={onPointerMove}
          onPointerUp={endGesture}
          onPointerCancel={cancelGesture}
        />
      )}
    </div>
  );
}
