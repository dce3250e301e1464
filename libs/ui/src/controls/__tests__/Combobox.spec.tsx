import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { Combobox } from '../Combobox';

interface Deal {
  id: string;
  name: string;
}

const DEALS: Deal[] = [
  { id: 'd1', name: 'Alameda Retrofit' },
  { id: 'd2', name: 'Alder Street Addition' },
  { id: 'd3', name: 'Bayview Deck' },
];

function search(query: string) {
  return Promise.resolve(
    DEALS.filter((deal) => deal.name.toLowerCase().includes(query.toLowerCase())),
  );
}

function renderDeals(overrides: Partial<Parameters<typeof Combobox<Deal>>[0]> = {}) {
  const onSelect = jest.fn();
  const loadOptions = jest.fn(search);
  render(
    <Combobox<Deal>
      label="Deal"
      loadOptions={loadOptions}
      getKey={(deal) => deal.id}
      getLabel={(deal) => deal.name}
      onSelect={onSelect}
      debounceMs={200}
      {...overrides}
    />,
  );
  return { onSelect, loadOptions, input: screen.getByRole('combobox', { name: 'Deal' }) };
}

describe('Combobox', () => {
  afterEach(() => jest.useRealTimers());

  it('searches once the typing pauses, and only for the last text', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { loadOptions, input } = renderDeals();
    await user.type(input, 'Ald');
    expect(loadOptions).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    expect(loadOptions).toHaveBeenCalledTimes(1);
    expect(loadOptions.mock.calls[0]?.[0]).toBe('Ald');
    expect(await screen.findByRole('option', { name: 'Alder Street Addition' })).toBeVisible();
  });

  it('is used from the keyboard alone: arrows, Enter to choose, Escape to close', async () => {
    const user = userEvent.setup();
    const { onSelect, input } = renderDeals({ debounceMs: 0 });
    await user.tab();
    expect(input).toHaveFocus();
    await user.keyboard('Al');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(DEALS[1]);
    expect(input).toHaveValue('Alder Street Addition');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.clear(input);
    await user.keyboard('Bay');
    expect(await screen.findByRole('option', { name: 'Bayview Deck' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    // Nothing was chosen: the text goes back to the (empty) choice.
    expect(input).toHaveValue('');
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('says when nothing matches, and has no serious axe violations', async () => {
    const user = userEvent.setup();
    const { input } = renderDeals({ debounceMs: 0 });
    await user.type(input, 'zzz');
    expect(await screen.findByText('No matches found')).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
  });

  it('as an autocomplete keeps the typed text and completes it from a suggestion', async () => {
    const user = userEvent.setup();
    const onInputChange = jest.fn();
    const { input } = renderDeals({ debounceMs: 0, allowsCustomValue: true, onInputChange });
    await user.type(input, 'Bay');
    expect(onInputChange).toHaveBeenLastCalledWith('Bay');
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'Bayview Deck' });
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Bayview Deck');
    expect(onInputChange).toHaveBeenLastCalledWith('Bayview Deck');
  });

  it('with selectOnFocus selects the text on focus, so typing replaces the last choice', async () => {
    const user = userEvent.setup();
    const onFocus = jest.fn();
    const { input } = renderDeals({
      debounceMs: 0,
      allowsCustomValue: true,
      selectOnFocus: true,
      inputValue: 'Bayview Deck',
      onFocus,
    });
    const selection = () => {
      const field = input as HTMLInputElement;
      return [field.selectionStart, field.selectionEnd];
    };
    // By a click: the whole text, not a caret where the pointer landed.
    await user.click(input);
    expect(input).toHaveFocus();
    expect(selection()).toEqual([0, 'Bayview Deck'.length]);
    expect(onFocus).toHaveBeenCalledTimes(1);
    // A second click in the focused field places the caret as usual.
    await user.click(input);
    expect(selection()).toEqual(['Bayview Deck'.length, 'Bayview Deck'.length]);
    // By the keyboard too.
    await user.tab();
    await user.tab({ shift: true });
    expect(input).toHaveFocus();
    expect(selection()).toEqual([0, 'Bayview Deck'.length]);
  });
});
