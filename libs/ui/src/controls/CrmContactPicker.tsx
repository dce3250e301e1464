import { fullNameOf, type ClientSignatoryView } from '@prosign/domain';
import { useEffect, useState } from 'react';
import { Autocomplete } from 'react-aria-components/Autocomplete';
import { Header, ListBox, ListBoxItem, ListBoxSection } from 'react-aria-components/ListBox';
import { Popover } from 'react-aria-components/Popover';
import { Input, SearchField } from 'react-aria-components/SearchField';
import { Separator } from 'react-aria-components/Separator';
import { PickerShell, TOP_LAYER, type PickerFieldProps } from './PickerShell';
import { useDebouncedSearch } from './useDebouncedSearch';

/** A CRM contact as the pickers show it. */
export type CrmContact = ClientSignatoryView;

/** Spec 3 §2 signatory_details. */
const CRM_CONTACT_PICKER_TEXTS = {
  placeholder: '--Select Signatory--',
  search: 'Search Client by name, email',
  linked: 'Linked to this deal',
  idle: 'Type to search...',
  loading: 'Searching…',
  empty: 'No matches found',
} as const;

const OPENS_EMPTY = { allowsEmptyCollection: true } as object;

/** "Maria Chen | maria@example.com | +14155550101": full name, e-mail and phone. */
function crmContactText(contact: CrmContact): string {
  return [fullNameOf(contact), contact.email, contact.phone]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' | ');
}

export interface CrmContactPickerProps extends PickerFieldProps {
  value: CrmContact | null;
  onChange: (contact: CrmContact | null) => void;
  /** Remote contact search by name or e-mail; debounced, a newer text aborts the older request. */
  searchContacts: (query: string, signal: AbortSignal) => Promise<CrmContact[]>;
  /** Contacts already linked to the record: listed below a separator, whatever is typed. */
  linkedContacts?: readonly CrmContact[];
  /** Choose the only linked contact while nothing is chosen (spec 3 §2). */
  autoSelectSingleLinked?: boolean;
  searchLabel?: string;
  linkedLabel?: string;
  debounceMs?: number;
}

/**
 * The signatory picker (spec 3 §2): a button ("--Select Signatory--") opening a
 * search field over CRM contacts (debounced 1000 ms) and, below a separator,
 * the contacts linked to the deal; each entry reads `full name | email |
 * phone`. Keyboard: Enter/ArrowDown open with focus in the search field,
 * arrows move through both groups, Enter chooses, Escape closes. A failed
 * search only empties the list (spec 3 §8).
 */
export function CrmContactPicker({
  value,
  onChange,
  searchContacts,
  linkedContacts = [],
  autoSelectSingleLinked = true,
  placeholder = CRM_CONTACT_PICKER_TEXTS.placeholder,
  searchLabel = CRM_CONTACT_PICKER_TEXTS.search,
  linkedLabel = CRM_CONTACT_PICKER_TEXTS.linked,
  debounceMs = 1000,
  ...field
}: CrmContactPickerProps) {
  const [query, setQuery] = useState('');
  const { items, status } = useDebouncedSearch(query, searchContacts, { delayMs: debounceMs });

  const onlyLinked = linkedContacts.length === 1 ? linkedContacts[0] : null;
  useEffect(() => {
    if (autoSelectSingleLinked && onlyLinked && !value) onChange(onlyLinked);
    // Only when the linked contacts change: clearing the choice afterwards is the person's call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoSelectSingleLinked, onlyLinked]);

  const linkedIds = new Set(linkedContacts.map((contact) => contact.id));
  const found = items.filter((contact) => !linkedIds.has(contact.id));
  // The chosen contact stays in the list (and on the button) whatever is searched now.
  if (value && !linkedIds.has(value.id) && !found.some((contact) => contact.id === value.id)) {
    found.unshift(value);
  }
  const all = [...found, ...linkedContacts];
  const message =
    status === 'loading'
      ? CRM_CONTACT_PICKER_TEXTS.loading
      : status === 'idle'
        ? CRM_CONTACT_PICKER_TEXTS.idle
        : items.length === 0
          ? CRM_CONTACT_PICKER_TEXTS.empty
          : null;

  const option = (contact: CrmContact) => (
    <ListBoxItem
      key={contact.id}
      id={contact.id}
      textValue={crmContactText(contact)}
      className="ps-listbox__option"
    >
      {crmContactText(contact)}
    </ListBoxItem>
  );

  return (
    <PickerShell
      {...field}
      placeholder={placeholder}
      select={{
        value: value?.id ?? null,
        onChange: (key) => onChange(all.find((contact) => contact.id === key) ?? null),
        onOpenChange: (open) => {
          if (!open) setQuery('');
        },
        // React Aria's select state takes it (not in the component's types): the search opens an empty list too.
        ...OPENS_EMPTY,
      }}
    >
      <Popover
        {...TOP_LAYER}
        className="ps-popover ps-popover--search"
        placement="bottom start"
        offset={4}
      >
        <Autocomplete inputValue={query} onInputChange={setQuery}>
          <SearchField aria-label={searchLabel} className="ps-popover__search" autoFocus>
            <Input className="ps-input" placeholder={`${searchLabel}…`} />
          </SearchField>
          <p className="ps-listbox__message" role="status">
            {message}
          </p>
          <ListBox className="ps-listbox" aria-label={field.label}>
            {found.length > 0 ? (
              <ListBoxSection className="ps-listbox__section" aria-label="Search results">
                {found.map(option)}
              </ListBoxSection>
            ) : null}
            {linkedContacts.length > 0 ? (
              <>
                {found.length > 0 ? <Separator className="ps-menu__separator" /> : null}
                <ListBoxSection className="ps-listbox__section">
                  <Header className="ps-listbox__header">{linkedLabel}</Header>
                  {linkedContacts.map(option)}
                </ListBoxSection>
              </>
            ) : null}
          </ListBox>
        </Autocomplete>
      </Popover>
    </PickerShell>
  );
}
