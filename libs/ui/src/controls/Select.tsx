import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
} from 'react-aria-components/Select';
import { OptionText } from './SearchListPopover';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  /** Shown but not choosable (and skipped by the arrow keys). */
  disabled?: boolean;
  /** A second line under the label (e.g. why it is disabled). */
  description?: string;
}

export interface SelectProps<V extends string = string> {
  label: string;
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
  placeholder?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/**
 * A single choice from a short fixed list (React Aria's Select): a button that
 * opens a list box; arrow keys, type-ahead, Enter to choose, Escape to close.
 * Disabled options stay visible but cannot be chosen.
 */
export function Select<V extends string = string>({
  label,
  options,
  value,
  onChange,
  placeholder = 'Select…',
  description,
  errorMessage,
  isRequired,
  isDisabled,
  className,
}: SelectProps<V>) {
  return (
    <AriaSelect
      className={['ps-field', 'ps-picker', className ?? ''].filter(Boolean).join(' ')}
      value={value}
      onChange={(key) => onChange(key === null ? null : (String(key) as V))}
      disabledKeys={options.filter((option) => option.disabled).map((option) => option.value)}
      placeholder={placeholder}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
    >
      <Label className="ps-field__label">{label}</Label>
      <Button className="ps-picker__button">
        <SelectValue className="ps-picker__value">
          {({ isPlaceholder, selectedText }) => (isPlaceholder ? placeholder : selectedText)}
        </SelectValue>
        <span aria-hidden="true" className="ps-picker__chevron" />
      </Button>
      {description ? (
        <Text slot="description" className="ps-field__hint">
          {description}
        </Text>
      ) : null}
      <FieldError className="ps-field__error">{errorMessage}</FieldError>
      <Popover className="ps-popover" placement="bottom start" offset={4}>
        <ListBox
          className="ps-listbox"
          items={options.map((option) => ({ ...option, id: option.value }))}
        >
          {(option) => (
            <ListBoxItem id={option.value} textValue={option.label} className="ps-listbox__option">
              <OptionText option={option} />
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
