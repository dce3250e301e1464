import type { ReactNode } from 'react';

export interface ErrorPanelProps {
  /** Short statement of what went wrong, e.g. "This section is unavailable". */
  title: string;
  /** One or two sentences saying what it means for the user. */
  message?: ReactNode;
  /** Shows a Retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Heading level of the title; 1 when the panel is the whole page. */
  headingLevel?: 1 | 2 | 3;
  /** Technical detail (an error message), shown small and collapsible. */
  detail?: string;
  children?: ReactNode;
}

/** A clear, self-contained error state with an optional Retry action. */
export function ErrorPanel({
  title,
  message,
  onRetry,
  retryLabel = 'Retry',
  headingLevel = 2,
  detail,
  children,
}: ErrorPanelProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="ps-error-panel" role="alert" aria-live="assertive">
      <div className="ps-error-panel__icon" aria-hidden="true">
        !
      </div>
      <div className="ps-error-panel__body">
        <Heading className="ps-error-panel__title">{title}</Heading>
        {message ? <p className="ps-error-panel__message">{message}</p> : null}
        {children}
        {detail ? (
          <details className="ps-error-panel__detail">
            <summary>Technical details</summary>
            <code>{detail}</code>
          </details>
        ) : null}
        {onRetry ? (
          <button type="button" className="ps-button ps-button--primary" onClick={onRetry}>
            {retryLabel}
          </button>
        ) : null}
      </div>
    </section>
  );
}
