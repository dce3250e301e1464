// Accessible pickers and menus on React Aria Components, styled by the design
// tokens of `@prosign/ui`. Their own entry (and federation singleton), so the
// shell's first render does not carry them: only screens with forms load them.
import './controls.css';

export { Combobox, COMBOBOX_TEXTS, type ComboboxProps } from './Combobox';
export { DateTimeInput, type DateTimeInputProps } from './DateTimeInput';
export { Menu, type MenuAction, type MenuProps } from './Menu';
export { MultiSelect, MULTI_SELECT_TEXTS, type MultiSelectProps } from './MultiSelect';
export { Select, type SelectOption, type SelectProps } from './Select';
export { Tooltip, type TooltipProps } from './Tooltip';
export { useDebouncedSearch, type DebouncedSearch, type SearchStatus } from './useDebouncedSearch';
