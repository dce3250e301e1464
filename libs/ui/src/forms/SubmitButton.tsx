import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface SubmitButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'children'
> {
  /** The mutation is running: the button is disabled and says so. */
  pending: boolean;
  /** What the button says while pending, e.g. "Saving…". */
  pendingLabel: ReactNode;
  children: ReactNode;
}

/**
 * A form's submit button driven by a mutation's pending state (TanStack
 * Query's `isPending`): disabled, busy and relabelled while the request runs,
 * so a second click cannot send twice.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  disabled,
  className = 'ps-button ps-button--primary',
  ...button
}: SubmitButtonProps) {
  return (
    <button
      {...button}
      type="submit"
      className={className}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
