import { TOAST_DURATION_MS } from '@prosign/domain';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastOptions {
  message: string;
  tone?: ToastTone;
  /** Defaults to 3 s (spec 1 §9); login and most alerts use 6 s. */
  durationMs?: number;
}

interface ToastItem extends Required<ToastOptions> {
  id: number;
}

export interface ToastApi {
  show(options: ToastOptions): void;
  success(message: string, durationMs?: number): void;
  error(message: string, durationMs?: number): void;
  info(message: string, durationMs?: number): void;
  dismissAll(): void;
}

const ToastContext = createContext<ToastApi | null>(null);
ToastContext.displayName = 'ToastContext';

function ToastMessage({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);
  return (
    <div
      className={`ps-toast ps-toast--${toast.tone}`}
      // Errors interrupt (assertive); the rest are announced politely.
      role={toast.tone === 'error' ? 'alert' : 'status'}
    >
      <span className="ps-toast__message">{toast.message}</span>
      <button
        type="button"
        className="ps-toast__close"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

/** Short notices in a corner of the screen, removed after their duration (spec 1 §8, §9). */
export function ToastProvider({ children }: { children?: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show = ({
      message,
      tone = 'info',
      durationMs = TOAST_DURATION_MS.default,
    }: ToastOptions) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, message, tone, durationMs }]);
    };
    return {
      show,
      success: (message, durationMs) => show({ message, tone: 'success', durationMs }),
      error: (message, durationMs) => show({ message, tone: 'error', durationMs }),
      info: (message, durationMs) => show({ message, tone: 'info', durationMs }),
      dismissAll: () => setToasts([]),
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="ps-toasts" role="region" aria-label="Notifications">
        {toasts.map((toast) => (
          <ToastMessage key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
