import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../test-support/fake-api';
import { MissingPropertiesModal } from '../components/MissingPropertiesModal';
import { EMPTY_FORM } from '../contract-draft';

const CHECK = {
  isValid: false,
  missingProperties: ['client_signatory'],
  contactsWithInvalidRoles: [
    { id: '11', email: 'omar@example.com', firstname: 'Omar', lastname: 'Haddad', roles: [] },
  ],
};

function setup() {
  const onUpdated = jest.fn();
  const api = fakeApi({
    'GET /api/hubspot/contact-by-email': () => ({ count: 0 }),
    'PATCH /api/hubspot/update-deal-by-prosign/40000005/update-missing': () => ({ success: true }),
  });
  render(
    <MissingPropertiesModal
      dealId="40000005"
      check={CHECK}
      form={{ ...EMPTY_FORM, full_name: 'Maria Chen', email: '' }}
      contractFormData={{ cost: 1000 }}
      onUpdated={onUpdated}
      onCancel={jest.fn()}
    />,
    { wrapper: api.wrapper },
  );
  return { api, onUpdated, modal: screen.getByRole('dialog', { name: 'Missing deal properties' }) };
}

describe('MissingPropertiesModal', () => {
  it("asks for each contact's role and the signatory, with the errors under the fields", async () => {
    const { api, modal } = setup();
    const user = userEvent.setup();
    await user.click(within(modal).getByRole('button', { name: 'Update deal and continue' }));

    const role = within(modal).getByRole('button', { name: /Project role of Omar Haddad/ });
    expect(within(modal).getByText('Project role of Omar Haddad')).toHaveTextContent(
      'Project role of Omar Haddad *',
    );
    await waitFor(() =>
      expect(role).toHaveAccessibleDescription('Choose a project role for omar@example.com.'),
    );
    expect(within(modal).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Name the client signatory contact.',
    );
    expect(api.calls.some((call) => call.path.endsWith('/update-missing'))).toBe(false);
    await expectNoSeriousAxeViolations();

    // The signatory's address is looked up in the CRM when the field is left.
    await user.type(within(modal).getByRole('textbox', { name: 'Email' }), 'maria@example.com');
    await user.tab();
    expect(
      await within(modal).findByText(
        'No contact with maria@example.com exists; a new contact will be created.',
      ),
    ).toBeInTheDocument();

    // The role from the keyboard: open, move, choose.
    await act(async () => role.focus());
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Client Signatory' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(role).toHaveTextContent('Homeowner');
    await waitFor(() => expect(role).not.toHaveAccessibleDescription(/Choose a project role/));
  });

  it('a contact made client signatory needs no other signatory; the CRM gets the roles', async () => {
    const { api, modal, onUpdated } = setup();
    const user = userEvent.setup();
    await user.click(within(modal).getByRole('button', { name: /Project role of Omar Haddad/ }));
    await user.click(await screen.findByRole('option', { name: 'Client Signatory' }));
    expect(within(modal).queryByRole('group', { name: /Client signatory contact/ })).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'Update deal and continue' }));
    await waitFor(() => expect(onUpdated).toHaveBeenCalled());
    const update = api.calls.find((call) => call.path.endsWith('/update-missing'));
    expect(update?.body).toEqual({
      missingProperties: {},
      contractFormData: { cost: 1000 },
      updatedContactRoles: [
        { contactId: '11', email: 'omar@example.com', role: 'Client Signatory' },
      ],
    });
  });
});
