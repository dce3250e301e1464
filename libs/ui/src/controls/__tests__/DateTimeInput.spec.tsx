import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { DateTimeInput } from '../DateTimeInput';

const MIN = new Date('2026-05-12T17:30:00Z'); // 10:30 AM in Los Angeles

function Deadline({
  initial,
  onChange,
}: {
  initial: Date;
  onChange: (value: Date | null) => void;
}) {
  const [value, setValue] = useState<Date | null>(initial);
  return (
    <DateTimeInput
      label="Send at"
      value={value}
      min={MIN}
      timeZone="America/Los_Angeles"
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function segment(name: string) {
  const group = screen.getByRole('group', { name: 'Send at' });
  return within(group).getByRole('spinbutton', { name: new RegExp(`^${name}`) });
}

describe('DateTimeInput', () => {
  it('is edited part by part from the keyboard and gives the moment as a Date', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Deadline initial={new Date('2026-05-13T16:00:00Z')} onChange={onChange} />);
    await user.tab();
    expect(segment('month')).toHaveFocus();
    await user.tab(); // day
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(new Date('2026-05-14T16:00:00Z'));
    await user.tab(); // year
    await user.tab(); // hour
    expect(segment('hour')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith(new Date('2026-05-14T15:00:00Z'));
    expect(screen.getByRole('group', { name: 'Send at' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectNoSeriousAxeViolations();
  });

  it('refuses a moment before its minimum', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Deadline initial={new Date('2026-05-12T18:00:00Z')} onChange={onChange} />);
    await user.click(segment('hour'));
    await user.keyboard('{ArrowDown}{ArrowDown}'); // 11 AM → 9 AM, before 10:30
    expect(screen.getByText(/must be .* or later/i)).toBeInTheDocument();
    const spin = segment('hour');
    expect(spin).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens a calendar from its button where days before the minimum are unavailable', async () => {
    const user = userEvent.setup();
    render(<Deadline initial={new Date('2026-05-13T16:00:00Z')} onChange={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: /Open calendar/ }));
    const dialog = await screen.findByRole('dialog');
    const grid = within(dialog).getByRole('grid');
    expect(within(grid).getByRole('button', { name: /May 11, 2026/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
