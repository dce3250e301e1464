import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Visible body; also the dialog's accessible description when `describeBody` is true. */
  children?: ReactNode;
  /** Buttons at the bottom of the dialog. */
  actions?: ReactNode;
  /** Called on Escape. Without it Escape does nothing (the dialog must be answered). */
  onClose?: () => void;
  /** The element focused when the dialog opens; else the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Whether the body describes the dialog (short bodies); off for forms and long documents. */
  describeBody?: boolean;
  /** `wide` suits forms and long documents. */
  size?: 'normal' | 'wide';
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: labelled by its title, focus moves inside when it opens,
 * Tab cycles within it, Escape closes it (when `onClose` is given), and focus
 * returns to where it was when it closes. Every modal of the product builds on
 * this one so they all behave the same for keyboard and screen-reader users.
 */
export function Dialog({
  open,
  title,
  children,
  actions,
  onClose,
  initialFocusRef,
  describeBody = true,
  size = 'normal',
  className,
}: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    const target =
      initialFocusRef?.current ??
      dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialogRef.current;
    target?.focus();
    return () => previous?.focus?.();
    // Focus is placed once per opening, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      if (onClose) {
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || !isInside(dialogRef.current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const classes = ['ps-dialog', size === 'wide' ? 'ps-dialog--wide' : '', className ?? '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className="ps-dialog-backdrop">
      <div
        ref={dialogRef}
        className={classes}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children && describeBody ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="ps-dialog__title">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="ps-dialog__body">
            {children}
          </div>
        ) : null}
        {actions ? <div className="ps-dialog__actions">{actions}</div> : null}
      </div>
    </div>
  );
}

function isInside(container: HTMLElement | null): boolean {
  return !!container && container.contains(document.activeElement);
}
