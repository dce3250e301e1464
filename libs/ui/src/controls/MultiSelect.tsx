import { multipleChoice } from './PickerShell';
import { SearchPicker, type SearchPickerProps } from './SearchListPopover';
import type { SelectOption } from './Select';

const MULTI_SELECT_TEXTS = {
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
  value,
  onChange,
  placeholder = MULTI_SELECT_TEXTS.none,
  ...props
}: MultiSelectProps<V>) {
  return (
    <SearchPicker<V, 'multiple'>
      {...props}
      placeholder={placeholder}
      select={multipleChoice(props.options, value, onChange)}
      checkable
    />
  );
}
