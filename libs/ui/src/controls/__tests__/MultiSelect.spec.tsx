import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { MultiSelect } from '../MultiSelect';
import type { SelectOption } from '../Select';

const STAFF: SelectOption[] = [
  { value: 'ana', label: 'Ana Ruiz' },
  { value: 'ben', label: 'Ben Okafor' },
  { value: 'chloé', label: 'Chloé Martin' },
  { value: 'dan', label: 'Dan Wu', disabled: true },
];

function StaffPicker({ onChange }: { onChange: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <MultiSelect
      label="Project managers"
      options={STAFF}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('MultiSelect', () => {
  it('filters with its search field and toggles options from the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<StaffPicker onChange={onChange} />);
    await user.tab();
    await user.keyboard('{Enter}');
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    expect(search).toHaveFocus();
    expect(screen.getAllByRole('option')).toHaveLength(4);

    // Accent- and case-insensitive.
    await user.keyboard('chloe');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Chloé Martin',
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['chloé']);

    await user.clear(search);
    await user.keyboard('OKA');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Ben Okafor',
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['chloé', 'ben']);
    expect(screen.getByRole('option', { name: 'Ben Okafor' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.clear(search);
    await user.keyboard('zz');
    expect(screen.getByText('No matches found')).toBeInTheDocument();
    await expectNoSeriousAxeViolations();

    await user.keyboard('{Escape}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Project managers/ })).toHaveTextContent(
      /Chloé Martin.*Ben Okafor|Ben Okafor.*Chloé Martin/,
    );
  });

  it('never chooses a disabled option', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<StaffPicker onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /Project managers/ }));
    const dan = await screen.findByRole('option', { name: 'Dan Wu' });
    expect(dan).toHaveAttribute('aria-disabled', 'true');
    await user.click(dan);
    expect(onChange).not.toHaveBeenCalled();
  });
});
