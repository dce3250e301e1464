export interface SpinnerProps {
  /** Accessible label read by screen readers. */
  label?: string;
  size?: 'small' | 'medium' | 'large';
}

export function Spinner({ label = 'Loading', size = 'medium' }: SpinnerProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return <span className={`ps-spinner ps-spinner--${size}`} {...a11y} />;
}

export interface LoadingStateProps {
  /** Visible text beside the spinner. */
  label?: string;
}

/** A centred spinner with a line of text, announced politely to screen readers. */
export function LoadingState({ label = 'Loading…' }: LoadingStateProps) {
  return (
    <div className="ps-loading" role="status" aria-live="polite">
      <Spinner label="" size="medium" />
      <span className="ps-loading__label">{label}</span>
    </div>
  );
}
