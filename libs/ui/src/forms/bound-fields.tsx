import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import {
  useController,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { Field, joinClasses, type FieldControlProps, type FieldProps } from './Field';

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

/** The props of the control a bound field draws: the Field's ARIA plus the form's name, ref and blur. */
type BoundControlProps = FieldControlProps &
  Pick<ControllerRenderProps, 'name' | 'ref' | 'onBlur'> & { disabled?: boolean };

/**
 * The body every bound field shares: the form field's state, the Field around
 * the control (label, required marker, hint, error under it) and the
 * connection of the control to both. `render` draws the control itself.
 */
function BoundField<T extends FieldValues, N extends FieldPath<T>, O extends FieldValues>({
  control,
  name,
  disabled,
  layout,
  render,
  ...field
}: BoundFieldProps<T, N, O> & {
  disabled?: boolean;
  layout?: FieldProps['layout'];
  render: (props: BoundControlProps, form: ControllerRenderProps<T, N>) => ReactNode;
}) {
  const { field: bound, fieldState } = useController<T, N, O>({ control, name });
  return (
    <Field {...field} layout={layout} error={fieldState.error?.message}>
      {(aria) =>
        render(
          {
            ...aria,
            name: bound.name,
            ref: bound.ref,
            onBlur: bound.onBlur,
            disabled: bound.disabled || disabled,
          },
          bound,
        )
      }
    </Field>
  );
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
    /** Rewrites what is typed before the form keeps it (e.g. a phone number's format). */
    format?: (text: string) => string;
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
  format,
  type = 'text',
  ...input
}: TextFieldProps<T, N, O>) {
  return (
    <BoundField
      {...{ control, name, label, required, hint, id, describedBy, className }}
      disabled={input.disabled}
      render={(props, field) => {
        const control = (
          <input
            {...input}
            {...props}
            type={type}
            className={joinClasses('ps-input', inputClassName)}
            value={(field.value as string | undefined) ?? ''}
            onChange={(event) =>
              field.onChange(format ? format(event.target.value) : event.target.value)
            }
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
    />
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
  return (
    <BoundField
      {...{ control, name, label, required, hint, id, describedBy, className }}
      disabled={textarea.disabled}
      render={(props, field) => (
        <textarea
          {...textarea}
          {...props}
          className={joinClasses('ps-input ps-textarea', inputClassName)}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
        />
      )}
    />
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
  return (
    <BoundField
      {...{ control, name, label, required, hint, id, describedBy, className }}
      disabled={input.disabled}
      render={(props, field) => {
        const value = field.value as number | null | undefined;
        return (
          <input
            inputMode="decimal"
            {...input}
            {...props}
            type="number"
            className={joinClasses('ps-input ps-input--number', inputClassName)}
            value={value === null || value === undefined || Number.isNaN(value) ? '' : value}
            onChange={(event) =>
              field.onChange(event.target.value === '' ? null : event.target.valueAsNumber)
            }
          />
        );
      }}
    />
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
  return (
    <BoundField
      {...{ control, name, label, required, hint, id, describedBy, className }}
      layout="check"
      disabled={input.disabled}
      render={(props, field) => (
        <input
          {...input}
          {...props}
          type="checkbox"
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
        />
      )}
    />
  );
}
