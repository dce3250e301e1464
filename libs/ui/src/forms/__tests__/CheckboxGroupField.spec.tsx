import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { CheckboxGroupField } from '../CheckboxGroupField';
import { useZodForm } from '../useZodForm';

const COLOURS = ['red', 'green', 'blue'] as const;
const schema = z.object({ colours: z.array(z.enum(COLOURS)).min(1, 'Choose a colour.') });

function TestForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { colours: [] } });
  return (
    <form aria-label="Test form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <CheckboxGroupField
        control={form.control}
        name="colours"
        legend="Colours"
        required
        hint="Those the logo may use."
        options={COLOURS.map((colour) => ({
          value: colour,
          label: colour.toUpperCase(),
          description: `The ${colour} one`,
        }))}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('CheckboxGroupField', () => {
  it('names each box by its option, describes it, and keeps the options’ order', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<TestForm onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: /Colours/ });
    expect(group).toHaveAccessibleDescription('Those the logo may use.');
    const blue = screen.getByRole('checkbox', { name: 'BLUE' });
    expect(blue).toHaveAccessibleDescription('The blue one');
    await user.click(blue);
    await user.click(screen.getByRole('checkbox', { name: 'RED' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ colours: ['red', 'blue'] });
    await expectNoSeriousAxeViolations(screen.getByRole('form'));
  });

  it('shows the group’s error, marks the boxes and focuses the first on a refused submit', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<TestForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: /Colours/ })).toHaveAccessibleDescription(
      'Those the logo may use. Choose a colour.',
    );
    const red = screen.getByRole('checkbox', { name: 'RED' });
    expect(red).toHaveAttribute('aria-invalid', 'true');
    expect(red).toHaveFocus();
    // Unticking what was ticked takes it out again.
    await user.click(red);
    await user.click(red);
    expect(red).not.toBeChecked();
  });
});
