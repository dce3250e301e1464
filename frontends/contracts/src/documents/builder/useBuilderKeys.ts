import type { PlacementAction } from '@prosign/domain';
import type { KeyboardEvent } from 'react';

/**
 * Undo (Ctrl/Cmd+Z) and redo (Shift+Ctrl/Cmd+Z, Ctrl+Y) anywhere in the builder, except in a
 * text box, where the browser undoes the typing.
 */
export function builderKeyHandler(
  dispatch: (action: PlacementAction) => void,
  announce: (message: string) => void,
  enabled: { undo: boolean; redo: boolean },
) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key !== 'z' && key !== 'y') return;
    if ((event.target as HTMLElement).closest('input, textarea, select')) return;
    event.preventDefault();
    const redo = key === 'y' || event.shiftKey;
    if (redo ? !enabled.redo : !enabled.undo) return;
    dispatch({ type: redo ? 'redo' : 'undo' });
    announce(redo ? 'Redone.' : 'Undone.');
  };
}
