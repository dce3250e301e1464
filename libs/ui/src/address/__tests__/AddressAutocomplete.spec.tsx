import { ApiError } from '@prosign/api-client';
import type { AddressSuggestion } from '@prosign/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { fakeApiClient, renderWithApi } from '../../test-support/fake-api';
import { AddressAutocomplete } from '../AddressAutocomplete';
import type { AddressOption, AddressSource } from '../address-sources';

const harrison: AddressSuggestion = {
  address: '1450 Harrison St',
  city: 'Oakland',
  state: 'CA',
  zipcode: '94612',
};
const hayes: AddressSuggestion = {
  address: '220 Hayes St',
  city: 'San Francisco',
  state: 'CA',
  zipcode: '94102',
};

const option = (address: AddressSuggestion): AddressOption => ({
  id: address.address,
  label: address.address,
  detail: `${address.city}, ${address.state} ${address.zipcode}`,
  resolve: () => Promise.resolve(address),
});

/** A source answering every query with `answer`, recording the queries. */
function fakeSource(answer: (query: string) => Promise<AddressOption[]>) {
  const queries: string[] = [];
  const source: AddressSource = {
    kind: 'local',
    suggest: (query) => {
      queries.push(query);
      return answer(query);
    },
  };
  return { source, queries };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup(source: AddressSource, onSelect = jest.fn()) {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  render(<AddressAutocomplete label="Site address" onSelect={onSelect} source={source} />);
  const input = screen.getByRole('combobox', { name: 'Site address' });
  return { user, input, onSelect };
}

/** Lets the 500 ms debounce run out and the answer arrive. */
async function waitForDebounce(ms = 500) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('AddressAutocomplete', () => {
  it('is a combobox, collapsed until someone types, that then controls a listbox', async () => {
    const { user, input } = setup(fakeSource(() => Promise.resolve([])).source);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await user.type(input, 'Ha');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(listbox).toHaveAttribute('role', 'listbox');
  });

  it('searches 500 ms after the last keystroke, once, and lists the suggestions', async () => {
    const { source, queries } = fakeSource(() =>
      Promise.resolve([option(harrison), option(hayes)]),
    );
    const { user, input } = setup(source);

    await user.type(input, 'Har');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Searching addresses…');
    await waitForDebounce(499);
    expect(queries).toEqual([]);
    await waitForDebounce(1);
    expect(queries).toEqual(['Har']);

    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '1450 Harrison StOakland, CA 94612',
      '220 Hayes StSan Francisco, CA 94102',
    ]);
  });

  it('picks with the arrow keys and Enter, filling the field and calling onSelect', async () => {
    const { user, input, onSelect } = setup(
      fakeSource(() => Promise.resolve([option(harrison), option(hayes)])).source,
    );
    await user.type(input, 'Ha');
    await waitForDebounce();

    await user.keyboard('{ArrowDown}');
    const [first, second] = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', second.id);

    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(hayes);
    expect(input).toHaveValue('220 Hayes St');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('picks a suggestion by click', async () => {
    const { user, input, onSelect } = setup(
      fakeSource(() => Promise.resolve([option(harrison)])).source,
    );
    await user.type(input, '1450');
    await waitForDebounce();
    await user.click(screen.getByRole('option', { name: /1450 Harrison St/ }));
    expect(onSelect).toHaveBeenCalledWith(harrison);
    expect(input).toHaveValue('1450 Harrison St');
    expect(input).toHaveFocus();
  });

  it('closes with Escape without picking', async () => {
    const { user, input, onSelect } = setup(
      fakeSource(() => Promise.resolve([option(harrison)])).source,
    );
    await user.type(input, '1450');
    await waitForDebounce();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('1450');
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('says "Type to search..." before there is enough to search and "No matching addresses" after a miss', async () => {
    const { source, queries } = fakeSource(() => Promise.resolve([]));
    const { user, input } = setup(source);
    await user.type(input, '1');
    expect(screen.getByRole('status')).toHaveTextContent('Type to search...');
    await waitForDebounce();
    expect(queries).toEqual([]);

    await user.type(input, '4');
    await waitForDebounce();
    expect(queries).toEqual(['14']);
    expect(screen.getByRole('status')).toHaveTextContent('No matching addresses');
    expect(screen.queryByRole('option', { name: /St$/ })).not.toBeInTheDocument();

    await user.clear(input);
    expect(screen.getByRole('status')).toHaveTextContent('Type to search...');
  });

  it('shows why suggestions are unavailable and recovers on the next keystroke', async () => {
    let fail = true;
    const { user, input } = setup(
      fakeSource(() =>
        fail
          ? Promise.reject(new ApiError(503, 'The database is unavailable', 'Service Unavailable'))
          : Promise.resolve([option(harrison)]),
      ).source,
    );
    await user.type(input, '1450');
    await waitForDebounce();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Address suggestions are unavailable: The database is unavailable',
    );
    fail = false;
    await user.type(input, ' H');
    await waitForDebounce();
    expect(screen.getByRole('option', { name: /1450 Harrison St/ })).toBeInTheDocument();
  });

  it('ignores an answer that arrives after the text changed', async () => {
    const answers = new Map<string, (options: AddressOption[]) => void>();
    const { user, input } = setup(
      fakeSource((query) => new Promise((resolve) => answers.set(query, resolve))).source,
    );
    await user.type(input, '14');
    await waitForDebounce();
    await user.type(input, '5');
    await act(async () => answers.get('14')?.([option(hayes)]));
    expect(screen.queryByRole('option', { name: /Hayes/ })).not.toBeInTheDocument();
    await waitForDebounce();
    await act(async () => answers.get('145')?.([option(harrison)]));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '1450 Harrison StOakland, CA 94612',
    ]);
  });

  it('tells the person when a picked address cannot be filled in', async () => {
    const broken: AddressOption = {
      ...option(harrison),
      resolve: () => Promise.reject(new Error('Place details failed')),
    };
    const { user, input, onSelect } = setup(fakeSource(() => Promise.resolve([broken])).source);
    await user.type(input, '1450');
    await waitForDebounce();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The address could not be filled in: Place details failed',
    );
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('works as a controlled field', async () => {
    const onSelect = jest.fn();
    function Form() {
      const [address, setAddress] = useState('');
      return (
        <>
          <AddressAutocomplete
            label="Site address"
            value={address}
            onChange={setAddress}
            onSelect={onSelect}
            source={fakeSource(() => Promise.resolve([option(harrison)])).source}
          />
          <output>{address}</output>
        </>
      );
    }
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(<Form />);
    await user.type(screen.getByRole('combobox'), '1450');
    await waitForDebounce();
    await user.click(screen.getByRole('option'));
    expect(screen.getByText('1450 Harrison St', { selector: 'output' })).toBeInTheDocument();
  });

  it('suggests from the API when the runtime configuration selects the local maps', async () => {
    const client = fakeApiClient({
      'GET /api/maps/suggest': () => ({ suggestions: [harrison] }),
    });
    const onSelect = jest.fn();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithApi(<AddressAutocomplete label="Site address" onSelect={onSelect} />, client, {
      maps: { adapter: 'local' },
    });
    await user.type(screen.getByRole('combobox', { name: 'Site address' }), 'Harrison');
    await waitForDebounce();
    await user.click(screen.getByRole('option', { name: /1450 Harrison St/ }));
    expect(client.calls[0]).toMatchObject({
      path: '/api/maps/suggest',
      query: { query: 'Harrison' },
    });
    expect(onSelect).toHaveBeenCalledWith(harrison);
  });
});
