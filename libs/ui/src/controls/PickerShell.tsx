import type { ReactNode } from 'react';
import { FieldError } from 'react-aria-components/FieldError';
import { Label } from 'react-aria-components/Label';
import {
  Button,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components/Select';
import { Text } from 'react-aria-components/Text';
import { RequiredMarker } from '../forms/Field';
import type { SelectOption } from './Select';

/**
 * On every popover of these controls: React Aria's top-layer mark, so a modal
 * built on another copy of React Aria (the shared Dialog of `@prosign/ui`, a
 * separate federation module) lets focus move into the open list instead of
 * pulling it back (which closed the list), and keeps it visible to assistive
 * technology.
 */
export const TOP_LAYER = { 'data-react-aria-top-layer': true } as const;

/** What every labelled control of `@prosign/ui/controls` takes besides its value. */
export interface ControlFieldProps {
  label: string;
  description?: string;
  /** The field's error: shown under it, and the control is marked invalid. */
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/** The picker props every select-like control takes (its button's text while nothing is chosen). */
export interface PickerFieldProps extends ControlFieldProps {
  placeholder?: string;
}

export function controlClass(base: string, className?: string): string {
  return ['ps-field', base, className ?? ''].filter(Boolean).join(' ');
}

/** The hint and the error under a control (React Aria's description and FieldError slots). */
export function ControlTexts({
  description,
  errorMessage,
}: Pick<ControlFieldProps, 'description' | 'errorMessage'>) {
  return (
    <>
      {description ? (
        <Text slot="description" className="ps-field__hint">
          {description}
        </Text>
      ) : null}
      <FieldError className="ps-field__error">{errorMessage}</FieldError>
    </>
  );
}

/** A control's label, with the required marker (the control itself says "required" to screen readers). */
export function ControlLabel({
  label,
  isRequired,
}: Pick<ControlFieldProps, 'label' | 'isRequired'>) {
  return (
    <Label className="ps-field__label">
      {label}
      {isRequired ? <RequiredMarker /> : null}
    </Label>
  );
}

/** The state props of a React Aria field: required, disabled, invalid while it has an error. */
export function fieldStateProps({
  isRequired,
  isDisabled,
  errorMessage,
}: Pick<ControlFieldProps, 'isRequired' | 'isDisabled' | 'errorMessage'>) {
  return {
    isRequired,
    isDisabled,
    isInvalid: errorMessage ? true : undefined,
    validationBehavior: 'aria' as const,
  };
}

/** A single choice among options as React Aria's Select takes it (disabled options stay visible). */
export function singleChoice<V extends string>(
  options: readonly SelectOption<V>[],
  value: V | null,
  onChange: (value: V | null) => void,
) {
  return {
    value,
    onChange: (key: Key | null) => onChange(key === null ? null : (String(key) as V)),
    disabledKeys: disabledKeysOf(options),
  };
}

/** The same for several choices. */
export function multipleChoice<V extends string>(
  options: readonly SelectOption<V>[],
  value: readonly V[],
  onChange: (value: V[]) => void,
) {
  return {
    selectionMode: 'multiple' as const,
    value: [...value],
    onChange: (keys: Key[]) => onChange(keys.map((key) => String(key) as V)),
    disabledKeys: disabledKeysOf(options),
  };
}

function disabledKeysOf(options: readonly SelectOption[]): string[] {
  return options.filter((option) => option.disabled).map((option) => option.value);
}

type SelectionMode = 'single' | 'multiple';

export type PickerShellProps<T, M extends SelectionMode> = PickerFieldProps & {
  placeholder: string;
  /** React Aria Select's own props: value, onChange, selection mode, disabled keys… */
  select: Omit<
    AriaSelectProps<T, M>,
    | 'className'
    | 'children'
    | 'placeholder'
    | 'isRequired'
    | 'isDisabled'
    | 'isInvalid'
    | 'validationBehavior'
  >;
  /** The popover with the list. */
  children: ReactNode;
};

/**
 * The frame shared by Select, SearchableSelect, MultiSelect and
 * CrmContactPicker (React Aria's Select): the label, the button showing the
 * choice or the placeholder, the hint and the error; the list comes as children.
 */
export function PickerShell<T, M extends SelectionMode = 'single'>({
  placeholder,
  select,
  children,
  ...field
}: PickerShellProps<T, M>) {
  return (
    <AriaSelect<T, M>
      {...select}
      {...fieldStateProps(field)}
      className={controlClass('ps-picker', field.className)}
      placeholder={placeholder}
    >
      <ControlLabel {...field} />
      <Button className="ps-picker__button">
        <SelectValue className="ps-picker__value">
          {({ isPlaceholder, selectedText }) => (isPlaceholder ? placeholder : selectedText)}
        </SelectValue>
        <span aria-hidden="true" className="ps-picker__chevron" />
      </Button>
      <ControlTexts {...field} />
      {children}
    </AriaSelect>
  );
}
