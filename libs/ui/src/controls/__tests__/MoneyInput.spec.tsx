import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { MoneyInput } from '../MoneyInput';

function Fee({ step, onChange }: { step?: number; onChange: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <MoneyInput
      label="Fee"
      value={value}
      step={step}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('MoneyInput', () => {
  it('steps by 10 with the arrow keys from the keyboard alone and shows dollars', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Fee step={10} onChange={onChange} />);
    await user.tab();
    const input = screen.getByRole('textbox', { name: 'Fee' });
    expect(input).toHaveFocus();
    // From empty the first step is the minimum, 0.
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(20);
    expect(input).toHaveValue('$20.00');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(input).toHaveValue('$0.00');
    await expectNoSeriousAxeViolations();
  });

  it('rounds a typed fee to its step and never goes below 0', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Fee step={10} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Fee' });
    await user.type(input, '1234');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(1230);
    expect(input).toHaveValue('$1,230.00');

    // A negative amount is floored to the minimum, not read without its sign.
    await user.clear(input);
    await user.type(input, '-55');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(input).toHaveValue('$0.00');
    await user.clear(input);
    await user.type(input, '-200');
    await user.tab();
    expect(input).toHaveValue('$0.00');

    // The arrow keys stop at the minimum too.
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(input).toHaveValue('$0.00');
  });

  it('keeps cents with the default step', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Fee onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Fee' });
    await user.type(input, '1250.505');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('$1,250.51');
    expect(onChange).toHaveBeenLastCalledWith(1250.51);
    await user.clear(input);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
