import { useApiClient, useRuntimeConfig } from '@prosign/api-client';
import {
  ADDRESS_SEARCH_MIN_LENGTH,
  SEARCH_DEBOUNCE_MS,
  type AddressSuggestion,
} from '@prosign/domain';
import { useEffect, useId, useMemo, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Spinner } from '../components/Spinner';
import { selectAddressSource, type AddressOption, type AddressSource } from './address-sources';

/** Empty states of the suggestion list (spec 2 §2.1, spec 3 §2). */
export const ADDRESS_EMPTY_TEXT = {
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

type SearchResult =
  | { term: string; options: AddressOption[]; error?: undefined }
  | { term: string; error: string; options?: undefined };

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/** The address source the runtime configuration selects (Google Places or local suggestions). */
export function useAddressSource(): AddressSource {
  const { maps } = useRuntimeConfig();
  const client = useApiClient();
  return useMemo(() => selectAddressSource(maps, client), [maps, client]);
}

/**
 * An address field with suggestions: a WAI-ARIA combobox (list autocomplete)
 * whose listbox is filled 500 ms after the last keystroke. Arrow keys move
 * through the suggestions, Enter picks one, Escape closes the list; picking
 * calls `onSelect({address, city, state, zipcode})`.
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
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [ownText, setOwnText] = useState(defaultValue);
  const text = value ?? ownText;
  /** What the person typed last (picking a suggestion does not search again). */
  const [term, setTerm] = useState<string | null>(null);
  const [result, setResult] = useState<SearchResult | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [pickError, setPickError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);

  const query = term?.trim() ?? '';
  const searchable = query.length >= ADDRESS_SEARCH_MIN_LENGTH;

  useEffect(() => {
    if (!searchable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      source.suggest(query, controller.signal).then(
        (options) => {
          if (controller.signal.aborted) return;
          setResult({ term: query, options });
          setActive(-1);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setResult({ term: query, error: messageOf(error) });
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searchable, source, debounceMs]);

  const current = searchable && result?.term === query ? result : null;
  const loading = searchable && !current;
  const options = current?.options ?? [];
  const expanded = open && !disabled;

  useEffect(() => {
    if (!expanded || active < 0) return;
    // jsdom has no scrollIntoView; real browsers keep the active option visible in the 300 px list.
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId is derived from baseId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expanded, active]);

  const setText = (next: string) => {
    if (value === undefined) setOwnText(next);
    onChange?.(next);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    setTerm(event.target.value);
    setPickError(null);
    setOpen(true);
    setActive(-1);
  };

  const pick = async (option: AddressOption) => {
    setOpen(false);
    setActive(-1);
    setText(option.label);
    setPicking(true);
    try {
      const address = await option.resolve();
      setText(address.address || option.label);
      setPickError(null);
      onSelect(address);
    } catch (error) {
      setPickError(`The address could not be filled in: ${messageOf(error)}`);
    } finally {
      setPicking(false);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          if (!event.altKey) setActive(count ? 0 : -1);
        } else if (count) setActive((active + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(count - 1);
        } else if (count) setActive(active <= 0 ? count - 1 : active - 1);
        break;
      case 'Enter':
        if (expanded && active >= 0 && options[active]) {
          event.preventDefault(); // picking must not submit the surrounding form
          void pick(options[active]);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

  const message = !searchable
    ? ADDRESS_EMPTY_TEXT.noQuery
    : current?.error !== undefined
      ? `Address suggestions are unavailable: ${current.error}`
      : current && options.length === 0
        ? ADDRESS_EMPTY_TEXT.noMatch
        : null;
  const countAnnouncement =
    expanded && !loading && options.length > 0
      ? `${options.length} address${options.length === 1 ? '' : 'es'} found; use the arrow keys to choose`
      : '';

  return (
    <div className="ps-combobox">
      <label className="ps-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="ps-combobox__control">
        <input
          id={inputId}
          name={name}
          type="text"
          className="ps-input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-busy={picking || undefined}
          autoComplete="off"
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          value={text}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onFocus={() => source.prepare?.()}
          onBlur={() => setOpen(false)}
        />
        {picking ? <Spinner label="Filling in the address" size="small" /> : null}
      </div>
      <div
        className="ps-combobox__popup"
        hidden={!expanded}
        // Keeps focus in the field while a suggestion is clicked.
        onMouseDown={(event) => event.preventDefault()}
      >
        <ul
          id={listboxId}
          role="listbox"
          aria-label={`${label} suggestions`}
          className="ps-combobox__listbox"
        >
          {loading
            ? null
            : options.map((option, index) => (
                <li
                  key={option.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={`ps-combobox__option${index === active ? ' ps-combobox__option--active' : ''}`}
                  onMouseMove={() => index !== active && setActive(index)}
                  onClick={() => void pick(option)}
                >
                  <span className="ps-combobox__option-label">{option.label}</span>
                  {option.detail ? (
                    <span className="ps-combobox__option-detail">{option.detail}</span>
                  ) : null}
                </li>
              ))}
        </ul>
        <div className="ps-combobox__message" role="status" aria-live="polite">
          {loading ? (
            <>
              <Spinner label="" size="small" /> Searching addresses…
            </>
          ) : (
            message
          )}
        </div>
      </div>
      <div className="ps-visually-hidden" aria-live="polite">
        {countAnnouncement}
      </div>
      {pickError ? (
        <p className="ps-field__error" role="alert">
          {pickError}
        </p>
      ) : null}
    </div>
  );
}
