import { useApiClient, useRuntimeConfig } from '@prosign/api-client';
import {
  ADDRESS_SEARCH_MIN_LENGTH,
  SEARCH_DEBOUNCE_MS,
  type AddressSuggestion,
} from '@prosign/domain';
import { useMemo, useState } from 'react';
import { Spinner } from '../components/Spinner';
import { Combobox } from '../controls/Combobox';
import { selectAddressSource, type AddressOption, type AddressSource } from './address-sources';

/** Empty states of the suggestion list (spec 2 §2.1, spec 3 §2). */
const ADDRESS_EMPTY_TEXT = {
  noQuery: 'Type to search...',
  noMatch: 'No matching addresses',
} as const;

export interface AddressAutocompleteProps {
  /** Visible label of the field. */
  label: string;
  /** Called with the picked suggestion's address, city, state and zipcode. */
  onSelect(address: AddressSuggestion): void;
  /** Controlled text of the field (with `onChange`); uncontrolled when absent. */
  value?: string;
  onChange?(text: string): void;
  /** Initial text when uncontrolled. */
  defaultValue?: string;
  id?: string;
  name?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Replaces the source chosen from the runtime configuration (tests, special forms). */
  source?: AddressSource;
  /** Wait after the last keystroke before searching. */
  debounceMs?: number;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/** The address source the runtime configuration selects (Google Places or local suggestions). */
function useAddressSource(): AddressSource {
  const { maps } = useRuntimeConfig();
  const client = useApiClient();
  return useMemo(() => selectAddressSource(maps, client), [maps, client]);
}

/**
 * An address field with suggestions: the shared Combobox as an autocomplete
 * (free text; suggestions 500 ms after the last keystroke, arrow keys, Enter,
 * Escape). Picking one fills the field and calls
 * `onSelect({address, city, state, zipcode})`.
 */
export function AddressAutocomplete(props: AddressAutocompleteProps) {
  const { source } = props;
  return source ? (
    <AddressCombobox {...props} source={source} />
  ) : (
    <ConfiguredAddressCombobox {...props} />
  );
}

function ConfiguredAddressCombobox(props: AddressAutocompleteProps) {
  return <AddressCombobox {...props} source={useAddressSource()} />;
}

function AddressCombobox({
  label,
  onSelect,
  value,
  onChange,
  defaultValue = '',
  id,
  name,
  placeholder = 'Start typing an address',
  required,
  disabled,
  source,
  debounceMs = SEARCH_DEBOUNCE_MS,
}: AddressAutocompleteProps & { source: AddressSource }) {
  const [ownText, setOwnText] = useState(defaultValue);
  const [picking, setPicking] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const text = value ?? ownText;

  const setText = (next: string) => {
    if (value === undefined) setOwnText(next);
    onChange?.(next);
  };

  const pick = async (option: AddressOption) => {
    setPicking(true);
    try {
      const address = await option.resolve();
      if (address.address && address.address !== option.label) setText(address.address);
      setPickError(null);
      onSelect(address);
    } catch (error) {
      setPickError(`The address could not be filled in: ${messageOf(error)}`);
    } finally {
      setPicking(false);
    }
  };

  return (
    <div className="ps-address">
      <Combobox<AddressOption>
        label={label}
        id={id}
        name={name}
        placeholder={placeholder}
        isRequired={required}
        isDisabled={disabled}
        allowsCustomValue
        inputValue={text}
        onInputChange={(next) => {
          setText(next);
          setPickError(null);
        }}
        loadOptions={(query, signal) => source.suggest(query, signal)}
        getKey={(option) => option.id}
        getLabel={(option) => option.label}
        renderOption={(option) => (
          <span className="ps-listbox__text">
            <span>{option.label}</span>
            {option.detail ? <span className="ps-listbox__detail">{option.detail}</span> : null}
          </span>
        )}
        onSelect={(option) => {
          if (option) void pick(option);
        }}
        onFocus={() => source.prepare?.()}
        debounceMs={debounceMs}
        minQueryLength={ADDRESS_SEARCH_MIN_LENGTH}
        idleText={ADDRESS_EMPTY_TEXT.noQuery}
        loadingText="Searching addresses…"
        emptyText={ADDRESS_EMPTY_TEXT.noMatch}
        failedText={(error) => `Address suggestions are unavailable: ${messageOf(error)}`}
        inputAddon={picking ? <Spinner label="Filling in the address" size="small" /> : null}
      />
      {pickError ? (
        <p className="ps-field__error" role="alert">
          {pickError}
        </p>
      ) : null}
    </div>
  );
}
