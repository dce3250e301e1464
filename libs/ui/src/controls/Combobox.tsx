import { useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import {
  ComboBox,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  type Key,
} from 'react-aria-components/ComboBox';
import { ControlLabel, ControlTexts, fieldStateProps, TOP_LAYER } from './PickerShell';
import { useDebouncedSearch } from './useDebouncedSearch';

const COMBOBOX_TEXTS = {
  idle: 'Type to search...',
  empty: 'No matches found',
  loading: 'Searching…',
  failed: 'The search failed. Try again.',
} as const;

export interface ComboboxProps<T> {
  label: string;
  /** Remote search: called with the trimmed text, debounced; aborted when the text changes. */
  loadOptions: (query: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (item: T) => string;
  /** The option's text: what the input shows once it is chosen. */
  getLabel: (item: T) => string;
  /** How an option is drawn in the list (defaults to its label). */
  renderOption?: (item: T) => ReactNode;
  /** Called with the chosen option (null when the text no longer names one). */
  onSelect?: (item: T | null) => void;
  /**
   * Autocomplete: the typed text is the value (`onInputChange` gets it) and an
   * option only completes it. Without it the value must be one of the options.
   */
  allowsCustomValue?: boolean;
  /** The text in the input, when the parent keeps it. */
  inputValue?: string;
  onInputChange?: (text: string) => void;
  /** `focus`: the list (or its "type to search" hint) opens when the field gets focus. */
  menuTrigger?: 'input' | 'focus';
  placeholder?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  debounceMs?: number;
  /** Characters needed before searching. */
  minQueryLength?: number;
  /** Shown while there is not enough text to search. */
  idleText?: string;
  loadingText?: string;
  emptyText?: string;
  /** Shown when the search failed (a function gets the error). */
  failedText?: string | ((error: unknown) => string);
  /** The list's accessible name (the field's label by default). */
  listLabel?: string;
  /** Drawn after the input (a spinner while a choice is being filled in). */
  inputAddon?: ReactNode;
  id?: string;
  name?: string;
  onFocus?: () => void;
  /**
   * Focusing the field (by click or Tab) selects the text it holds, so what one types next
   * replaces it: for a search box that still shows its last choice.
   */
  selectOnFocus?: boolean;
  className?: string;
  /** Class of the popover (it is rendered outside the field, so the field's class does not reach it). */
  popoverClassName?: string;
}

/**
 * A searchable single choice over remote options (React Aria's ComboBox): the
 * list opens as one types, arrow keys move through it, Enter chooses, Escape
 * closes it (a second Escape clears the text). Only what the person types is
 * searched (not a text the parent sets), debounced; a newer query cancels an
 * older one; the list says when it waits for text, searches or found nothing.
 * With `allowsCustomValue` it is an autocomplete: free text, suggestions.
 */
export function Combobox<T>({
  label,
  loadOptions,
  getKey,
  getLabel,
  renderOption,
  onSelect,
  allowsCustomValue = false,
  inputValue: controlledText,
  onInputChange,
  menuTrigger = 'input',
  placeholder,
  description,
  errorMessage,
  isRequired,
  isDisabled,
  debounceMs = 300,
  minQueryLength = 1,
  idleText = COMBOBOX_TEXTS.idle,
  loadingText = COMBOBOX_TEXTS.loading,
  emptyText = COMBOBOX_TEXTS.empty,
  failedText = COMBOBOX_TEXTS.failed,
  listLabel,
  inputAddon,
  id,
  name,
  onFocus,
  selectOnFocus = false,
  className,
  popoverClassName,
}: ComboboxProps<T>) {
  const [ownText, setOwnText] = useState('');
  const [selectedKey, setSelectedKey] = useState<Key | null>(null);
  const text = controlledText ?? ownText;
  // What the person typed last; once an option is chosen the text is its label: no new search for it.
  const [typed, setTyped] = useState('');
  const [chosenText, setChosenText] = useState<string | null>(null);
  const query = chosenText !== null && chosenText === typed ? '' : typed;
  const { items, status, error } = useDebouncedSearch(query, loadOptions, {
    delayMs: debounceMs,
    minLength: minQueryLength,
  });

  const setText = (value: string) => {
    if (controlledText === undefined) setOwnText(value);
    onInputChange?.(value);
  };

  const focusProps = selectOnFocus
    ? {
        onFocus: (event: FocusEvent<HTMLInputElement>) => {
          event.currentTarget.select();
          onFocus?.();
        },
        // A click would put the caret where it lands once focused (after the selection):
        // it focuses the field itself instead, which selects the text.
        onMouseDown: (event: MouseEvent<HTMLInputElement>) => {
          const input = event.currentTarget;
          if (!input.value || input.ownerDocument.activeElement === input) return;
          event.preventDefault();
          input.focus();
        },
      }
    : { onFocus };

  const message =
    status === 'idle'
      ? idleText
      : status === 'loading'
        ? loadingText
        : status === 'error'
          ? typeof failedText === 'function'
            ? failedText(error)
            : failedText
          : emptyText;

  return (
    <ComboBox
      className={['ps-field', 'ps-combobox', className ?? ''].filter(Boolean).join(' ')}
      items={items.map((item) => ({ id: getKey(item), item }))}
      inputValue={text}
      onInputChange={(value) => {
        setText(value);
        setTyped(value);
        if (value !== chosenText && selectedKey !== null) {
          // Typing away from the choice forgets it (so the same option can be chosen again).
          setSelectedKey(null);
          setChosenText(null);
          if (!allowsCustomValue) onSelect?.(null);
        }
      }}
      selectedKey={selectedKey}
      onSelectionChange={(key) => {
        if (key === null) {
          // Escape or leaving the field without choosing: the text goes back to the choice.
          if (!allowsCustomValue) {
            setText(chosenText ?? '');
            setTyped(chosenText ?? '');
          }
          return;
        }
        const item = items.find((candidate) => getKey(candidate) === key);
        if (!item) return;
        const chosen = getLabel(item);
        setSelectedKey(key);
        setChosenText(chosen);
        setTyped(chosen);
        setText(chosen);
        onSelect?.(item);
      }}
      allowsCustomValue={allowsCustomValue}
      allowsEmptyCollection
      menuTrigger={menuTrigger}
      {...fieldStateProps({ isRequired, isDisabled, errorMessage })}
      name={name}
    >
      <ControlLabel label={label} isRequired={isRequired} />
      <div className="ps-combobox__control">
        <Input
          id={id}
          className="ps-input ps-combobox__input"
          placeholder={placeholder}
          {...focusProps}
        />
        {inputAddon}
      </div>
      <ControlTexts description={description} errorMessage={errorMessage} />
      <Popover
        {...TOP_LAYER}
        className={['ps-popover', popoverClassName ?? ''].filter(Boolean).join(' ')}
        placement="bottom start"
        offset={4}
      >
        {/* Beside the list, not in it: a message is no option to pick. */}
        <p className="ps-listbox__message" role="status">
          {items.length === 0 ? message : ''}
        </p>
        <ListBox className="ps-listbox ps-combobox__listbox" aria-label={listLabel}>
          {({ id: key, item }: { id: string; item: T }) => (
            <ListBoxItem id={key} textValue={getLabel(item)} className="ps-listbox__option">
              {renderOption ? renderOption(item) : getLabel(item)}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
