import { useId, type ReactNode } from 'react';
import type { Control, FieldPath, FieldPathValue, FieldValues } from 'react-hook-form';
import { FieldError, joinClasses, RequiredMarker } from './Field';
import { useFormControl } from './useFormControl';

interface CheckboxOption<V extends string = string> {
  value: V;
  /** The option's name: the checkbox's accessible name. */
  label: ReactNode;
  /** A line saying what choosing it means, read after the name. */
  description?: ReactNode;
}

export interface CheckboxGroupFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
> {
  control?: Control<T, unknown, O>;
  /** A form field whose value is the list of the chosen options' values. */
  name: N;
  legend: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  options: readonly CheckboxOption[];
  className?: string;
}

/**
 * A group of checkboxes bound to a form field holding the chosen values (scopes, events): a
 * fieldset whose legend names the group, each option's name and description tied to its box,
 * the group's error under the legend; a refused submit focuses the first box.
 */
export function CheckboxGroupField<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
>({ control, name, legend, required, hint, options, className }: CheckboxGroupFieldProps<T, N, O>) {
  const bound = useFormControl({ control, name });
  const groupId = useId();
  const hintId = `${groupId}-hint`;
  const errorId = `${groupId}-error`;
  const chosen = (bound.value as readonly string[] | undefined) ?? [];
  const error = bound.errorMessage;
  // The chosen values in the options' order, whatever order they were ticked in.
  const toggle = (value: string, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(value);
    else next.delete(value);
    const values = options.map((option) => option.value).filter((one) => next.has(one));
    bound.onChange(values as FieldPathValue<T, N>);
  };

  return (
    <fieldset
      className={joinClasses('ps-checkgroup', className)}
      aria-describedby={joinClasses(hint ? hintId : null, error ? errorId : null) || undefined}
      data-invalid={error ? '' : undefined}
    >
      <legend className="ps-field__label ps-checkgroup__legend">
        {legend}
        {required ? <RequiredMarker /> : null}
      </legend>
      {hint ? (
        <p id={hintId} className="ps-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
      <ul className="ps-checkgroup__options">
        {options.map((option, index) => {
          const optionId = `${groupId}-${index}`;
          return (
            <li key={option.value}>
              <label className="ps-checkgroup__option" htmlFor={optionId}>
                <input
                  ref={index === 0 ? bound.ref : undefined}
                  id={optionId}
                  type="checkbox"
                  name={bound.name}
                  value={option.value}
                  checked={chosen.includes(option.value)}
                  disabled={bound.isDisabled}
                  aria-invalid={error ? true : undefined}
                  aria-labelledby={`${optionId}-label`}
                  aria-describedby={option.description ? `${optionId}-description` : undefined}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                  onBlur={bound.onBlur}
                />
                <span className="ps-checkgroup__text">
                  <span id={`${optionId}-label`} className="ps-checkgroup__label">
                    {option.label}
                  </span>
                  {option.description ? (
                    <span id={`${optionId}-description`} className="ps-checkgroup__description">
                      {option.description}
                    </span>
                  ) : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
