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

export const SEARCHABLE_SELECT_TEXTS = {
  placeholder: 'Select…',
  search: 'Search',
  empty: 'No matches found',
} as const;

export interface SearchableSelectProps<V extends string = string> {
  label: string;
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
  /** The button's text while nothing is chosen. */
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
 * A single choice from a longer list, with a search field on top of it (React
 * Aria's Select with an Autocomplete in its popover): Enter, Space or ArrowDown
 * open it with focus in the search field; typing filters (case- and
 * accent-insensitive), arrow keys move, Enter chooses and closes, Escape closes.
 */
export function SearchableSelect<V extends string = string>({
  label,
  options,
  value,
  onChange,
  placeholder = SEARCHABLE_SELECT_TEXTS.placeholder,
  searchLabel = SEARCHABLE_SELECT_TEXTS.search,
  searchPlaceholder,
  emptyText = SEARCHABLE_SELECT_TEXTS.empty,
  description,
  errorMessage,
  isRequired,
  isDisabled,
  className,
}: SearchableSelectProps<V>) {
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
      <SearchListPopover
        options={options}
        searchLabel={searchLabel}
        searchPlaceholder={searchPlaceholder}
        emptyText={emptyText}
      />
    </AriaSelect>
  );
}
