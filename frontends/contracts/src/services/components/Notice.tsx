import { TOAST_DURATION_MS } from '@prosign/domain';
import { useCallback, useEffect, useState } from 'react';

export type NoticeTone = 'success' | 'error';
export interface NoticeState {
  id: number;
  message: string;
  tone: NoticeTone;
}

/**
 * The screen's toast: success green, error red, gone after 6 s (spec 1 §8).
 * Local until the shared ToastProvider lands in libs/ui.
 */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const show = useCallback((message: string, tone: NoticeTone) => {
    setNotice({ id: Date.now(), message, tone });
  }, []);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), TOAST_DURATION_MS.long);
    return () => clearTimeout(timer);
  }, [notice]);
  return { notice, show, dismiss: () => setNotice(null) };
}

export function Notice({ notice, onDismiss }: { notice: NoticeState | null; onDismiss(): void }) {
  if (!notice) return null;
  return (
    <div
      className={`ps-notice ps-notice--${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      style={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        zIndex: 50,
        padding: '10px 14px',
        borderRadius: 8,
        color: '#fff',
        background: notice.tone === 'error' ? '#b42318' : '#15803d',
        maxWidth: 420,
      }}
    >
      <span>{notice.message}</span>{' '}
      <button type="button" aria-label="Dismiss notification" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/** The server's message of a failed call, else a fallback. */
export function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  if (Array.isArray(message)) return message.join(' ');
  return typeof message === 'string' && message ? message : 'Something went wrong.';
}
