import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { CHANGE_ORDER_LABELS } from '@prosign/domain';
import { Select, type SelectOption } from '../Select';

const ROLES: SelectOption[] = [
  { value: 'owner', label: 'Owner' },
  { value: 'architect', label: 'Architect', disabled: true },
  { value: 'tenant', label: 'Tenant' },
];

function RolePicker({ onChange }: { onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Select
      label="Role"
      options={ROLES}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Select', () => {
  it('opens from the keyboard, skips disabled options and chooses with Enter', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<RolePicker onChange={onChange} />);
    await user.tab();
    const button = screen.getByRole('button', { name: /Role/ });
    expect(button).toHaveFocus();
    expect(button).toHaveTextContent('Select…');
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    expect(screen.getByRole('option', { name: 'Architect' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: 'Owner' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Tenant' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('tenant');
    expect(listbox).not.toBeInTheDocument();
    expect(button).toHaveTextContent('Tenant');
  });

  it('closes with Escape without choosing, and has no serious axe violations', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<RolePicker onChange={onChange} />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: /Role/ })).toHaveFocus());
  });

  it('is the association label dropdown of spec 3: its placeholder, required, used labels disabled', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const taken = ['Change Order 1', 'Change Order 2'];
    render(
      <Select
        label="Project Association Label"
        placeholder="--Select Project Association Label--"
        isRequired
        options={CHANGE_ORDER_LABELS.map((label) => ({
          value: label,
          label,
          disabled: taken.includes(label),
        }))}
        value={null}
        onChange={onChange}
      />,
    );
    const button = screen.getByRole('button', { name: /Project Association Label/ });
    expect(button).toHaveTextContent('--Select Project Association Label--');
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    expect(screen.getByRole('option', { name: 'Change Order 1' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // The first choosable label has the focus; Enter chooses it.
    expect(screen.getByRole('option', { name: 'Change Order 3' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('Change Order 3');
  });
});
