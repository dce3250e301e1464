import { ListBox, ListBoxItem } from 'react-aria-components/ListBox';
import { Popover } from 'react-aria-components/Popover';
import { PickerShell, singleChoice, TOP_LAYER, type PickerFieldProps } from './PickerShell';
import { OptionText } from './SearchListPopover';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  /** Shown but not choosable (and skipped by the arrow keys). */
  disabled?: boolean;
  /** A second line under the label (e.g. why it is disabled). */
  description?: string;
}

/** The value of a single choice among options (Select, SearchableSelect). */
export interface SingleChoiceProps<V extends string = string> {
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
}

export interface SelectProps<V extends string = string>
  extends PickerFieldProps, SingleChoiceProps<V> {}

/**
 * A single choice from a short fixed list (React Aria's Select): a button that
 * opens a list box; arrow keys, type-ahead, Enter to choose, Escape to close.
 * Disabled options stay visible but cannot be chosen.
 */
export function Select<V extends string = string>({
  options,
  value,
  onChange,
  placeholder = 'Select…',
  ...field
}: SelectProps<V>) {
  return (
    <PickerShell
      {...field}
      placeholder={placeholder}
      select={singleChoice(options, value, onChange)}
    >
      <Popover {...TOP_LAYER} className="ps-popover" placement="bottom start" offset={4}>
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
    </PickerShell>
  );
}
