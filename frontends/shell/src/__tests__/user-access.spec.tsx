import { FULL_ACCESS, createAccessFlags, type StaffUserRow } from '@prosign/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditEntry, createFakeApi, staffSession, userRow, type FakeApi } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

const ADMIN = 'admin@prosign.example';
const CSM = 'csm@prosign.example';

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
});

/** An API with users kept in memory, answering the /api/access calls like the server does. */
function accessApi(): FakeApi & { users: StaffUserRow[] } {
  const api = createFakeApi();
  const users: StaffUserRow[] = [
    userRow(ADMIN, ['admin'], FULL_ACCESS),
    userRow(CSM, ['csm'], createAccessFlags({ homeAccess: true, dashboardAccess: true })),
    userRow('pm@prosign.example', ['pm'], createAccessFlags({ sowAccess: true })),
  ];
  api.on('GET', '/api/access/user', () => ({ status: 200, body: { users } }));
  api.on('GET', /^\/api\/access\/audit/, () => ({
    status: 200,
    body: {
      entries: [
        auditEntry({ ip: '10.0.0.7' }),
        auditEntry({
          action: 'user.added',
          target: 'pm@prosign.example',
          details: { role: ['pm'] },
          at: '2026-03-04T16:00:00.000Z',
        }),
      ],
    },
  }));
  // Administrators also see the default countersigner per family (none set).
  api.on('GET', '/api/countersign/defaults', () => ({
    status: 200,
    body: { defaults: { standard: null, sow: null, co: null, document: null } },
  }));
  // …and whether each family asks signers for an e-mail code by default (none does).
  api.on('GET', '/api/email-code/defaults', () => ({
    status: 200,
    body: { defaults: { standard: false, sow: false, co: false } },
  }));
  api.on('POST', '/api/access/toggle-access', (call) => {
    const { email, accessField } = call.body as { email: string; accessField: string };
    const row = users.find((user) => user.email === email) as Record<string, unknown>;
    row[accessField] = !row[accessField];
    return { status: 200, body: { success: true, email, access: row } };
  });
  return Object.assign(api, { users });
}

describe('/user-access (spec 1 §2.7)', () => {
  it('lists users with labelled role and flag checkboxes, and the change history', async () => {
    await renderShell('/user-access', { api: accessApi() });
    expect(await screen.findByRole('checkbox', { name: `csm role for ${CSM}` })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: `admin role for ${CSM}` })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: `Home (homeAccess) for ${CSM}` })).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: `Services (servicesAccess) for ${CSM}` }),
    ).not.toBeChecked();
    const row = screen.getByRole('row', { name: new RegExp(CSM) });
    // Three roles and the ten flags, Documents (documentsAccess) and Insights among them.
    expect(within(row).getAllByRole('checkbox')).toHaveLength(13);
    expect(
      within(row).getByRole('checkbox', { name: `Documents (documentsAccess) for ${CSM}` }),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('checkbox', { name: `Insights (insightsAccess) for ${CSM}` }),
    ).not.toBeChecked();

    const history = await screen.findByRole('region', { name: 'Change history' });
    expect(history).toHaveTextContent(
      `2026-03-04 09:05 PST${ADMIN} turned on Services for ${CSM} (from 10.0.0.7)`,
    );
    expect(history).toHaveTextContent(`${ADMIN} added pm@prosign.example as pm`);
  });

  it('filters the list as one types in the search box', async () => {
    const user = userEvent.setup();
    await renderShell('/user-access', { api: accessApi() });
    await screen.findByRole('row', { name: new RegExp(CSM) });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'pm@');
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(CSM) })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('row', { name: /pm@prosign.example/ })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No user matches “nobody”.')).toBeInTheDocument();
  });

  it('toggles a flag at once and keeps it once the server agrees', async () => {
    const user = userEvent.setup();
    const api = accessApi();
    await renderShell('/user-access', { api });
    const services = await screen.findByRole('checkbox', {
      name: `Services (servicesAccess) for ${CSM}`,
    });
    await user.click(services);
    expect(services).toBeChecked();
    expect(api.callsTo('POST', '/api/access/toggle-access')[0]?.body).toEqual({
      email: CSM,
      accessField: 'servicesAccess',
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/access/audit?limit=50').length).toBe(2));
    expect(services).toBeChecked();
  });

  it('reverts a failed toggle and says why', async () => {
    const user = userEvent.setup();
    const api = accessApi();
    api.on('POST', '/api/access/toggle-access', () => ({
      status: 403,
      body: {
        statusCode: 403,
        message: 'Only administrators can change or delete an administrator.',
        error: 'Forbidden',
      },
    }));
    await renderShell('/user-access', { api });
    const terms = await screen.findByRole('checkbox', { name: `Terms (tncAccess) for ${CSM}` });
    await user.click(terms);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to update access. Only administrators can change or delete an administrator.',
    );
    expect(terms).not.toBeChecked();
  });

  it('changes roles with the checkboxes, reverting on failure', async () => {
    const user = userEvent.setup();
    const api = accessApi();
    api.on('PUT', '/api/access/role', () => ({ status: 500, body: {} }));
    await renderShell('/user-access', { api });
    const pm = await screen.findByRole('checkbox', { name: `pm role for ${CSM}` });
    await user.click(pm);
    expect(api.callsTo('PUT', '/api/access/role')[0]?.body).toEqual({
      email: CSM,
      role: ['csm', 'pm'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update user roles.');
    expect(pm).not.toBeChecked();
  });

  it('adds a user: domain appended, csm by default, "Email is required." when empty', async () => {
    const user = userEvent.setup();
    const api = accessApi();
    api.on('POST', '/api/access/user', (call) => ({
      status: 201,
      body: { message: 'new.person@prosign.example was added.', user: call.body },
    }));
    await renderShell('/user-access', { api });
    const form = await screen.findByRole('form', { name: 'Add user' });
    expect(within(form).getByText('@prosign.example')).toBeInTheDocument();
    expect(within(form).getByLabelText('Role')).toHaveValue('csm');

    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    expect(within(form).getByText('Email is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/access/user')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'New.Person');
    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    expect(api.callsTo('POST', '/api/access/user')[0]?.body).toEqual({
      email: 'new.person@prosign.example',
      role: ['csm'],
    });
    expect(await screen.findByText('new.person@prosign.example was added.')).toHaveAttribute(
      'class',
      'ps-toast__message',
    );
    expect(within(form).getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
  });

  it('shows the server’s reason when adding fails', async () => {
    const user = userEvent.setup();
    const api = accessApi();
    api.on('POST', '/api/access/user', () => ({
      status: 409,
      body: { statusCode: 409, message: `${CSM} is already a user.`, error: 'Conflict' },
    }));
    await renderShell('/user-access', { api });
    const form = await screen.findByRole('form', { name: 'Add user' });
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'csm');
    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Failed to add user. ${CSM} is already a user.`,
    );
    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveValue('csm');
    // Also under the field it is about.
    await waitFor(() => expect(email).toHaveAccessibleDescription(`${CSM} is already a user.`));
  });

  it('marks the e-mail required, explains a bad user name under it, and says "Adding…"', async () => {
    const user = userEvent.setup();
    const api = accessApi();
    let answer: () => void = () => undefined;
    api.on(
      'POST',
      '/api/access/user',
      (call) =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 201, body: { message: 'added', user: call.body } });
        }),
    );
    await renderShell('/user-access', { api });
    const form = await screen.findByRole('form', { name: 'Add user' });
    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveAttribute('aria-required', 'true');
    expect(within(form).getByText('E-mail').closest('label')).toHaveTextContent('E-mail *');

    await user.type(email, '.jane');
    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(
      'A user name may contain only letters, digits and . _ + - (not starting or ending with a dot).',
    );
    expect(email).toHaveFocus();
    expect(api.callsTo('POST', '/api/access/user')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'jane');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    const adding = await within(form).findByRole('button', { name: 'Adding…' });
    expect(adding).toBeDisabled();
    answer();
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Add user' })).toBeEnabled(),
    );
    expect(email).toHaveValue('');
  });

  it('deletes a user only after confirmation', async () => {
    const user = userEvent.setup();
    const api = accessApi();
    api.on('DELETE', '/api/access/user', () => ({
      status: 200,
      body: { message: `${CSM} was deleted.`, email: CSM },
    }));
    await renderShell('/user-access', { api });
    await user.click(await screen.findByRole('button', { name: `Delete ${CSM}` }));
    const dialog = screen.getByRole('dialog', { name: `Delete ${CSM}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/access/user')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Delete ${CSM}` }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete user' }),
    );
    expect(api.callsTo('DELETE', '/api/access/user')[0]?.body).toEqual({ email: CSM });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does not offer what would lock the signed-in person out', async () => {
    await renderShell('/user-access', { api: accessApi() });
    expect(await screen.findByRole('button', { name: `Delete ${ADMIN}` })).toBeDisabled();
    expect(
      screen.getByRole('checkbox', { name: `User Access (userAccessAccess) for ${ADMIN}` }),
    ).toBeDisabled();
  });

  it('lets a non-admin see but not change the admin role', async () => {
    const api = accessApi();
    api.setSession(
      staffSession({ email: CSM, roles: ['csm'], isAdmin: false, access: FULL_ACCESS }),
    );
    await renderShell('/user-access', { api });
    expect(await screen.findByRole('checkbox', { name: `admin role for ${CSM}` })).toBeDisabled();
    const form = screen.getByRole('form', { name: 'Add user' });
    expect(
      within(within(form).getByLabelText('Role')).queryByRole('option', { name: 'admin' }),
    ).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the users cannot be fetched', async () => {
    const api = accessApi();
    api.on('GET', '/api/access/user', () => ({ status: 500, body: {} }));
    await renderShell('/user-access', { api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch users.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
