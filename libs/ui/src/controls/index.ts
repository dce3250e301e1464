// Accessible pickers and menus on React Aria Components, styled by the design
// tokens of `@prosign/ui`. Their own entry (and federation singleton), so the
// shell's first render does not carry them: only screens with forms load them.
import './controls.css';

export { AddressAutocomplete } from '../address/AddressAutocomplete';
export { Combobox } from './Combobox';
export { CrmContactPicker, type CrmContact } from './CrmContactPicker';
export { DateTimeInput } from './DateTimeInput';
export { Menu, type MenuAction } from './Menu';
export { MoneyInput } from './MoneyInput';
export { MultiSelect } from './MultiSelect';
export { ProjectSearch, projectAddress } from './ProjectSearch';
export { SearchableSelect } from './SearchableSelect';
export { Select, type SelectOption } from './Select';
export { StaffMultiSelect, StaffUserPicker } from './StaffUserPicker';
