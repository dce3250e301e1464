import { ApiError } from '@prosign/api-client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { FormErrorSummary } from '../FormErrorSummary';
import { TextField } from '../bound-fields';
import { applyServerErrors, clientErrorMessages, serverFormErrors } from '../server-errors';
import { useZodForm } from '../useZodForm';

const refused = (messages: string[] | string, status = 400) =>
  ApiError.fromBody(status, 'Bad Request', {
    statusCode: status,
    message: messages,
    error: 'Bad Request',
  });

describe('the server’s refusals in a form', () => {
  it('reads the messages of a refused request only', () => {
    expect(clientErrorMessages(refused(['a', 'b']))).toEqual(['a', 'b']);
    expect(clientErrorMessages(refused('A service named "MEP" already exists.', 409))).toEqual([
      'A service named "MEP" already exists.',
    ]);
    expect(clientErrorMessages(refused('Internal', 500))).toEqual([]);
    expect(clientErrorMessages(ApiError.network(new Error('offline')))).toEqual([]);
    expect(clientErrorMessages(new Error('boom'))).toEqual([]);
  });

  it('sorts messages onto fields by prefix, pattern or test; the rest go to the form', () => {
    const errors = serverFormErrors<{ serviceName: string; engineerFee: string; title: string }>(
      refused([
        'Service name is required.',
        'Placeholders cannot be removed: Engineer Fee is missing $fee.',
        'Agreement title must be text of at most 300 characters.',
        'The service was changed meanwhile.',
        'Service name must be text of at most 100 characters.',
      ]),
      {
        serviceName: ['Service name', 'A service named'],
        engineerFee: /Engineer Fee is missing/,
        title: (message) => message.startsWith('Agreement title'),
      },
    );
    expect(errors).toEqual({
      fields: {
        serviceName: 'Service name is required.',
        engineerFee: 'Placeholders cannot be removed: Engineer Fee is missing $fee.',
        title: 'Agreement title must be text of at most 300 characters.',
      },
      form: 'The service was changed meanwhile.',
    });
  });
});

const schema = z.object({ serviceName: z.string(), agreementTitle: z.string() });

function ServerForm({ error }: { error: unknown }) {
  const form = useZodForm(schema, { defaultValues: { serviceName: 'MEP', agreementTitle: 'x' } });
  return (
    <form
      aria-label="Service"
      onSubmit={form.handleSubmit(() => {
        if (!applyServerErrors(form.setError, error, { serviceName: 'A service named' })) {
          form.setError('root.server', { message: 'Something went wrong.' });
        }
      })}
    >
      <FormErrorSummary
        control={form.control}
        title="The service was not saved:"
        fields={{ serviceName: 'Service Name', agreementTitle: 'Agreement Title' }}
        setFocus={form.setFocus}
      />
      <TextField control={form.control} name="serviceName" label="Service Name" required />
      <TextField control={form.control} name="agreementTitle" label="Agreement Title" required />
      <button type="submit">Save</button>
    </form>
  );
}

describe('FormErrorSummary with applyServerErrors', () => {
  it('puts a field’s refusal under the field, focused, and lists it in the banner', async () => {
    const user = userEvent.setup();
    render(
      <ServerForm
        error={refused(['A service named "MEP" already exists.', 'Try again later.'], 409)}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: 'Service Name' });
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('A service named "MEP" already exists.'),
    );
    expect(name).toHaveFocus();
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('The service was not saved:');
    expect(banner).toHaveTextContent('Try again later.');
    expect(banner).toHaveTextContent('Service Name: A service named "MEP" already exists.');

    // The banner's entry takes the focus back to its field.
    await user.click(screen.getByRole('textbox', { name: 'Agreement Title' }));
    await user.click(within(banner).getByRole('button', { name: 'Service Name' }));
    expect(name).toHaveFocus();
  });

  it('says nothing of a server failure it cannot attribute, leaving it to the caller', async () => {
    const user = userEvent.setup();
    render(<ServerForm error={refused('Internal', 500)} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.getByRole('textbox', { name: 'Service Name' })).not.toHaveAttribute(
      'aria-invalid',
    );
  });
});
