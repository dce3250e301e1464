import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { useFormControl } from '../useFormControl';
import { useZodForm } from '../useZodForm';

/** A stand-in for a picker: takes value, onChange and errorMessage like the controls do. */
function RolePicker(props: {
  value: string | null;
  onChange: (value: string | null) => void;
  errorMessage?: string;
}) {
  return (
    <div>
      <button type="button" onClick={() => props.onChange('pm')}>
        Choose pm ({props.value ?? 'none'})
      </button>
      {props.errorMessage ? <p>{props.errorMessage}</p> : null}
    </div>
  );
}

const schema = z.object({
  role: z
    .string()
    .nullable()
    .refine((role) => role !== null, 'Choose a role.'),
});

function RoleForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { role: null } });
  const role = useFormControl({ control: form.control, name: 'role' });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <RolePicker {...role} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useFormControl', () => {
  it('binds a picker’s value, change and error to a form field', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<RoleForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a role.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose pm (none)' }));
    await waitFor(() => expect(screen.queryByText('Choose a role.')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ role: 'pm' });
  });
});
