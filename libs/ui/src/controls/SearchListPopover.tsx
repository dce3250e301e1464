import { ListBox, ListBoxItem, Text } from 'react-aria-components/ListBox';
import { Popover } from 'react-aria-components/Popover';
import { Autocomplete, useFilter } from 'react-aria-components/Autocomplete';
import { Input, SearchField } from 'react-aria-components/SearchField';
import {
  PickerShell,
  TOP_LAYER,
  type PickerFieldProps,
  type PickerShellProps,
} from './PickerShell';
import type { SelectOption } from './Select';

/** A picker with a search field over its list. */
export interface SearchPickerProps extends PickerFieldProps {
  /** The accessible name of the search field inside the list. */
  searchLabel?: string;
  searchPlaceholder?: string;
  /** Said in the list when the search leaves nothing. */
  emptyText?: string;
}

const SEARCH_TEXTS = { search: 'Search', empty: 'No matches found' } as const;

export interface SearchListPopoverProps<V extends string> {
  options: readonly SelectOption<V>[];
  /** The accessible name (and placeholder) of the search field. */
  searchLabel?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  /** Multiple choice: options draw a check box. */
  checkable?: boolean;
}

/**
 * A select with a search field over its list (SearchableSelect, MultiSelect):
 * the picker frame around this popover.
 */
export function SearchPicker<V extends string, M extends 'single' | 'multiple'>({
  options,
  searchLabel,
  searchPlaceholder,
  emptyText,
  checkable,
  ...shell
}: SearchListPopoverProps<V> & Omit<PickerShellProps<object, M>, 'children'>) {
  return (
    <PickerShell<object, M> {...shell}>
      <SearchListPopover {...{ options, searchLabel, searchPlaceholder, emptyText, checkable }} />
    </PickerShell>
  );
}

/**
 * The popover of a select with a search field on top of its list (React Aria's
 * Autocomplete): typing filters the options (case- and accent-insensitive),
 * arrow keys move through what is left while focus stays in the search field.
 * Shared by SearchableSelect and MultiSelect; rendered inside their Select.
 */
function SearchListPopover<V extends string>({
  options,
  searchLabel = SEARCH_TEXTS.search,
  searchPlaceholder = `${searchLabel}…`,
  emptyText = SEARCH_TEXTS.empty,
  checkable = false,
}: SearchListPopoverProps<V>) {
  const { contains } = useFilter({ sensitivity: 'base' });
  return (
    <Popover
      {...TOP_LAYER}
      className="ps-popover ps-popover--search"
      placement="bottom start"
      offset={4}
    >
      <Autocomplete filter={contains}>
        <SearchField aria-label={searchLabel} className="ps-popover__search" autoFocus>
          <Input className="ps-input" placeholder={searchPlaceholder} />
        </SearchField>
        <ListBox
          className="ps-listbox"
          items={options.map((option) => ({ ...option, id: option.value }))}
          renderEmptyState={() => <p className="ps-listbox__message">{emptyText}</p>}
        >
          {(option) => (
            <ListBoxItem
              id={option.value}
              textValue={option.label}
              className={`ps-listbox__option${checkable ? ' ps-listbox__option--check' : ''}`}
            >
              <OptionText option={option} />
            </ListBoxItem>
          )}
        </ListBox>
      </Autocomplete>
    </Popover>
  );
}

/** An option's label, with its description on a second line when it has one. */
export function OptionText({ option }: { option: Pick<SelectOption, 'label' | 'description'> }) {
  if (!option.description) return <>{option.label}</>;
  return (
    <span className="ps-listbox__text">
      <Text slot="label">{option.label}</Text>
      <Text slot="description" className="ps-listbox__detail">
        {option.description}
      </Text>
    </span>
  );
}
