import { useLayoutEffect, useRef, useState } from 'react';

/** Where the browser cannot measure (jsdom, a first render), charts are drawn this wide. */
const FALLBACK_WIDTH = 640;

/** The width of the element `ref` is put on, kept current as the layout changes (a phone turned). */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
