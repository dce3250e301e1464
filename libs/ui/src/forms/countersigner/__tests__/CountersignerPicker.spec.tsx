import type { CountersignerInput } from '@prosign/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoSeriousAxeViolations } from '../../../test-support/axe';
import { CountersignerPicker, countersignerProblem } from '../CountersignerPicker';

const STAFF = ['admin@prosign.example', 'dana.whitfield@prosign.example', 'pm@prosign.example'];
const DANA: CountersignerInput = {
  email: 'dana.whitfield@prosign.example',
  name: 'Dana Whitfield',
  title: 'Principal',
};

/** A form holding the picker's value, as a creation screen would. */
function Holder({
  defaultValue,
  onChange,
  initial = null,
}: {
  defaultValue?: CountersignerInput | null;
  onChange: (value: CountersignerInput | null) => void;
  initial?: CountersignerInput | null;
}) {
  const [value, setValue] = useState<CountersignerInput | null>(initial);
  return (
    <CountersignerPicker
      users={STAFF}
      value={value}
      defaultValue={defaultValue}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      error={countersignerProblem(value) ?? undefined}
    />
  );
}

const requireBox = () =>
  screen.getByRole('checkbox', { name: "Require the firm's countersignature" });
const userButton = () => screen.queryByRole('button', { name: /Countersigner/ });

describe('CountersignerPicker', () => {
  it('reveals the staff picker only when the countersignature is required, and answers null when not', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Holder onChange={onChange} />);
    expect(requireBox()).not.toBeChecked();
    expect(userButton()).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Title (optional)')).not.toBeInTheDocument();

    await user.click(requireBox());
    expect(onChange).toHaveBeenLastCalledWith({ email: '' });
    // Ticked, nobody chosen yet: the form's message says what is missing.
    expect(screen.getByText('Choose the staff member who countersigns.')).toBeInTheDocument();

    await user.click(userButton()!);
    const list = await screen.findByRole('listbox');
    await user.click(within(list).getByText('Dana Whitfield'));
    expect(onChange).toHaveBeenLastCalledWith({ email: 'dana.whitfield@prosign.example' });
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.queryByText('Choose the staff member who countersigns.')).not.toBeInTheDocument();
    // The printed name proposes the one from the e-mail; a title is optional.
    expect(screen.getByLabelText('Printed name (optional)')).toHaveAttribute(
      'placeholder',
      'Dana Whitfield',
    );
    await user.type(screen.getByLabelText('Title (optional)'), 'Managing Principal');
    expect(screen.getByLabelText('Title (optional)')).toHaveValue('Managing Principal');
    expect(onChange).toHaveBeenLastCalledWith({
      email: 'dana.whitfield@prosign.example',
      title: 'Managing Principal',
    });

    await user.click(requireBox());
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(userButton()).not.toBeInTheDocument();
    // Ticked again: what was chosen comes back.
    await user.click(requireBox());
    expect(onChange).toHaveBeenLastCalledWith({
      email: 'dana.whitfield@prosign.example',
      title: 'Managing Principal',
    });
  });

  it("starts with the family's default, also when it arrives later, and keeps a person's choice", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { rerender } = render(<Holder onChange={onChange} defaultValue={undefined} />);
    expect(requireBox()).not.toBeChecked();
    // The defaults query answers.
    rerender(<Holder onChange={onChange} defaultValue={DANA} />);
    await waitFor(() => expect(requireBox()).toBeChecked());
    expect(onChange).toHaveBeenLastCalledWith(DANA);
    expect(userButton()).toHaveTextContent('Dana Whitfield');
    expect(screen.getByLabelText('Printed name (optional)')).toHaveValue('Dana Whitfield');
    expect(screen.getByLabelText('Title (optional)')).toHaveValue('Principal');

    // "None" for this agreement: the default does not come back by itself.
    await user.click(requireBox());
    expect(onChange).toHaveBeenLastCalledWith(null);
    rerender(<Holder onChange={onChange} defaultValue={{ ...DANA }} />);
    expect(requireBox()).not.toBeChecked();
  });

  it('proposes the default when ticked with nobody chosen, uncontrolled', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<CountersignerPicker users={STAFF} defaultValue={null} onChange={onChange} />);
    await user.click(requireBox());
    expect(onChange).toHaveBeenLastCalledWith({ email: '' });
    const { unmount } = render(
      <CountersignerPicker
        users={STAFF}
        defaultValue={DANA}
        onChange={onChange}
        requireLabel="Propose a countersigner"
      />,
    );
    const proposed = screen.getByRole('checkbox', { name: 'Propose a countersigner' });
    expect(proposed).toBeChecked();
    await user.click(proposed);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.click(proposed);
    expect(onChange).toHaveBeenLastCalledWith(DANA);
    unmount();
  });

  it('keeps a countersigner the form already holds instead of the default', () => {
    const onChange = jest.fn();
    render(
      <Holder onChange={onChange} initial={{ email: 'pm@prosign.example' }} defaultValue={DANA} />,
    );
    expect(requireBox()).toBeChecked();
    expect(userButton()).toHaveTextContent('Pm');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is usable from the keyboard and has no serious axe violations', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Holder onChange={onChange} />);
    await user.tab();
    expect(requireBox()).toHaveFocus();
    await user.keyboard(' ');
    expect(requireBox()).toBeChecked();
    await user.tab();
    expect(userButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('searchbox', { name: 'Search by name' })).toHaveFocus();
    await user.keyboard('admin{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ email: 'admin@prosign.example' });
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expectNoSeriousAxeViolations();
  });
});
