import { TOAST_DURATION_MS } from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { useCallback } from 'react';

export type ToastTone = 'success' | 'error';

/**
 * The services and terms screens' toasts: success green, error red, 6 s
 * (spec 1 §8), through the shell's shared ToastProvider.
 */
export function useLongToast(): (message: string, tone: ToastTone) => void {
  const toast = useToast();
  return useCallback(
    (message: string, tone: ToastTone) => toast[tone](message, TOAST_DURATION_MS.long),
    [toast],
  );
}

/** The server's message of a failed call, else a fallback. */
export function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  if (Array.isArray(message)) return message.join(' ');
  return typeof message === 'string' && message ? message : 'Something went wrong.';
}
