import { disabledKeysOf, PickerShell } from './PickerShell';
import { SearchListPopover, type SearchPickerProps } from './SearchListPopover';
import type { SelectOption } from './Select';

export const SEARCHABLE_SELECT_TEXTS = {
  placeholder: 'Select…',
  search: 'Search',
  empty: 'No matches found',
} as const;

export interface SearchableSelectProps<V extends string = string> extends SearchPickerProps {
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
}

/**
 * A single choice from a longer list, with a search field on top of it (React
 * Aria's Select with an Autocomplete in its popover): Enter, Space or ArrowDown
 * open it with focus in the search field; typing filters (case- and
 * accent-insensitive), arrow keys move, Enter chooses and closes, Escape closes.
 */
export function SearchableSelect<V extends string = string>({
  options,
  value,
  onChange,
  placeholder = SEARCHABLE_SELECT_TEXTS.placeholder,
  searchLabel = SEARCHABLE_SELECT_TEXTS.search,
  searchPlaceholder,
  emptyText = SEARCHABLE_SELECT_TEXTS.empty,
  ...field
}: SearchableSelectProps<V>) {
  return (
    <PickerShell
      {...field}
      placeholder={placeholder}
      select={{
        value,
        onChange: (key) => onChange(key === null ? null : (String(key) as V)),
        disabledKeys: disabledKeysOf(options),
      }}
    >
      <SearchListPopover {...{ options, searchLabel, searchPlaceholder, emptyText }} />
    </PickerShell>
  );
}
