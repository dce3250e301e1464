import { ToastProvider, useToast } from '@prosign/ui';
import type { ReactNode } from 'react';

/** Whether a ToastProvider is above (useToast throws without one; it reads a context only). */
function useHasToasts(): boolean {
  try {
    useToast();
    return true;
  } catch {
    return false;
  }
}

/**
 * The toasts arrive with the first step that shows them: inside the shell the
 * shell's ToastProvider is used; on the standalone customer page one is made
 * here, behind the captcha, so React Aria's toast hooks are not part of the
 * first render (the captcha step).
 */
export function EnsureToasts({ children }: { children?: ReactNode }) {
  if (useHasToasts()) return <>{children}</>;
  return <ToastProvider>{children}</ToastProvider>;
}
