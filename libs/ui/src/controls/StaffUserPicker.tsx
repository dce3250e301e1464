import { staffDisplayName } from '@prosign/domain';
import { MultiSelect } from './MultiSelect';
import { SearchableSelect } from './SearchableSelect';
import type { PickerFieldProps } from './PickerShell';
import type { SelectOption } from './Select';

/** What both staff pickers take besides their value. */
interface StaffPickerProps extends PickerFieldProps {
  /** The staff users' e-mail addresses (e.g. the users of a role). */
  users: readonly string[];
  searchLabel?: string;
}

/** Spec 3 §2: the texts of the staff pickers (csm_email, pm_email, cc_emails). */
const STAFF_PICKER_TEXTS = {
  placeholder: '--Select PM Email--',
  multiPlaceholder: '--Select Additional Emails--',
  search: 'Search by name',
  empty: 'No matches found',
  fixed: 'Always included',
} as const;

/** The search texts of both pickers (a caller's searchLabel still wins). */
const STAFF_SEARCH = {
  searchLabel: STAFF_PICKER_TEXTS.search,
  emptyText: STAFF_PICKER_TEXTS.empty,
};

/** Staff users by address, each shown as the capitalised part before the @ ("Jane Doe"). */
function staffOptions(emails: readonly string[]): SelectOption[] {
  return [...new Set(emails.filter(Boolean))].map((email) => ({
    value: email,
    label: staffDisplayName(email),
    description: email,
  }));
}

export interface StaffUserPickerProps extends StaffPickerProps {
  /** The chosen address ('' or null: none). One not among `users` is still shown. */
  value: string | null;
  onChange: (email: string | null) => void;
}

/**
 * A searchable single choice of a staff user (spec 3 §2 csm_email, pm_email):
 * the button says "--Select PM Email--" until one is chosen; the list has a
 * "Search by name" field and says "No matches found" when nothing fits.
 */
export function StaffUserPicker({
  users,
  value,
  placeholder = STAFF_PICKER_TEXTS.placeholder,
  ...props
}: StaffUserPickerProps) {
  const chosen = value || null;
  // A chosen address the list does not hold (a deal owner, a former user) stays choosable.
  const emails = chosen && !users.includes(chosen) ? [chosen, ...users] : users;
  return (
    <SearchableSelect
      {...STAFF_SEARCH}
      {...props}
      options={staffOptions(emails)}
      value={chosen}
      placeholder={placeholder}
    />
  );
}

export interface StaffMultiSelectProps extends StaffPickerProps {
  /**
   * The address always offered first and always chosen (spec 3 §2, §5: the
   * fixed company address / default PM): shown, never removable.
   */
  fixedUser: string;
  /** The chosen addresses; the fixed one is added when missing. */
  value: readonly string[];
  /** Called with the chosen addresses, the fixed one first. */
  onChange: (emails: string[]) => void;
}

/**
 * Several staff users (spec 3 §2 cc_emails): a fixed first entry that stays
 * chosen, then the others toggled with Enter, Space or a click, searchable by name.
 */
export function StaffMultiSelect({
  users,
  fixedUser,
  value,
  onChange,
  placeholder = STAFF_PICKER_TEXTS.multiPlaceholder,
  ...props
}: StaffMultiSelectProps) {
  const others = users.filter((email) => email !== fixedUser);
  const options = staffOptions([fixedUser, ...others]).map((option) =>
    option.value === fixedUser
      ? {
          ...option,
          disabled: true,
          description: `${option.description} · ${STAFF_PICKER_TEXTS.fixed}`,
        }
      : option,
  );
  const withFixed = (emails: readonly string[]) => [
    fixedUser,
    ...emails.filter((email) => email !== fixedUser),
  ];
  return (
    <MultiSelect
      {...STAFF_SEARCH}
      {...props}
      options={options}
      value={withFixed(value)}
      onChange={(emails) => onChange(withFixed(emails))}
      placeholder={placeholder}
    />
  );
}
