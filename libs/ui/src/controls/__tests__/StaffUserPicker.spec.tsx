import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { StaffMultiSelect, StaffUserPicker } from '../StaffUserPicker';

const PMS = [
  'jane.doe@prosign.example',
  'omar_haddad@prosign.example',
  'li.wei+ops@prosign.example',
];

function PmPicker({
  onChange,
  initial = null,
}: {
  onChange: (v: string | null) => void;
  initial?: string | null;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <StaffUserPicker
      label="PM Email"
      users={PMS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function CcPicker({ onChange }: { onChange: (v: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <StaffMultiSelect
      label="Additional Emails"
      users={PMS}
      fixedUser="contracts@prosign.example"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const optionNames = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map(
      (option) =>
        option.getAttribute('aria-labelledby') &&
        option.querySelector('[slot="label"]')?.textContent,
    );

describe('StaffUserPicker', () => {
  it('shows the spec placeholder and the names before the @, capitalised', async () => {
    const user = userEvent.setup();
    render(<PmPicker onChange={jest.fn()} />);
    const button = screen.getByRole('button', { name: /PM Email/ });
    expect(button).toHaveTextContent('--Select PM Email--');
    await user.click(button);
    expect(await screen.findByRole('searchbox', { name: 'Search by name' })).toHaveAttribute(
      'placeholder',
      'Search by name…',
    );
    expect(optionNames()).toEqual(['Jane Doe', 'Omar Haddad', 'Li Wei']);
  });

  it('is chosen from the keyboard alone: open, search by name, arrows, Enter', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<PmPicker onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('button', { name: /PM Email/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('searchbox', { name: 'Search by name' })).toHaveFocus();
    await user.keyboard('omar');
    expect(optionNames()).toEqual(['Omar Haddad']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('omar_haddad@prosign.example');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /PM Email/ })).toHaveTextContent('Omar Haddad');
  });

  it('says "No matches found" when no name fits, and has no serious axe violations', async () => {
    const user = userEvent.setup();
    render(<PmPicker onChange={jest.fn()} />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('searchbox');
    await user.keyboard('zz');
    expect(screen.getByText('No matches found')).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
    await user.keyboard('{Escape}{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });

  it('shows a chosen address that is not among the users', () => {
    render(<PmPicker onChange={jest.fn()} initial="former.pm@prosign.example" />);
    expect(screen.getByRole('button', { name: /PM Email/ })).toHaveTextContent('Former Pm');
  });
});

describe('StaffMultiSelect', () => {
  it('offers the fixed entry first, chosen, and never removes it', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<CcPicker onChange={onChange} />);
    const button = screen.getByRole('button', { name: /Additional Emails/ });
    expect(button).toHaveTextContent('Contracts');
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByRole('searchbox', { name: 'Search by name' });
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(optionNames()[0]).toBe('Contracts');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-disabled', 'true');
    expect(options[0]).toHaveTextContent('Always included');

    // Keyboard only: search, arrows, Enter toggles.
    await user.keyboard('jane{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([
      'contracts@prosign.example',
      'jane.doe@prosign.example',
    ]);
    await user.clear(screen.getByRole('searchbox'));
    await user.keyboard('li{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([
      'contracts@prosign.example',
      'jane.doe@prosign.example',
      'li.wei+ops@prosign.example',
    ]);
    await user.clear(screen.getByRole('searchbox'));
    await user.keyboard('doe{ArrowDown}{Enter}'); // Jane again: removed
    expect(onChange).toHaveBeenLastCalledWith([
      'contracts@prosign.example',
      'li.wei+ops@prosign.example',
    ]);

    await user.clear(screen.getByRole('searchbox'));
    await user.click(screen.getAllByRole('option')[0]); // the fixed entry: nothing happens
    expect(onChange).toHaveBeenCalledTimes(3);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(button).toHaveTextContent(/Contracts.*Li Wei/);
  });
});
