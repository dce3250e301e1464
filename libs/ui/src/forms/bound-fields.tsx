import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Field, joinClasses, type FieldControlProps, type FieldProps } from './Field';
import { ReadOnlyText } from './ReadOnlyText';
import { useFormControl, type FormControlBinding } from './useFormControl';

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
  Pick<FormControlBinding<unknown>, 'name' | 'ref' | 'onBlur'> & { disabled?: boolean };

type BoundFieldBody<A> = BoundFieldProps<FieldValues> & {
  /** The control's own attributes. */
  passed: A & { disabled?: boolean };
  layout?: FieldProps['layout'];
  render: (
    props: BoundControlProps & A,
    field: { value: unknown; onChange: (value: unknown) => void },
  ) => ReactNode;
};

/**
 * The body every bound field shares: the form field's binding
 * (useFormControl), the Field around the control (label, required marker,
 * hint, error under it) and the connection of the control to both. `render`
 * draws the control itself, given its attributes.
 */
function BoundField<A>({ control, name, passed, layout, render, ...field }: BoundFieldBody<A>) {
  const bound = useFormControl({ control, name });
  return (
    <Field {...field} layout={layout} error={bound.errorMessage}>
      {(aria) =>
        render(
          {
            ...passed,
            ...aria,
            name: bound.name,
            ref: bound.ref,
            onBlur: bound.onBlur,
            disabled: bound.isDisabled || passed.disabled,
          },
          bound,
        )
      }
    </Field>
  );
}

/**
 * What a read-only text box keeps of a bound input's attributes: what ties it
 * to its field (id, ARIA, name, ref, blur), its placeholder, title and ARIA
 * label; an input's own (type, pattern, size…) do not apply to it.
 */
function readOnlyAttributes(
  input: BoundControlProps &
    Pick<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'title' | 'aria-label'>,
) {
  const { id, name, ref, onBlur, disabled, placeholder, title } = input;
  return {
    id,
    name,
    ref,
    onBlur,
    disabled,
    placeholder,
    title,
    'aria-label': input['aria-label'],
    'aria-describedby': input['aria-describedby'],
    'aria-invalid': input['aria-invalid'],
    'aria-required': input['aria-required'],
  };
}

/** Splits a bound field's props: the field's own, the rest for its control. */
function bodyOf<T extends FieldValues, N extends FieldPath<T>, O extends FieldValues, A>(
  props: BoundFieldProps<T, N, O> & A,
) {
  const { control, name, label, required, hint, id, describedBy, className, ...passed } = props;
  return {
    control: control as Control<FieldValues> | undefined,
    name: name as string,
    label,
    required,
    hint,
    id,
    describedBy,
    className,
    passed: passed as A,
  };
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

/**
 * A one-line text input bound to a form field (its value a string). Read-only,
 * it is a ReadOnlyText: the value wraps and is shown whole, however narrow.
 */
export function TextField<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
>({ inputClassName, suffix, format, type = 'text', ...props }: TextFieldProps<T, N, O>) {
  return (
    <BoundField
      {...bodyOf(props)}
      render={(input, field) => {
        const value = (field.value as string | undefined) ?? '';
        const control = props.readOnly ? (
          <ReadOnlyText {...readOnlyAttributes(input)} className={inputClassName} value={value} />
        ) : (
          <input
            {...input}
            type={type}
            className={joinClasses('ps-input', inputClassName)}
            value={value}
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

/** A multi-line text bound to a form field; read-only, it grows to show all its text. */
export function TextAreaField<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
>({ inputClassName, ...props }: TextAreaFieldProps<T, N, O>) {
  return (
    <BoundField
      {...bodyOf(props)}
      render={(textarea, field) =>
        props.readOnly ? (
          <ReadOnlyText
            {...textarea}
            className={joinClasses('ps-textarea', inputClassName)}
            value={(field.value as string | undefined) ?? ''}
          />
        ) : (
          <textarea
            {...textarea}
            className={joinClasses('ps-input ps-textarea', inputClassName)}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
          />
        )
      }
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
>({ inputClassName, ...props }: NumberFieldProps<T, N, O>) {
  return (
    <BoundField
      {...bodyOf(props)}
      render={(input, field) => {
        const value = field.value as number | null | undefined;
        return (
          <input
            inputMode="decimal"
            {...input}
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
>(props: CheckboxFieldProps<T, N, O>) {
  return (
    <BoundField
      {...bodyOf(props)}
      layout="check"
      render={(input, field) => (
        <input
          {...input}
          type="checkbox"
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
        />
      )}
    />
  );
}
