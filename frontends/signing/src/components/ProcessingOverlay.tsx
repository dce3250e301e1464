import { Spinner } from '@prosign/ui';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import './signing.css';
import { SIGNING_TEXTS } from './modals/signing-texts';

export interface ProcessingOverlayProps {
  open: boolean;
  /** Defaults to "Please wait while we process your agreement" (spec 1 §2.4). */
  message?: string;
}

/**
 * A full-screen overlay while the agreement is processed: it announces itself
 * to screen readers, takes focus so nothing behind it can be pressed twice, and
 * gives focus back when it goes away.
 */
export function ProcessingOverlay({
  open,
  message = SIGNING_TEXTS.processing,
}: ProcessingOverlayProps) {
  const overlayRef = useRef<HTMLDivElement>(null);
  const messageId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    overlayRef.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;

  // Nothing behind the overlay may receive focus while it is shown.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab') event.preventDefault();
  };

  return (
    <div
      ref={overlayRef}
      className="sg-processing-overlay"
      role="dialog"
      aria-modal="true"
      aria-busy="true"
      aria-labelledby={messageId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <Spinner label="" size="large" />
      <p id={messageId} role="status" aria-live="assertive">
        {message}
      </p>
    </div>
  );
}
