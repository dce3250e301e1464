// The field builder's edits as a pure reducer with undo and redo (`useReducer` in the
// builder; field-model.ts for the shapes).
import { clampRectToPage } from './field-geometry';
import type { Field, FieldPlacement, FieldRect } from './field-model';
import { copyFieldToEveryPage } from './field-rules';

/** How many edits undo reaches back; older ones are forgotten. */
export const PLACEMENT_HISTORY_LIMIT = 100;

/** The smallest a field may be made, in points: still a target for a finger or a pointer. */
export const MIN_FIELD_SIZE = 8;

export interface PlacementState {
  present: FieldPlacement;
  /** Earlier placements, oldest first, at most `PLACEMENT_HISTORY_LIMIT`. */
  past: FieldPlacement[];
  /** Placements undone, the next redo last. */
  future: FieldPlacement[];
  /** The last edit, so a drag's many moves can undo as one (`merge`). */
  lastEdit: { type: PlacementAction['type']; id: string } | null;
}

/** What `update` may change; a kind's own option is ignored on a field of another kind. */
interface FieldChanges {
  required?: boolean;
  label?: string;
  defaultValue?: Field['defaultValue'];
  multiline?: boolean;
  maxLength?: number | null;
  placeholder?: string;
  options?: string[];
  allowedTypes?: string[];
  maxBytes?: number;
}

export type PlacementAction =
  | { type: 'load'; placement: FieldPlacement }
  | { type: 'add'; field: Field }
  /** `merge`: one undo step with the previous edit when it moved the same field (a drag). */
  | { type: 'move'; id: string; x: number; y: number; page?: number; merge?: boolean }
  | { type: 'resize'; id: string; rect: FieldRect; merge?: boolean }
  | { type: 'delete'; id: string }
  | { type: 'assign'; id: string; recipientId: string | null }
  | { type: 'update'; id: string; changes: FieldChanges; merge?: boolean }
  | { type: 'copyToEveryPage'; id: string; idFor?: (page: number) => string }
  /**
   * The same recipients under new ids (`old id → new id`; a signer's id follows their place in
   * the signing order): every placement, those to undo and redo too, says the new ids. Not an
   * edit, so nothing to undo.
   */
  | { type: 'renameRecipients'; ids: Readonly<Record<string, string>> }
  | { type: 'undo' }
  | { type: 'redo' };

/** A builder opened on a placement, with nothing to undo. */
export function initialPlacementState(placement: FieldPlacement): PlacementState {
  return { present: placement, past: [], future: [], lastEdit: null };
}

export function canUndo(state: PlacementState): boolean {
  return state.past.length > 0;
}

export function canRedo(state: PlacementState): boolean {
  return state.future.length > 0;
}

/** The rectangle kept at least `MIN_FIELD_SIZE` and on its page (when the page exists). */
function fitRect(rect: FieldRect, placement: FieldPlacement, page: number): FieldRect {
  const sized = {
    ...rect,
    width: Math.max(rect.width, MIN_FIELD_SIZE),
    height: Math.max(rect.height, MIN_FIELD_SIZE),
  };
  const onPage = placement.pages[page - 1];
  return onPage ? clampRectToPage(sized, onPage) : sized;
}

function withChanges(field: Field, changes: FieldChanges): Field {
  const next: Record<string, unknown> = { ...field };
  for (const [key, value] of Object.entries(changes)) {
    // Only what the field has: a checkbox takes no `options`, a signature no `maxLength`.
    if (value !== undefined && key in field) next[key] = value;
  }
  return next as unknown as Field;
}

function replaceField(
  placement: FieldPlacement,
  id: string,
  change: (field: Field) => Field,
): FieldPlacement {
  const index = placement.fields.findIndex((field) => field.id === id);
  if (index < 0) return placement;
  const fields = [...placement.fields];
  fields[index] = change(fields[index]);
  return { ...placement, fields };
}

/** The placement after one edit; the same object when the edit changes nothing. */
function edited(placement: FieldPlacement, action: PlacementAction): FieldPlacement {
  switch (action.type) {
    case 'add':
      return placement.fields.some((field) => field.id === action.field.id)
        ? placement
        : { ...placement, fields: [...placement.fields, action.field] };
    case 'move':
      return replaceField(placement, action.id, (field) => {
        const page = action.page ?? field.page;
        const rect = fitRect({ ...field.rect, x: action.x, y: action.y }, placement, page);
        return { ...field, page, rect };
      });
    case 'resize':
      return replaceField(placement, action.id, (field) => ({
        ...field,
        rect: fitRect(action.rect, placement, field.page),
      }));
    case 'delete':
      return placement.fields.some((field) => field.id === action.id)
        ? { ...placement, fields: placement.fields.filter((field) => field.id !== action.id) }
        : placement;
    case 'assign':
      return replaceField(placement, action.id, (field) => ({
        ...field,
        recipientId: action.recipientId,
      }));
    case 'update':
      return replaceField(placement, action.id, (field) => withChanges(field, action.changes));
    case 'copyToEveryPage':
      return copyFieldToEveryPage(placement, action.id, action.idFor);
    default:
      return placement;
  }
}

/** Whether two placements hold the same fields in the same places (a no-op edit leaves no undo step). */
function samePlacement(a: FieldPlacement, b: FieldPlacement): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function isMergeable(state: PlacementState, action: PlacementAction): boolean {
  return (
    'merge' in action &&
    Boolean(action.merge) &&
    'id' in action &&
    state.lastEdit?.type === action.type &&
    state.lastEdit.id === action.id &&
    state.past.length > 0
  );
}

/**
 * The builder's state after an action. Every edit that changes something
 * is one undo step (a `merge` move, resize or update joins the step before
 * when it edited the same field the same way); an edit clears redo; a
 * moved or resized field is kept on its page and at least `MIN_FIELD_SIZE`.
 * `load` starts afresh with no history.
 */
export function placementReducer(state: PlacementState, action: PlacementAction): PlacementState {
  switch (action.type) {
    case 'load':
      return initialPlacementState(action.placement);
    case 'renameRecipients': {
      const renamed = (placement: FieldPlacement): FieldPlacement => ({
        ...placement,
        fields: placement.fields.map((field) =>
          field.recipientId !== null && field.recipientId in action.ids
            ? { ...field, recipientId: action.ids[field.recipientId] }
            : field,
        ),
      });
      return {
        ...state,
        present: renamed(state.present),
        past: state.past.map(renamed),
        future: state.future.map(renamed),
      };
    }
    case 'undo': {
      if (!canUndo(state)) return state;
      const previous = state.past[state.past.length - 1];
      return {
        present: previous,
        past: state.past.slice(0, -1),
        future: [...state.future, state.present],
        lastEdit: null,
      };
    }
    case 'redo': {
      if (!canRedo(state)) return state;
      const next = state.future[state.future.length - 1];
      return {
        present: next,
        past: [...state.past, state.present].slice(-PLACEMENT_HISTORY_LIMIT),
        future: state.future.slice(0, -1),
        lastEdit: null,
      };
    }
    default: {
      const present = edited(state.present, action);
      if (samePlacement(present, state.present)) return state;
      const past = isMergeable(state, action)
        ? state.past
        : [...state.past, state.present].slice(-PLACEMENT_HISTORY_LIMIT);
      const id = action.type === 'add' ? action.field.id : action.id;
      return { present, past, future: [], lastEdit: { type: action.type, id } };
    }
  }
}
