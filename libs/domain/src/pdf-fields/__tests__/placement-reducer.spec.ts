import type { FieldPlacement } from '../field-model';
import {
  MIN_FIELD_SIZE,
  PLACEMENT_HISTORY_LIMIT,
  canRedo,
  canUndo,
  initialPlacementState,
  placementReducer,
  type PlacementAction,
  type PlacementState,
} from '../placement-reducer';
import { LETTER, field } from './fixtures';

const START: FieldPlacement = {
  pages: [LETTER, LETTER],
  fields: [
    field({ id: 'sig', kind: 'signature' }),
    field({ id: 'size', kind: 'dropdown', options: ['S'] }),
  ],
};

function run(...actions: PlacementAction[]): PlacementState {
  return actions.reduce(placementReducer, initialPlacementState(START));
}

const byId = (state: PlacementState, id: string) => state.present.fields.find((f) => f.id === id);

describe('placementReducer: edits', () => {
  it('adds a field, refusing a taken id', () => {
    const added = run({ type: 'add', field: field({ id: 'ini', kind: 'initials' }) });
    expect(added.present.fields.map((f) => f.id)).toEqual(['sig', 'size', 'ini']);
    const again = placementReducer(added, {
      type: 'add',
      field: field({ id: 'ini', kind: 'text' }),
    });
    expect(again).toBe(added);
  });

  it('moves within and across pages, kept on the page', () => {
    expect(byId(run({ type: 'move', id: 'sig', x: 100, y: 200 }), 'sig')?.rect).toMatchObject({
      x: 100,
      y: 200,
    });
    expect(byId(run({ type: 'move', id: 'sig', x: 10, y: 10, page: 2 }), 'sig')).toMatchObject({
      page: 2,
    });
    expect(byId(run({ type: 'move', id: 'sig', x: 600, y: -20 }), 'sig')?.rect).toEqual({
      x: 612 - 180,
      y: 0,
      width: 180,
      height: 50,
    });
  });

  it('resizes, never below the smallest size nor off the page', () => {
    const rect = byId(
      run({ type: 'resize', id: 'sig', rect: { x: 5, y: 5, width: 1, height: -4 } }),
      'sig',
    )?.rect;
    expect(rect).toEqual({ x: 5, y: 5, width: MIN_FIELD_SIZE, height: MIN_FIELD_SIZE });
    expect(
      byId(run({ type: 'resize', id: 'sig', rect: { x: 0, y: 0, width: 999, height: 30 } }), 'sig')
        ?.rect.width,
    ).toBe(612);
  });

  it('deletes, assigns and updates', () => {
    expect(run({ type: 'delete', id: 'sig' }).present.fields.map((f) => f.id)).toEqual(['size']);
    expect(byId(run({ type: 'assign', id: 'sig', recipientId: 'john' }), 'sig')?.recipientId).toBe(
      'john',
    );
    expect(
      byId(run({ type: 'assign', id: 'sig', recipientId: null }), 'sig')?.recipientId,
    ).toBeNull();
    const updated = run(
      {
        type: 'update',
        id: 'size',
        changes: { label: 'Size', options: ['S', 'M'], required: false },
      },
      { type: 'update', id: 'sig', changes: { options: ['nope'], label: 'Sign here' } },
    );
    expect(byId(updated, 'size')).toMatchObject({
      label: 'Size',
      options: ['S', 'M'],
      required: false,
    });
    expect(byId(updated, 'sig')).not.toHaveProperty('options');
    expect(byId(updated, 'sig')?.label).toBe('Sign here');
  });

  it('copies to every page', () => {
    const copied = run({ type: 'copyToEveryPage', id: 'sig' });
    expect(copied.present.fields.map((f) => [f.id, f.page])).toEqual([
      ['sig', 1],
      ['size', 1],
      ['sig-p2', 2],
    ]);
  });

  it('leaves the state alone, with no undo step, when nothing changes', () => {
    const state = initialPlacementState(START);
    for (const action of [
      { type: 'delete', id: 'nope' },
      { type: 'move', id: 'nope', x: 1, y: 1 },
      { type: 'move', id: 'sig', x: 72, y: 72 },
      { type: 'assign', id: 'sig', recipientId: 'jane' },
      { type: 'copyToEveryPage', id: 'nope' },
      { type: 'undo' },
      { type: 'redo' },
    ] as PlacementAction[])
      expect(placementReducer(state, action)).toBe(state);
  });
});

describe('placementReducer: undo and redo', () => {
  it('undoes and redoes each edit in turn', () => {
    const edited = run({ type: 'delete', id: 'size' }, { type: 'move', id: 'sig', x: 100, y: 100 });
    expect(canUndo(edited)).toBe(true);
    const once = placementReducer(edited, { type: 'undo' });
    expect(byId(once, 'sig')?.rect.x).toBe(72);
    expect(byId(once, 'size')).toBeUndefined();
    const twice = placementReducer(once, { type: 'undo' });
    expect(twice.present).toBe(START);
    expect(canUndo(twice)).toBe(false);
    expect(canRedo(twice)).toBe(true);
    const redone = placementReducer(placementReducer(twice, { type: 'redo' }), { type: 'redo' });
    expect(redone.present).toEqual(edited.present);
    expect(canRedo(redone)).toBe(false);
  });

  it('forgets redo after a new edit', () => {
    const undone = run({ type: 'delete', id: 'size' }, { type: 'undo' });
    expect(canRedo(undone)).toBe(true);
    expect(canRedo(placementReducer(undone, { type: 'assign', id: 'sig', recipientId: 'x' }))).toBe(
      false,
    );
  });

  it('undoes a drag as one step when its moves merge', () => {
    const dragged = run(
      { type: 'move', id: 'sig', x: 80, y: 80 },
      { type: 'move', id: 'sig', x: 90, y: 90, merge: true },
      { type: 'move', id: 'sig', x: 100, y: 100, merge: true },
    );
    expect(dragged.past).toHaveLength(1);
    expect(byId(placementReducer(dragged, { type: 'undo' }), 'sig')?.rect.x).toBe(72);
    // A merge after another field's edit is its own step.
    const other = placementReducer(dragged, { type: 'move', id: 'size', x: 5, y: 5, merge: true });
    expect(other.past).toHaveLength(2);
  });

  it('keeps at most the history limit', () => {
    const actions: PlacementAction[] = Array.from(
      { length: PLACEMENT_HISTORY_LIMIT + 20 },
      (_, i) => ({
        type: 'move',
        id: 'sig',
        x: 100 + i,
        y: 100,
      }),
    );
    let state = run(...actions);
    expect(state.past).toHaveLength(PLACEMENT_HISTORY_LIMIT);
    while (canUndo(state)) state = placementReducer(state, { type: 'undo' });
    // The oldest reachable is the 20th move's start, not the opening placement.
    expect(byId(state, 'sig')?.rect.x).toBe(100 + 19);
  });

  it('load starts afresh', () => {
    const loaded = placementReducer(run({ type: 'delete', id: 'sig' }), {
      type: 'load',
      placement: START,
    });
    expect(loaded).toEqual(initialPlacementState(START));
  });
});

describe('placementReducer: recipients renamed', () => {
  it('renames the recipients in every placement, with nothing to undo for it', () => {
    const assigned = run(
      { type: 'assign', id: 'sig', recipientId: 'signer-2' },
      { type: 'assign', id: 'size', recipientId: 'signer-1' },
    );
    const renamed = placementReducer(assigned, {
      type: 'renameRecipients',
      ids: { 'signer-1': 'signer-2', 'signer-2': 'signer-1' },
    });
    expect(byId(renamed, 'sig')?.recipientId).toBe('signer-1');
    expect(byId(renamed, 'size')?.recipientId).toBe('signer-2');
    expect(renamed.past).toHaveLength(assigned.past.length);
    // Undone, the earlier assignment says the new id too.
    const undone = placementReducer(renamed, { type: 'undo' });
    expect(byId(undone, 'size')?.recipientId).toBe('jane');
    expect(byId(undone, 'sig')?.recipientId).toBe('signer-1');
  });
});
