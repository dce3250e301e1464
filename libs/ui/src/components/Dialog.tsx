import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Overlay } from 'react-aria/Overlay';
import { useDialog } from 'react-aria/useDialog';
import { useModalOverlay } from 'react-aria/useModalOverlay';
import type { OverlayTriggerState } from 'react-stately/useOverlayTriggerState';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Visible body; also the dialog's accessible description when `describeBody` is true. */
  children?: ReactNode;
  /** Buttons at the bottom of the dialog. */
  actions?: ReactNode;
  /**
   * Called on Escape and by the close control in the header. Without it the
   * dialog has no close control and Escape does nothing (it must be answered).
   */
  onClose?: () => void;
  /** The element focused when the dialog opens; else the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Whether the body describes the dialog (short bodies); off for forms and long documents. */
  describeBody?: boolean;
  /** `wide` suits forms and long documents. */
  size?: 'normal' | 'wide';
  className?: string;
  /** The header's close control's name and tooltip (a signer's page gives them in its language). */
  dismissLabels?: { label: string; tooltip: string };
}

// Not "Close": many dialogs have a Close button among their actions too.
const DISMISS_LABELS = { label: 'Dismiss dialog', tooltip: 'Dismiss' };

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on React Aria's modal overlay: labelled by its title, the rest
 * of the page hidden from assistive technology and its scrolling locked, focus
 * moved inside when it opens and kept there (Tab cycles), Escape closes it when
 * `onClose` is given, and focus returns to where it was when it closes. Every
 * modal of the product builds on this one.
 *
 * Built on the hooks (`useModalOverlay`, `useDialog`) rather than React Aria
 * Components' `Modal`: `@prosign/ui` is in the shell's first render, and the
 * hooks weigh less.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Overlay>
      <ModalDialog {...props} />
    </Overlay>
  );
}

function ModalDialog({
  title,
  children,
  actions,
  onClose,
  initialFocusRef,
  describeBody = true,
  size = 'normal',
  className,
  dismissLabels = DISMISS_LABELS,
}: DialogProps) {
  const bodyId = useId();
  const modalRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const scrollable = useScrollable(bodyRef);
  const { modalProps, underlayProps } = useModalOverlay(
    { isDismissable: false, isKeyboardDismissDisabled: !onClose },
    openState(onClose),
    modalRef,
  );
  const { dialogProps, titleProps } = useDialog(
    { 'aria-describedby': children && describeBody ? bodyId : undefined },
    dialogRef,
  );

  // Focus once per opening: on `initialFocusRef`, else on the first control of the
  // body or the actions (useDialog would focus the dialog itself, leaving a form's
  // first field one Tab away); the header's close control comes after them. This
  // effect runs before useDialog's, which then leaves focus where it is. The dialog
  // opens at its top, title in view: focusing a control at the bottom of a long
  // document (a Close button) must not scroll the text to its end.
  useEffect(() => {
    const target =
      initialFocusRef?.current ??
      contentRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus({ preventScroll: true });
    if (bodyRef.current) bodyRef.current.scrollTop = 0;
    if (dialogRef.current) dialogRef.current.scrollTop = 0;
    if (target && bodyRef.current?.contains(target)) target.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const classes = ['ps-dialog', size === 'wide' ? 'ps-dialog--wide' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="ps-dialog-backdrop" {...underlayProps}>
      <div {...modalProps} ref={modalRef} className="ps-modal">
        <section {...dialogProps} ref={dialogRef} className={classes}>
          <header className="ps-dialog__header">
            <h2 {...titleProps} className="ps-dialog__title">
              {title}
            </h2>
            {onClose ? (
              <button
                type="button"
                className="ps-dialog__close"
                aria-label={dismissLabels.label}
                title={dismissLabels.tooltip}
                onClick={onClose}
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </header>
          <div ref={contentRef} className="ps-dialog__content">
            {children ? (
              <div
                ref={bodyRef}
                id={bodyId}
                className="ps-dialog__body"
                // A body that scrolls can be reached and scrolled from the keyboard.
                tabIndex={scrollable ? 0 : undefined}
              >
                {children}
              </div>
            ) : null}
            {actions ? <div className="ps-dialog__actions">{actions}</div> : null}
          </div>
        </section>
      </div>
    </div>
  );
}

/** Whether the element's content overflows it (it scrolls), kept current as it resizes. */
function useScrollable(ref: RefObject<HTMLElement | null>): boolean {
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setScrollable(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return scrollable;
}

/** The overlay state of a dialog that is open while rendered: closing asks the owner. */
function openState(onClose?: () => void): OverlayTriggerState {
  const close = () => onClose?.();
  return {
    isOpen: true,
    setOpen: (isOpen) => {
      if (!isOpen) close();
    },
    open: () => undefined,
    close,
    toggle: close,
    point: null,
    setPoint: () => undefined,
  };
}
