import { TOAST_DURATION_MS } from '@prosign/domain';
import {
  createContext,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useToast as useAriaToast, useToastRegion } from 'react-aria/useToast';
import {
  ToastQueue,
  useToastQueue,
  type QueuedToast,
  type ToastState,
} from 'react-stately/useToastState';

type ToastTone = 'success' | 'error' | 'info';

export interface ToastOptions {
  message: string;
  tone?: ToastTone;
  /** Defaults to 3 s (spec 1 §9); login and most alerts use 6 s. */
  durationMs?: number;
}

interface ToastContent {
  message: string;
  tone: ToastTone;
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

/**
 * Short notices in a corner of the screen, removed after their duration (spec 1
 * §8, §9), on React Aria's toast hooks: a "Notifications" landmark (F6 reaches
 * it), timers paused while it is hovered or focused, focus kept sensible when a
 * focused toast goes, and left visible above an open modal. Errors are
 * announced assertively (`alert`), the rest politely (`status`). The newest
 * toast comes first (first reached by Tab) and sits nearest the corner.
 *
 * Built on the hooks rather than React Aria Components' toast: the provider is
 * in every app's first render, and the hooks weigh about half as much.
 */
export function ToastProvider({ children }: { children?: ReactNode }) {
  const [queue] = useState(() => new ToastQueue<ToastContent>());

  const api = useMemo<ToastApi>(() => {
    const show = ({
      message,
      tone = 'info',
      durationMs = TOAST_DURATION_MS.default,
    }: ToastOptions) => {
      queue.add({ message, tone }, { timeout: durationMs });
    };
    return {
      show,
      success: (message, durationMs) => show({ message, tone: 'success', durationMs }),
      error: (message, durationMs) => show({ message, tone: 'error', durationMs }),
      info: (message, durationMs) => show({ message, tone: 'info', durationMs }),
      dismissAll: () => queue.clear(),
    };
  }, [queue]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion queue={queue} />
    </ToastContext.Provider>
  );
}

function ToastRegion({ queue }: { queue: ToastQueue<ToastContent> }) {
  const state = useToastQueue(queue);
  const ref = useRef<HTMLDivElement>(null);
  // Timers pause while keyboard focus is in the region (reading, dismissing), not
  // while a pointer rests on it: a toast over a control must still go (spec 1 §9 durations).
  const pauseOnFocusOnly = useMemo<ToastState<ToastContent>>(
    () => ({
      ...state,
      pauseAll: () => {
        if (ref.current?.contains(document.activeElement)) state.pauseAll();
      },
    }),
    [state],
  );
  const { regionProps } = useToastRegion({ 'aria-label': 'Notifications' }, pauseOnFocusOnly, ref);
  if (state.visibleToasts.length === 0 || typeof document === 'undefined') return null;
  return createPortal(
    <div {...regionProps} ref={ref} className="ps-toasts">
      {state.visibleToasts.map((toast) => (
        <ToastMessage key={toast.key} toast={toast} state={state} />
      ))}
    </div>,
    document.body,
  );
}

function ToastMessage({
  toast,
  state,
}: {
  toast: QueuedToast<ToastContent>;
  state: ToastState<ToastContent>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { toastProps, contentProps, titleProps } = useAriaToast(
    { toast },
    state,
    ref as RefObject<HTMLDivElement>,
  );
  const { tone, message } = toast.content;
  return (
    <div {...toastProps} ref={ref} className={`ps-toast ps-toast--${tone}`}>
      <div
        {...contentProps}
        className="ps-toast__content"
        role={tone === 'error' ? 'alert' : 'status'}
      >
        <span {...titleProps} className="ps-toast__message">
          {message}
        </span>
      </div>
      <button
        type="button"
        className="ps-toast__close"
        aria-label="Dismiss notification"
        onClick={() => state.close(toast.key)}
      >
        ×
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
