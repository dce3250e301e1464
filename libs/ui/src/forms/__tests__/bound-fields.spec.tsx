import { serviceTextProblem, staffEmailFromUserName } from '@prosign/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { CheckboxField, NumberField, TextAreaField, TextField } from '../bound-fields';
import { domainRule } from '../domain-rule';
import { staffEmailSchema } from '../schemas';
import { useZodForm } from '../useZodForm';

const staffEmailProblem = (value: string) => {
  const result = staffEmailFromUserName(value, 'prosign.example');
  return result.ok ? null : result.message;
};

// Every rule comes from the domain: the schema only calls it.
const schema = z.object({
  serviceName: z.string().superRefine(domainRule((v) => serviceTextProblem('serviceName', v))),
  email: z
    .string()
    .superRefine(domainRule(staffEmailProblem))
    .transform((v) => staffEmailFromUserName(v, 'prosign.example')),
  notes: z.string(),
  // The input may be empty (null); the output is a number.
  reports: z
    .number()
    .nullable()
    .pipe(z.number({ error: 'Choose how many reports.' }).max(5, 'At most 5 reports.')),
  agree: z.boolean().refine((agreed) => agreed, 'Please accept the terms.'),
});

function TestForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, {
    defaultValues: { serviceName: '', email: '', notes: '', reports: null, agree: false },
  });
  return (
    <form aria-label="Test form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TextField control={form.control} name="serviceName" label="Service Name" required />
      <TextField
        control={form.control}
        name="email"
        label="E-mail"
        required
        hint="Only the user name."
        suffix="@prosign.example"
      />
      <TextAreaField control={form.control} name="notes" label="Notes" rows={3} />
      <NumberField control={form.control} name="reports" label="Reports" min={0} max={5} step={1} />
      <CheckboxField control={form.control} name="agree" label="I agree" required />
      <button type="submit">Save</button>
    </form>
  );
}

describe('fields bound to a zod form', () => {
  it('shows the domain rules’ messages under each field and focuses the first', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<TestForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByRole('textbox', { name: 'Service Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Service name is required.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'Only the user name. Email is required.',
    );
    expect(screen.getByRole('spinbutton', { name: 'Reports' })).toHaveAccessibleDescription(
      'Choose how many reports.',
    );
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAccessibleDescription(
      'Please accept the terms.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    await expectNoSeriousAxeViolations();
  });

  it('clears an error as soon as the field is corrected', async () => {
    const user = userEvent.setup();
    render(<TestForm onSubmit={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Service name is required.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Service Name' }), 'MEP');
    await waitFor(() =>
      expect(screen.queryByText('Service name is required.')).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Service Name' })).not.toHaveAttribute(
      'aria-invalid',
    );
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'a..b');
    expect(
      await screen.findByText(/A user name may contain only letters, digits/),
    ).toBeInTheDocument();
  });

  it('hands the parsed values (numbers, booleans, transforms) to the submit handler', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<TestForm onSubmit={onSubmit} />);
    expect(screen.getByText('@prosign.example')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Service Name' }), 'MEP Design');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'Jane.Doe');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Two lines{Enter}here');
    await user.type(screen.getByRole('spinbutton', { name: 'Reports' }), '3');
    await user.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      serviceName: 'MEP Design',
      email: { ok: true, email: 'jane.doe@prosign.example' },
      notes: 'Two lines\nhere',
      reports: 3,
      agree: true,
    });
  });

  it('turns an emptied number back into "no value", which the schema refuses', async () => {
    const user = userEvent.setup();
    render(<TestForm onSubmit={jest.fn()} />);
    const reports = screen.getByRole('spinbutton', { name: 'Reports' });
    await user.type(reports, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 5 reports.')).toBeInTheDocument();
    await user.clear(reports);
    expect(reports).toHaveValue(null);
    expect(await screen.findByText('Choose how many reports.')).toBeInTheDocument();
  });
});

describe('staffEmailSchema', () => {
  it('parses a typed user name into the full address by the domain’s rule', () => {
    const schema = staffEmailSchema('firm.example');
    expect(schema.parse(' Jane.Doe ')).toBe('jane.doe@firm.example');
    expect(schema.parse('jane@FIRM.example')).toBe('jane@firm.example');
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Email is required.');
    expect(schema.safeParse('jane@other.example').error?.issues[0]?.message).toBe(
      'Only @firm.example addresses can be used. Type just the user name.',
    );
  });
});
