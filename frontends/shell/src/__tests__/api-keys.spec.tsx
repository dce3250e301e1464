import { FULL_ACCESS, type ApiKeyCreated, type ApiKeyView } from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerQueue } from './countersign-fixtures';
import { createFakeApi, staffSession } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
});

const ACCOUNTING: ApiKeyView = {
  id: '665f0c2a9b1e4a0012340001',
  name: 'Accounting sync',
  masked: 'psk_live_Ab12Cd34_…',
  prefix: 'Ab12Cd34',
  scopes: ['agreements:read', 'invoices:read'],
  ownerEmail: 'finance@prosign.example',
  createdBy: 'admin@prosign.example',
  createdAt: '2026-11-02T17:00:00.000Z',
  expiresAt: '2027-11-02T17:00:00.000Z',
  revokedAt: null,
  rotatedUntil: null,
  lastUsedAt: '2026-12-01T18:30:00.000Z',
  lastUsedFrom: '203.0.113.7',
  state: 'active',
};

const FULL_KEY = 'psk_live_Zx98Yw76_q3m1Vd0b7Jx3CUm2vWZSd1AGmlZf0mE8H3iQXb6sYp4cnUk';

function keysApi({ session = staffSession(), keys = [ACCOUNTING] } = {}) {
  const api = createFakeApi({ session });
  answerQueue(api, []);
  const state = { keys };
  api.on('GET', '/api/api-keys', () => ({ status: 200, body: state.keys }));
  return { api, state };
}

const item = (name: string) => screen.getByRole('listitem', { name });

describe('API keys (admins)', () => {
  it('lists each key masked, with its scopes, state, dates and last use; links the API reference', async () => {
    const { api } = keysApi();
    await renderShell('/api-keys', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
    const card = await waitFor(() => item('Accounting sync'));
    expect(within(card).getByText('psk_live_Ab12Cd34_…')).toBeInTheDocument();
    expect(within(card).getByText('agreements:read')).toBeInTheDocument();
    expect(within(card).getByText('invoices:read')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(card).toHaveTextContent('Created2026-11-02 09:00 PST by admin@prosign.example');
    expect(card).toHaveTextContent('Expires2027-11-02 10:00 PST');
    expect(card).toHaveTextContent('Last used2026-12-01 10:30 PST from 203.0.113.7');
    expect(card).toHaveTextContent('finance@prosign.example');

    const reference = screen.getByRole('link', { name: 'API reference (opens in a new tab)' });
    expect(reference).toHaveAttribute('href', 'http://api.test/api/v1/reference');
    expect(reference).toHaveAttribute('target', '_blank');
    expect(reference).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('reads on a phone too', async () => {
    setViewportWidth(390);
    const { api } = keysApi();
    await renderShell('/api-keys', { api });
    await waitFor(() => item('Accounting sync'));
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('shows the new key once with Copy, then only masked in the list', async () => {
    const user = userEvent.setup();
    const { api, state } = keysApi({ keys: [] });
    const created: ApiKeyView = {
      ...ACCOUNTING,
      id: '665f0c2a9b1e4a0012340009',
      name: 'Scheduling',
      masked: 'psk_live_Zx98Yw76_…',
      prefix: 'Zx98Yw76',
      scopes: ['agreements:read', 'templates:read'],
      ownerEmail: 'admin@prosign.example',
      expiresAt: null,
      lastUsedAt: null,
      lastUsedFrom: null,
    };
    api.on('POST', '/api/api-keys', () => {
      state.keys = [created];
      return { status: 201, body: { key: FULL_KEY, apiKey: created } satisfies ApiKeyCreated };
    });
    await renderShell('/api-keys', { api });
    expect(await screen.findByText(/No API key yet/)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Create a key' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), '  Scheduling ');
    const scopes = within(form).getByRole('group', { name: /Scopes/ });
    const read = within(scopes).getByRole('checkbox', { name: 'agreements:read' });
    expect(read).toHaveAccessibleDescription(/Read agreements of every kind/);
    await user.click(within(scopes).getByRole('checkbox', { name: 'templates:read' }));
    await user.click(read);
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByRole('textbox', { name: 'API key' })).toHaveValue(FULL_KEY);
    expect(dialog).toHaveTextContent('you will not see it again');
    expect(api.callsTo('POST', '/api/api-keys')[0]?.body).toEqual({
      name: 'Scheduling',
      scopes: ['agreements:read', 'templates:read'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(FULL_KEY);
    await expectNoSeriousAxeViolations(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = await waitFor(() => item('Scheduling'));
    expect(within(card).getByText('psk_live_Zx98Yw76_…')).toBeInTheDocument();
    expect(screen.queryByText(FULL_KEY)).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(FULL_KEY)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).getByRole('heading', { name: 'Scheduling' })).toHaveFocus(),
    );
    // The form is empty again for the next key.
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveValue('');
  });

  it('is used from the keyboard alone, focus following each step', async () => {
    const user = userEvent.setup();
    const { api, state } = keysApi({ keys: [] });
    api.on('POST', '/api/api-keys', () => {
      state.keys = [ACCOUNTING];
      return { status: 201, body: { key: FULL_KEY, apiKey: ACCOUNTING } };
    });
    await renderShell('/api-keys', { api });
    await screen.findByText(/No API key yet/);
    const form = screen.getByRole('form', { name: 'Create a key' });
    within(form).getByRole('textbox', { name: /Name/ }).focus();
    await user.keyboard('Accounting sync');
    await user.tab();
    expect(within(form).getByRole('textbox', { name: 'Owner' })).toHaveFocus();
    await user.tab();
    expect(within(form).getByRole('checkbox', { name: 'agreements:read' })).toHaveFocus();
    await user.keyboard(' ');
    // Each scope is its own stop (7 of them), then the expiry.
    for (let stop = 0; stop < 7; stop += 1) await user.tab();
    expect(within(form).getByRole('combobox', { name: 'Expires' })).toHaveFocus();
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Create key' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByRole('textbox', { name: 'API key' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'I have stored it' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const card = await waitFor(() => item('Accounting sync'));
    await waitFor(() =>
      expect(within(card).getByRole('heading', { name: 'Accounting sync' })).toHaveFocus(),
    );
    await user.tab();
    expect(within(card).getByRole('button', { name: 'Rotate…' })).toHaveFocus();
  });

  it('asks for a name and at least one scope before anything is sent', async () => {
    const user = userEvent.setup();
    const { api } = keysApi();
    await renderShell('/api-keys', { api });
    const form = screen.getByRole('form', { name: 'Create a key' });
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const name = within(form).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Give the key a name\./);
    expect(name).toHaveFocus();
    const scopes = within(form).getByRole('group', { name: /Scopes/ });
    expect(scopes).toHaveAccessibleDescription(/Choose at least one scope\./);

    await user.type(name, 'Portal');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(scopes).getByRole('checkbox', { name: 'agreements:read' })).toHaveFocus();
    expect(api.callsTo('POST', '/api/api-keys')).toHaveLength(0);

    // An owner must be an address when one is given; an expiry on a date needs the date.
    await user.type(within(form).getByRole('textbox', { name: 'Owner' }), 'not-an-address');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Expires' }), 'date');
    await user.click(within(scopes).getByRole('checkbox', { name: 'events:read' }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(form).getByRole('textbox', { name: 'Owner' })).toHaveAccessibleDescription(
      /Enter an e-mail address, or leave it empty\./,
    );
    expect(within(form).getByLabelText(/Last day/)).toHaveAccessibleDescription(/Choose a date\./);
    expect(api.callsTo('POST', '/api/api-keys')).toHaveLength(0);
    await expectNoSeriousAxeViolations(form);
  });

  it("sends the expiry chosen and shows the server's refusal under its field", async () => {
    const user = userEvent.setup();
    const { api } = keysApi();
    api.on('POST', '/api/api-keys', () => ({
      status: 400,
      body: { statusCode: 400, message: ['name: at most 100 characters'], error: 'Bad Request' },
    }));
    await renderShell('/api-keys', { api });
    const form = screen.getByRole('form', { name: 'Create a key' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Portal');
    await user.click(within(form).getByRole('checkbox', { name: 'agreements:write' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Expires' }), '90');
    await user.type(within(form).getByRole('textbox', { name: 'Owner' }), 'pm@prosign.example');
    const before = Date.now();
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const name = within(form).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription(/name: at most 100 characters/));
    const body = api.callsTo('POST', '/api/api-keys')[0]?.body as Record<string, string>;
    expect(body).toMatchObject({
      name: 'Portal',
      scopes: ['agreements:write'],
      ownerEmail: 'pm@prosign.example',
    });
    const days = (Date.parse(body.expiresAt ?? '') - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    expect(name).toHaveValue('Portal');
  });

  it('asks before revoking, then shows the key revoked with no more actions', async () => {
    const user = userEvent.setup();
    const { api, state } = keysApi();
    const revokePath = `/api/api-keys/${ACCOUNTING.id}/revoke`;
    api.on('POST', revokePath, () => {
      state.keys = [{ ...ACCOUNTING, state: 'revoked', revokedAt: '2026-12-02T18:00:00.000Z' }];
      return { status: 200, body: state.keys[0] };
    });
    await renderShell('/api-keys', { api });
    const card = await waitFor(() => item('Accounting sync'));
    await user.click(within(card).getByRole('button', { name: 'Revoke…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Revoke “Accounting sync”?' });
    expect(dialog).toHaveAccessibleDescription(/refused from now on/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', revokePath)).toHaveLength(0);
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Revoke…' })).toHaveFocus(),
    );

    await user.click(within(card).getByRole('button', { name: 'Revoke…' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }),
    );
    await waitFor(() =>
      expect(within(item('Accounting sync')).getAllByText('Revoked')).toHaveLength(2),
    );
    const revoked = item('Accounting sync');
    expect(revoked).toHaveTextContent('Revoked2026-12-02 10:00 PST');
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('“Accounting sync” is revoked.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(revoked).getByRole('heading', { name: 'Accounting sync' })).toHaveFocus(),
    );
    expect(screen.getByText('1 key, 0 usable')).toBeInTheDocument();
  });

  it('rotates with the overlap chosen and shows the new key once', async () => {
    const user = userEvent.setup();
    const { api, state } = keysApi();
    const rotatePath = `/api/api-keys/${ACCOUNTING.id}/rotate`;
    const successor: ApiKeyView = {
      ...ACCOUNTING,
      id: '665f0c2a9b1e4a0012340002',
      masked: 'psk_live_Zx98Yw76_…',
      prefix: 'Zx98Yw76',
      lastUsedAt: null,
      lastUsedFrom: null,
    };
    api.on('POST', rotatePath, () => {
      state.keys = [
        successor,
        { ...ACCOUNTING, state: 'rotating', rotatedUntil: '2026-12-04T18:00:00.000Z' },
      ];
      return { status: 201, body: { key: FULL_KEY, apiKey: successor } };
    });
    await renderShell('/api-keys', { api });
    const card = await waitFor(() => item('Accounting sync'));
    await user.click(within(card).getByRole('button', { name: 'Rotate…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Rotate key “Accounting sync”' });
    const overlap = within(dialog).getByRole('spinbutton', { name: /Overlap \(hours\)/ });
    expect(overlap).toHaveValue(24);
    expect(overlap).toHaveFocus();
    await user.clear(overlap);
    await user.type(overlap, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect(overlap).toHaveAccessibleDescription(/from 0 to 168/);
    expect(api.callsTo('POST', rotatePath)).toHaveLength(0);
    await user.clear(overlap);
    await user.type(overlap, '48');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));

    const shown = await screen.findByRole('dialog', { name: 'The new key' });
    expect(api.callsTo('POST', rotatePath)[0]?.body).toEqual({ overlapHours: 48 });
    expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveValue(FULL_KEY);
    expect(shown).toHaveTextContent(
      /The old key keeps working until \d{4}-\d{2}-\d{2} \d{2}:\d{2} PST/,
    );
    await user.click(within(shown).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByDisplayValue(FULL_KEY)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('listitem', { name: 'Accounting sync' })).toHaveLength(2),
    );
    expect(screen.getByText('Rotated')).toBeInTheDocument();
    expect(screen.getByText('2026-12-04 10:00 PST')).toBeInTheDocument();
  });

  it("shows the server's refusal of a rotation in the dialog", async () => {
    const user = userEvent.setup();
    const { api } = keysApi();
    api.on('POST', `/api/api-keys/${ACCOUNTING.id}/rotate`, () => ({
      status: 409,
      body: {
        statusCode: 409,
        message: 'This key was revoked or rotated meanwhile.',
        error: 'Conflict',
      },
    }));
    await renderShell('/api-keys', { api });
    await user.click(
      within(await waitFor(() => item('Accounting sync'))).getByRole('button', { name: 'Rotate…' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The key could not be rotated. This key was revoked or rotated meanwhile.',
    );
  });

  it('shows a load error with a retry', async () => {
    const user = userEvent.setup();
    const { api } = keysApi();
    let fail = true;
    api.on('GET', '/api/api-keys', () =>
      fail
        ? { status: 500, body: { statusCode: 500, message: 'Database down', error: 'Error' } }
        : { status: 200, body: [] },
    );
    await renderShell('/api-keys', { api });
    expect(await screen.findByText('The API keys could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No API key yet/)).toBeInTheDocument();
  });

  it('is not for staff who are not administrators: nothing is fetched', async () => {
    const { api } = keysApi({
      session: staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: FULL_ACCESS,
      }),
    });
    await renderShell('/api-keys', { api });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText('API keys is for administrators only.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/api-keys')).toHaveLength(0);
  });
});
