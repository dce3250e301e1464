import type { Field, PlacementPage } from '@prosign/domain';
import type { PdfViewerHandle } from '@prosign/ui';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { readableFieldScale } from './signing-fields';

/**
 * Which of the signer's fields they are on, and moving to one: on a phone the page first zooms
 * until the field and the text around it read at 16 px (`readableFieldScale`), then the field
 * is brought to the middle of the viewer and focused.
 */
export function useFieldFocus(
  byId: ReadonlyMap<string, Field>,
  pages: readonly PlacementPage[],
  narrow: boolean,
  viewer: RefObject<PdfViewerHandle | null>,
) {
  const [currentId, setCurrentId] = useState<string | null>(null);
  const controls = useRef(new Map<string, HTMLElement>());

  const registerControl = useCallback((id: string, element: HTMLElement | null) => {
    if (element) controls.current.set(id, element);
    else controls.current.delete(id);
  }, []);

  const focusControl = useCallback((id: string) => {
    controls.current.get(id)?.focus({ preventScroll: true });
  }, []);

  const goTo = useCallback(
    (id: string) => {
      const field = byId.get(id);
      const page = field ? pages[field.page - 1] : undefined;
      if (!field || !page) return;
      setCurrentId(id);
      if (narrow) viewer.current?.zoomToScale?.(readableFieldScale(field, page));
      // After the zoom is laid out: the field centred in the viewer, and focused.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const control = controls.current.get(id);
          control?.scrollIntoView?.({ block: 'center', inline: 'center', behavior: 'smooth' });
          control?.focus({ preventScroll: true });
        }),
      );
    },
    [byId, pages, narrow, viewer],
  );

  return { currentId, setCurrentId, registerControl, focusControl, goTo };
}
