import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { CrmContactPicker, type CrmContact } from '../CrmContactPicker';

const contact = (
  id: string,
  first: string,
  last: string,
  phone: string | null = null,
): CrmContact => ({
  id,
  firstname: first,
  middlename: null,
  lastname: last,
  email: `${first.toLowerCase()}@example.com`,
  phone,
});

const MARIA = contact('1', 'Maria', 'Chen', '+14155550101');
const MARK = contact('2', 'Mark', 'Rivera');
const LINKED = [contact('9', 'Ada', 'Okafor', '+16505550199'), contact('8', 'Ben', 'Wu')];

function Signatory({
  search,
  linked = LINKED,
  onChange = jest.fn(),
}: {
  search: (query: string, signal: AbortSignal) => Promise<CrmContact[]>;
  linked?: CrmContact[];
  onChange?: (contact: CrmContact | null) => void;
}) {
  const [value, setValue] = useState<CrmContact | null>(null);
  return (
    <CrmContactPicker
      label="Signatory"
      value={value}
      searchContacts={search}
      linkedContacts={linked}
      debounceMs={1000}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const optionTexts = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('CrmContactPicker', () => {
  afterEach(() => jest.useRealTimers());

  it('searches 1000 ms after typing, lists results above the linked contacts, chosen from the keyboard', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const search = jest.fn((query: string) =>
      Promise.resolve(
        [MARIA, MARK].filter((c) => c.firstname!.toLowerCase().startsWith(query.toLowerCase())),
      ),
    );
    const onChange = jest.fn();
    render(<Signatory search={search} onChange={onChange} />);
    const button = screen.getByRole('button', { name: /Signatory/ });
    expect(button).toHaveTextContent('--Select Signatory--');

    await user.tab();
    await user.keyboard('{Enter}');
    const field = await screen.findByRole('searchbox', { name: 'Search Client by name, email' });
    expect(field).toHaveFocus();
    // Before typing: only the linked group, each `full name | email | phone`.
    expect(screen.getByText('Linked to this deal')).toBeInTheDocument();
    expect(optionTexts()).toEqual([
      'Ada Okafor | ada@example.com | +16505550199',
      'Ben Wu | ben@example.com',
    ]);

    await user.keyboard('mar');
    await act(async () => {
      jest.advanceTimersByTime(999);
    });
    expect(search).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('mar');
    await waitFor(() =>
      expect(optionTexts()).toEqual([
        'Maria Chen | maria@example.com | +14155550101',
        'Mark Rivera | mark@example.com',
        'Ada Okafor | ada@example.com | +16505550199',
        'Ben Wu | ben@example.com',
      ]),
    );
    // The separator sits between the found and the linked contacts.
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByRole('separator')).toBeInTheDocument();

    // The first result has the focus once results arrive.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(MARK);
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(button).toHaveTextContent('Mark Rivera | mark@example.com');
  });

  it('chooses a linked contact below the separator and says when a search finds nothing', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Signatory search={() => Promise.resolve([])} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /Signatory/ }));
    await screen.findByRole('searchbox');
    await user.keyboard('zz');
    expect(await screen.findByText('No matches found', {}, { timeout: 3000 })).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
    await user.click(screen.getByRole('option', { name: /Ben Wu/ }));
    expect(onChange).toHaveBeenLastCalledWith(LINKED[1]);
  });

  it('auto-selects a single linked contact', () => {
    const onChange = jest.fn();
    render(
      <Signatory search={() => Promise.resolve([])} linked={[LINKED[0]]} onChange={onChange} />,
    );
    expect(onChange).toHaveBeenCalledWith(LINKED[0]);
    expect(screen.getByRole('button', { name: /Signatory/ })).toHaveTextContent('Ada Okafor');
  });

  it('empties the list when the search fails, without a message', async () => {
    const user = userEvent.setup();
    render(<Signatory search={() => Promise.reject(new Error('CRM down'))} linked={[]} />);
    await user.click(screen.getByRole('button', { name: /Signatory/ }));
    await screen.findByRole('searchbox');
    await user.keyboard('mar');
    expect(await screen.findByText('No matches found', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText(/CRM down/)).not.toBeInTheDocument();
  });
});
