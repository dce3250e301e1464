import { singleChoice } from './PickerShell';
import { SearchPicker, type SearchPickerProps } from './SearchListPopover';
import type { SingleChoiceProps } from './Select';

const SEARCHABLE_SELECT_TEXTS = {
  placeholder: 'Select…',
  search: 'Search',
  empty: 'No matches found',
} as const;

export interface SearchableSelectProps<V extends string = string>
  extends SearchPickerProps, SingleChoiceProps<V> {}

/**
 * A single choice from a longer list, with a search field on top of it (React
 * Aria's Select with an Autocomplete in its popover): Enter, Space or ArrowDown
 * open it with focus in the search field; typing filters (case- and
 * accent-insensitive), arrow keys move, Enter chooses and closes, Escape closes.
 */
export function SearchableSelect<V extends string = string>({
  value,
  onChange,
  placeholder = SEARCHABLE_SELECT_TEXTS.placeholder,
  ...props
}: SearchableSelectProps<V>) {
  return (
    <SearchPicker<V, 'single'>
      {...props}
      placeholder={placeholder}
      select={singleChoice(props.options, value, onChange)}
    />
  );
}
