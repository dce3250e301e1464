import { useCallback } from 'react';

/**
 * Focus for an element by id once a dialog has closed: the dialog hands focus back to the
 * button that opened it first, and that button may be gone (a revoked key has no Revoke).
 * Two frames later the page has settled and the element is there.
 */
export function useFocusLater(): (elementId: string) => void {
  return useCallback((elementId: string) => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => document.getElementById(elementId)?.focus()),
    );
  }, []);
}
