import { useEffect, useRef, useState } from 'react';

type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface DebouncedSearch<T> {
  items: T[];
  status: SearchStatus;
  /** Why the last search failed (status `error`). */
  error?: unknown;
}

/**
 * Options of a remote search: `load` runs `delayMs` after the query last
 * changed, once it has `minLength` characters; a newer query aborts the
 * request of an older one, so a slow answer never replaces a newer one.
 */
export function useDebouncedSearch<T>(
  query: string,
  load: (query: string, signal: AbortSignal) => Promise<T[]>,
  { delayMs = 300, minLength = 1 }: { delayMs?: number; minLength?: number } = {},
): DebouncedSearch<T> {
  const [result, setResult] = useState<DebouncedSearch<T>>({ items: [], status: 'idle' });
  // The latest loader, without restarting the search when a parent passes a new function.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const term = query.trim();
    if (term.length < minLength) {
      setResult({ items: [], status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    setResult((current) => ({ items: current.items, status: 'loading' }));
    const timer = setTimeout(() => {
      loadRef.current(term, controller.signal).then(
        (items) => {
          if (!controller.signal.aborted) setResult({ items, status: 'ready' });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setResult({ items: [], status: 'error', error });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, delayMs, minLength]);

  return result;
}
