import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerReturn,
} from 'react-hook-form';
import { Field, FieldError, joinClasses, RequiredMarker } from './Field';

/** What every field bound to a react-hook-form form takes. */
export interface BoundFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
> {
  /** The form's control (O: the values its schema hands to submit); the FormProvider's when absent. */
  control?: Control<T, unknown, O>;
  name: N;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  id?: string;
  describedBy?: string;
  /** Class of the field (label, control, hint and error). */
  className?: string;
}

/** Attributes a bound control may still take (value and events come from the form). */
type Passed<A> = Omit<
  A,
  'name' | 'value' | 'defaultValue' | 'checked' | 'onChange' | 'onBlur' | 'id' | 'required' | 'type'
>;

function useBound<T extends FieldValues, N extends FieldPath<T>, O extends FieldValues>(
  control: Control<T, unknown, O> | undefined,
  name: N,
): UseControllerReturn<T, N> {
  return useController<T, N, O>({ control, name });
}

export type TextFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
> = BoundFieldProps<T, N, O> &
  Passed<InputHTMLAttributes<HTMLInputElement>> & {
    type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url';
    inputClassName?: string;
    /** Shown after the input on the same line, e.g. a fixed mail domain. */
    suffix?: ReactNode;
  };

/** A one-line text input bound to a form field (its value a string). */
export function TextField<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
>({
  control,
  name,
  label,
  required,
  hint,
  id,
  describedBy,
  className,
  inputClassName,
  suffix,
  type = 'text',
  ...input
}: TextFieldProps<T, N, O>) {
  const { field, fieldState } = useBound(control, name);
  return (
    <Field
      {...{ label, required, hint, id, describedBy, className }}
      error={fieldState.error?.message}
    >
      {(aria) => {
        const control = (
          <input
            {...input}
            {...aria}
            type={type}
            className={joinClasses('ps-input', inputClassName)}
            name={field.name}
            ref={field.ref}
            value={(field.value as string | undefined) ?? ''}
            disabled={field.disabled || input.disabled}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        );
        return suffix ? (
          <div className="ps-input-group">
            {control}
            <span className="ps-input-group__suffix">{suffix}</span>
          </div>
        ) : (
          control
        );
      }}
    </Field>
  );
}

export type TextAreaFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
> = BoundFieldProps<T, N, O> &
  Passed<TextareaHTMLAttributes<HTMLTextAreaElement>> & { inputClassName?: string };

/** A multi-line text bound to a form field. */
export function TextAreaField<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
>({
  control,
  name,
  label,
  required,
  hint,
  id,
  describedBy,
  className,
  inputClassName,
  ...textarea
}: TextAreaFieldProps<T, N, O>) {
  const { field, fieldState } = useBound(control, name);
  return (
    <Field
      {...{ label, required, hint, id, describedBy, className }}
      error={fieldState.error?.message}
    >
      {(aria) => (
        <textarea
          {...textarea}
          {...aria}
          className={joinClasses('ps-input ps-textarea', inputClassName)}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          disabled={field.disabled || textarea.disabled}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

export type NumberFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
> = BoundFieldProps<T, N, O> &
  Passed<InputHTMLAttributes<HTMLInputElement>> & { inputClassName?: string };

/**
 * A number input bound to a form field whose value is a number, or null while
 * the input is empty (so a schema can say it is required). Takes min, max, step.
 */
export function NumberField<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
>({
  control,
  name,
  label,
  required,
  hint,
  id,
  describedBy,
  className,
  inputClassName,
  ...input
}: NumberFieldProps<T, N, O>) {
  const { field, fieldState } = useBound(control, name);
  const value = field.value as number | null | undefined;
  return (
    <Field
      {...{ label, required, hint, id, describedBy, className }}
      error={fieldState.error?.message}
    >
      {(aria) => (
        <input
          inputMode="decimal"
          {...input}
          {...aria}
          type="number"
          className={joinClasses('ps-input ps-input--number', inputClassName)}
          name={field.name}
          ref={field.ref}
          value={value === null || value === undefined || Number.isNaN(value) ? '' : value}
          disabled={field.disabled || input.disabled}
          onChange={(event) =>
            field.onChange(event.target.value === '' ? null : event.target.valueAsNumber)
          }
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

export type CheckboxFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
> = BoundFieldProps<T, N, O> & Passed<InputHTMLAttributes<HTMLInputElement>>;

/** A checkbox bound to a boolean form field; its label follows the box. */
export function CheckboxField<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
>({
  control,
  name,
  label,
  required,
  hint,
  id,
  describedBy,
  className,
  ...input
}: CheckboxFieldProps<T, N, O>) {
  const { field, fieldState } = useBound(control, name);
  const error = fieldState.error?.message;
  const madeId = useId();
  const controlId = id ?? madeId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const described = joinClasses(describedBy, hint ? hintId : null, error ? errorId : null);
  return (
    <div
      className={joinClasses('ps-field ps-check-field', className)}
      data-invalid={error ? '' : undefined}
    >
      <label className="ps-check" htmlFor={controlId}>
        <input
          {...input}
          id={controlId}
          type="checkbox"
          name={field.name}
          ref={field.ref}
          checked={field.value === true}
          disabled={field.disabled || input.disabled}
          aria-describedby={described || undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required ? true : undefined}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
        <span>
          {label}
          {required ? <RequiredMarker /> : null}
        </span>
      </label>
      {hint ? (
        <p id={hintId} className="ps-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
