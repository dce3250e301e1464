import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { expectNoSeriousAxeViolations } from '../../../test-support/axe';
import { AdditionalSigners } from '../AdditionalSigners';
import { signersRequest, type SignersFormValues } from '../signer-list';

const CONTACTS = [
  { name: 'Mei Lin', email: 'mei@example.com', phone: '' },
  { name: 'Omar Haddad', email: 'omar@example.com', phone: '4155550123' },
];

function TestForm({ onSubmit }: { onSubmit: (values: SignersFormValues) => void }) {
  const form = useForm<SignersFormValues>({
    defaultValues: { additionalSigners: [], signingOrder: 'sequential' },
  });
  return (
    <FormProvider {...form}>
      <form aria-label="Test form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <AdditionalSigners
          options={CONTACTS}
          optionsTitle="On the project:"
          optionsGroupLabel="Contacts on the project"
          firstSigner={{ name: 'Mei Lin', email: 'mei@example.com' }}
          firstSignerRole="the partner"
          linkedFields={[]}
        />
        <button type="submit">Create</button>
      </form>
    </FormProvider>
  );
}

describe('AdditionalSigners', () => {
  it('adds a contact from the record and a typed signer, and lets staff choose the order', async () => {
    const user = userEvent.setup();
    const submitted: SignersFormValues[] = [];
    render(<TestForm onSubmit={(values) => submitted.push(values)} />);
    const section = screen.getByRole('group', { name: 'Additional signers' });
    expect(within(section).getByText(/Only the partner above signs/)).toBeInTheDocument();
    // The form's own signer is never offered.
    const picks = within(section).getByRole('group', { name: 'Contacts on the project' });
    expect(within(picks).queryByRole('button', { name: /Mei Lin/ })).not.toBeInTheDocument();

    await user.click(within(picks).getByRole('button', { name: /Add Omar Haddad/ }));
    expect(
      screen.queryByRole('group', { name: 'Contacts on the project' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a signer' }));
    const third = screen.getByRole('group', { name: 'Signer 3' });
    expect(within(third).getByRole('textbox', { name: /Name/ })).toHaveFocus();
    await user.type(within(third).getByRole('textbox', { name: /Name/ }), 'Ana Ortega');
    await user.type(within(third).getByRole('textbox', { name: /E-mail/ }), 'ana@example.com');
    expect(screen.getByText(/Mei Lin signs first/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Sign at the same time/ }));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(submitted).toHaveLength(1));
    const { additionalSigners, signingOrder } = submitted[0];
    expect(signersRequest(additionalSigners, signingOrder)).toEqual({
      additional_signers: [
        { name: 'Omar Haddad', email: 'omar@example.com', phone: '+14155550123' },
        { name: 'Ana Ortega', email: 'ana@example.com' },
      ],
      signing_order: 'parallel',
    });
    await expectNoSeriousAxeViolations();
  });

  it('removes a signer and puts the focus back on Add a signer', async () => {
    const user = userEvent.setup();
    render(<TestForm onSubmit={() => undefined} />);
    await user.click(screen.getByRole('button', { name: /Add Omar Haddad/ }));
    await user.click(screen.getByRole('button', { name: 'Remove signer 2 (Omar Haddad)' }));
    expect(screen.queryByRole('group', { name: /Signer 2/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a signer' })).toHaveFocus();
    // Nobody added: the order is not asked.
    expect(screen.queryByRole('radio', { name: /Sign at the same time/ })).not.toBeInTheDocument();
  });
});
