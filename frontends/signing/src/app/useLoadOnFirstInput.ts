import { useEffect } from 'react';

/** The first of these on the page starts loading the steps behind the captcha. */
const ANSWERING = ['pointerdown', 'touchstart', 'keydown'] as const;

/**
 * Calls `load` on the visitor's first tap, click or key on the page while
 * `enabled`: the steps behind the captcha load while it is answered, so what
 * loads before the captcha passes is what the captcha step shows (bench/signing).
 */
export function useLoadOnFirstInput(load: () => unknown, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const start = () => {
      for (const type of ANSWERING) window.removeEventListener(type, start, true);
      void load();
    };
    for (const type of ANSWERING) window.addEventListener(type, start, true);
    return () => {
      for (const type of ANSWERING) window.removeEventListener(type, start, true);
    };
  }, [load, enabled]);
}
