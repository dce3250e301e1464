// Accessible pickers and menus on React Aria Components, styled by the design
// tokens of `@prosign/ui`. Their own entry (and federation singleton), so the
// shell's first render does not carry them: only screens with forms load them.
import './controls.css';

export {
  ADDRESS_EMPTY_TEXT,
  AddressAutocomplete,
  useAddressSource,
  type AddressAutocompleteProps,
} from '../address/AddressAutocomplete';
export { Combobox, COMBOBOX_TEXTS, type ComboboxProps } from './Combobox';
export {
  CrmContactPicker,
  CRM_CONTACT_PICKER_TEXTS,
  crmContactText,
  type CrmContact,
  type CrmContactPickerProps,
} from './CrmContactPicker';
export { DateTimeInput, type DateTimeInputProps } from './DateTimeInput';
export { Menu, type MenuAction, type MenuProps } from './Menu';
export { MoneyInput, type MoneyInputProps } from './MoneyInput';
export { MultiSelect, MULTI_SELECT_TEXTS, type MultiSelectProps } from './MultiSelect';
export {
  ProjectSearch,
  PROJECT_SEARCH_TEXTS,
  projectAddress,
  type ProjectSearchProps,
} from './ProjectSearch';
export {
  SearchableSelect,
  SEARCHABLE_SELECT_TEXTS,
  type SearchableSelectProps,
} from './SearchableSelect';
export { Select, type SelectOption, type SelectProps } from './Select';
export {
  StaffMultiSelect,
  StaffUserPicker,
  STAFF_PICKER_TEXTS,
  type StaffMultiSelectProps,
  type StaffUserPickerProps,
} from './StaffUserPicker';
export { Tooltip, type TooltipProps } from './Tooltip';
export { useDebouncedSearch, type DebouncedSearch, type SearchStatus } from './useDebouncedSearch';
