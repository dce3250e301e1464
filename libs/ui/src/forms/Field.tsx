import { useId, type ReactNode } from 'react';

/** What a control inside a Field needs: its id and the ARIA that ties it to the label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Marks the label with an asterisk and the control with aria-required. */
  required?: boolean;
  /** A line of help under the control, read after the label. */
  hint?: ReactNode;
  /** The message of what is wrong; the control becomes aria-invalid. */
  error?: string;
  /** The control's id (one is made when absent). */
  id?: string;
  /** Ids of more text that describes the control, kept by the screen. */
  describedBy?: string;
  className?: string;
  /** 'check': the control (a check box) comes first, inside its label. */
  layout?: 'stacked' | 'check';
  /** Renders the control, given the props that connect it to the field. */
  children: (control: FieldControlProps) => ReactNode;
}

export function joinClasses(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}

/** The asterisk after a required field's label; screen readers hear "required" from the control. */
export function RequiredMarker() {
  return (
    <span className="ps-required" aria-hidden="true">
      {' *'}
    </span>
  );
}

/** A field's error under its control, referenced by the control's aria-describedby. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  return message ? (
    <p id={id} className="ps-field__error">
      {message}
    </p>
  ) : null;
}

/**
 * A labelled form field: the label (with the required marker), the control the
 * children render, a hint and the error message. The control gets
 * aria-describedby (hint, then error), aria-invalid and aria-required.
 */
export function Field({
  label,
  required,
  hint,
  error,
  id,
  describedBy,
  className,
  layout = 'stacked',
  children,
}: FieldProps) {
  const madeId = useId();
  const controlId = id ?? madeId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const described = joinClasses(describedBy, hint ? hintId : null, error ? errorId : null);
  const control = children({
    id: controlId,
    'aria-describedby': described || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  });
  const marked = (
    <>
      {label}
      {required ? <RequiredMarker /> : null}
    </>
  );
  return (
    <div
      className={joinClasses('ps-field', layout === 'check' && 'ps-check-field', className)}
      data-invalid={error ? '' : undefined}
    >
      {layout === 'check' ? (
        <label className="ps-check" htmlFor={controlId}>
          {control}
          <span>{marked}</span>
        </label>
      ) : (
        <>
          <label htmlFor={controlId} className="ps-field__label">
            {marked}
          </label>
          {control}
        </>
      )}
      {hint ? (
        <div id={hintId} className="ps-field__hint">
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
