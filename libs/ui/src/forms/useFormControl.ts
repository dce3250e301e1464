import {
  useController,
  type Control,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type RefCallBack,
} from 'react-hook-form';

/** What a picker of `@prosign/ui/controls` takes, bound to a form field. */
export interface FormControlBinding<V> {
  name: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  ref: RefCallBack;
  isDisabled?: boolean;
  /** The field's error; the picker shows it and marks itself invalid. */
  errorMessage?: string;
}

/**
 * Binds a control that is not a plain input (Select, Combobox, MultiSelect,
 * DateTimeInput…) to a form field: `<Select label="Role" options={…}
 * {...useFormControl({ control, name: 'role' })} />`.
 */
export function useFormControl<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O extends FieldValues = T,
>({
  control,
  name,
}: {
  control?: Control<T, unknown, O>;
  name: N;
}): FormControlBinding<FieldPathValue<T, N>> {
  const { field, fieldState } = useController<T, N, O>({ control, name });
  return {
    name: field.name,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
    isDisabled: field.disabled,
    errorMessage: fieldState.error?.message,
  };
}
