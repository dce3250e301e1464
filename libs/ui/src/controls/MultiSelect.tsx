import { disabledKeysOf, PickerShell } from './PickerShell';
import { SearchListPopover, type SearchPickerProps } from './SearchListPopover';
import type { SelectOption } from './Select';

export const MULTI_SELECT_TEXTS = {
  search: 'Search',
  empty: 'No matches found',
  none: 'None selected',
} as const;

export interface MultiSelectProps<V extends string = string> extends SearchPickerProps {
  options: readonly SelectOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
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
  options,
  value,
  onChange,
  placeholder = MULTI_SELECT_TEXTS.none,
  searchLabel = MULTI_SELECT_TEXTS.search,
  searchPlaceholder,
  emptyText = MULTI_SELECT_TEXTS.empty,
  ...field
}: MultiSelectProps<V>) {
  return (
    <PickerShell<object, 'multiple'>
      {...field}
      placeholder={placeholder}
      select={{
        selectionMode: 'multiple',
        value: [...value],
        onChange: (keys) => onChange(keys.map((key) => String(key) as V)),
        disabledKeys: disabledKeysOf(options),
      }}
    >
      <SearchListPopover {...{ options, searchLabel, searchPlaceholder, emptyText }} checkable />
    </PickerShell>
  );
}
