import { FULL_ACCESS, type EmailCodeDefaults } from '@prosign/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { answerQueue } from './countersign-fixtures';
import { createFakeApi, staffSession, userRow } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
});

/** The user list and the e-mail code defaults kept in memory; PUT answers as the server does. */
function defaultsApi(session = staffSession()) {
  const api = createFakeApi({ session });
  answerQueue(api, []);
  const defaults: EmailCodeDefaults = { standard: false, sow: true, co: false, document: false };
  api.on('GET', '/api/access/user', () => ({
    status: 200,
    body: { users: [userRow('admin@prosign.example', ['admin'], FULL_ACCESS)] },
  }));
  api.on('GET', /^\/api\/access\/audit/, () => ({ status: 200, body: { entries: [] } }));
  api.on('GET', '/api/countersign/defaults', () => ({
    status: 200,
    body: { defaults: { standard: null, sow: null, co: null, document: null } },
  }));
  api.on('GET', '/api/email-code/defaults', () => ({ status: 200, body: { defaults } }));
  api.on('PUT', '/api/email-code/defaults', (call) => {
    const { family, required } = call.body as {
      family: keyof EmailCodeDefaults;
      required: boolean;
    };
    defaults[family] = required;
    return { status: 200, body: { defaults } };
  });
  return api;
}

const section = () => screen.getByRole('region', { name: 'E-mail code' });

describe('User Access: "Require an e-mail code" per family (admins)', () => {
  it("shows each family's default and saves a change", async () => {
    const user = userEvent.setup();
    const api = defaultsApi();
    await renderShell('/user-access', { api });
    const contract = await waitFor(() =>
      within(section()).getByRole('checkbox', {
        name: 'Require an e-mail code for each contract',
      }),
    );
    expect(contract).not.toBeChecked();
    expect(
      within(section()).getByRole('checkbox', {
        name: 'Require an e-mail code for each scope-of-work contract',
      }),
    ).toBeChecked();
    await user.click(contract);
    expect(api.callsTo('PUT', '/api/email-code/defaults').map((c) => c.body)).toEqual([
      { family: 'standard', required: true },
    ]);
    await waitFor(() => expect(contract).toBeChecked());
    await expectNoSeriousAxeViolations(section());
  });

  it('is not shown to staff who are not administrators', async () => {
    const api = defaultsApi(
      staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: FULL_ACCESS,
      }),
    );
    await renderShell('/user-access', { api });
    await screen.findByRole('heading', { name: /User Access/i });
    expect(screen.queryByRole('region', { name: 'E-mail code' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/email-code/defaults')).toHaveLength(0);
  });
});
