import {
  Button,
  FieldError,
  Label,
  Select as AriaSelect,
  SelectValue,
  Text,
} from 'react-aria-components/Select';
import { SearchListPopover } from './SearchListPopover';
import type { SelectOption } from './Select';

export const MULTI_SELECT_TEXTS = {
  search: 'Search',
  empty: 'No matches found',
  none: 'None selected',
} as const;

export interface MultiSelectProps<V extends string = string> {
  label: string;
  options: readonly SelectOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  placeholder?: string;
  /** The accessible name of the search field inside the list. */
  searchLabel?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/**
 * Several choices from a list, with a search field on top of it (React Aria's
 * Select in multiple mode with an Autocomplete inside its popover): typing
 * filters the options (case- and accent-insensitive), arrow keys move through
 * what is left while focus stays in the search field, Enter toggles an option,
 * Escape closes the list. The button shows the chosen labels. A disabled option
 * that is chosen stays chosen (a fixed entry).
 */
export function MultiSelect<V extends string = string>({
  label,
  options,
  value,
  onChange,
  placeholder = MULTI_SELECT_TEXTS.none,
  searchLabel = MULTI_SELECT_TEXTS.search,
  searchPlaceholder,
  emptyText = MULTI_SELECT_TEXTS.empty,
  description,
  errorMessage,
  isRequired,
  isDisabled,
  className,
}: MultiSelectProps<V>) {
  return (
    <AriaSelect
      className={['ps-field', 'ps-picker', className ?? ''].filter(Boolean).join(' ')}
      selectionMode="multiple"
      value={[...value]}
      onChange={(keys) => onChange(keys.map((key) => String(key) as V))}
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
      <SearchListPopover
        options={options}
        searchLabel={searchLabel}
        searchPlaceholder={searchPlaceholder}
        emptyText={emptyText}
        checkable
      />
    </AriaSelect>
  );
}
