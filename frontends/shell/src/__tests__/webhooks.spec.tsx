import {
  FULL_ACCESS,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@prosign/domain';
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

const ID = '665f0c2a9b1e4a0012340101';
const ENDPOINT: WebhookEndpointView = {
  id: ID,
  url: 'https://books.example.com/hooks/prosign',
  description: 'Accounting: invoices and completed agreements',
  events: ['agreement.completed', 'invoice.paid'],
  state: 'enabled',
  createdBy: 'admin@prosign.example',
  createdAt: '2026-11-02T17:00:00.000Z',
  secretRotatedAt: null,
  previousSecretUntil: null,
  previousSecretsUntil: [],
  failingSince: null,
  disabledAt: null,
  lastDeliveryAt: '2026-12-01T18:30:00.000Z',
};
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const LOG = `/api/webhook-endpoints/${ID}/deliveries`;

function delivery(id: string, overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView {
  return {
    id,
    endpointId: ID,
    eventId: `msg_${id}`,
    eventType: 'agreement.completed',
    state: 'delivered',
    createdAt: '2026-12-01T18:30:00.000Z',
    nextAttemptAt: null,
    attempts: [{ at: '2026-12-01T18:30:01.000Z', status: 200, latencyMs: 84, error: null }],
    requestBody: JSON.stringify({ id: `msg_${id}`, type: 'agreement.completed' }),
    responseExcerpt: 'ok',
    ...overrides,
  };
}

function hooksApi({ session = staffSession(), endpoints = [ENDPOINT] } = {}) {
  const api = createFakeApi({ session });
  answerQueue(api, []);
  const state = { endpoints };
  api.on('GET', '/api/webhook-endpoints', () => ({ status: 200, body: state.endpoints }));
  return { api, state };
}

const card = (url: string) => screen.getByRole('listitem', { name: url });

describe('Webhooks (admins)', () => {
  it('lists each endpoint with its state in words, its events and its secret', async () => {
    const failing: WebhookEndpointView = {
      ...ENDPOINT,
      id: '665f0c2a9b1e4a0012340102',
      url: 'https://pm.example.com/in',
      description: '',
      state: 'disabled_failing',
      failingSince: '2026-11-27T20:00:00.000Z',
      disabledAt: '2026-11-30T20:00:00.000Z',
      secretRotatedAt: '2026-11-20T17:00:00.000Z',
      previousSecretUntil: '2026-11-21T17:00:00.000Z',
      previousSecretsUntil: ['2026-11-21T17:00:00.000Z'],
    };
    const paused: WebhookEndpointView = {
      ...ENDPOINT,
      id: '665f0c2a9b1e4a0012340103',
      url: 'https://portal.example.com/in',
      state: 'disabled_by_admin',
    };
    const { api } = hooksApi({ endpoints: [ENDPOINT, failing, paused] });
    await renderShell('/webhooks', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    const books = await waitFor(() => card(ENDPOINT.url));
    expect(within(books).getByText('Enabled')).toBeInTheDocument();
    expect(within(books).getByText('Agreement completed and sealed')).toBeInTheDocument();
    expect(within(books).getByText('Invoice paid')).toBeInTheDocument();
    expect(books).toHaveTextContent('Last delivery2026-12-01 10:30 PST');
    expect(within(books).getByRole('button', { name: 'Disable' })).toBeInTheDocument();

    const pm = card(failing.url);
    expect(
      within(pm).getByText('Disabled after failing since 2026-11-27 12:00 PST'),
    ).toBeInTheDocument();
    expect(within(pm).getByRole('button', { name: 'Enable again' })).toBeInTheDocument();
    expect(pm).toHaveTextContent('SecretRotated 2026-11-20 09:00 PST');
    expect(within(card(paused.url)).getByText('Disabled by an admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Local webhook inbox' })).toHaveAttribute(
      'href',
      '/webhook-inbox',
    );
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('reads on a phone too, with a delivery log open', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    const { api } = hooksApi();
    api.on('GET', new RegExp(`^${LOG}`), () => ({
      status: 200,
      body: { items: [delivery('d1')], nextCursor: null },
    }));
    await renderShell('/webhooks', { api });
    const books = await waitFor(() => card(ENDPOINT.url));
    await user.click(within(books).getByRole('button', { name: 'Delivery log' }));
    await within(books).findByRole('list', { name: 'Deliveries' });
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('asks for an https address and at least one event before anything is sent', async () => {
    const user = userEvent.setup();
    const { api } = hooksApi();
    await renderShell('/webhooks', { api });
    const form = screen.getByRole('form', { name: 'Add an endpoint' });
    const url = within(form).getByRole('textbox', { name: /Endpoint URL/ });
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(url).toHaveAccessibleDescription(/Enter the full address, starting with https:\/\//);
    expect(url).toHaveFocus();
    const events = within(form).getByRole('group', { name: /Events/ });
    expect(events).toHaveAccessibleDescription(/Choose at least one event\./);

    await user.type(url, 'http://books.example.com/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(url).toHaveAccessibleDescription(/Use an https:\/\/ address/);
    await user.clear(url);
    await user.type(url, 'https://user:pw@books.example.com/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(url).toHaveAccessibleDescription(/Leave the user name and password out/);
    expect(api.callsTo('POST', '/api/webhook-endpoints')).toHaveLength(0);
    await expectNoSeriousAxeViolations(form);
  });

  it('adds an endpoint, shows its signing secret once, then lists it without the secret', async () => {
    const user = userEvent.setup();
    const { api, state } = hooksApi({ endpoints: [] });
    const added: WebhookEndpointView = {
      ...ENDPOINT,
      url: 'https://books.example.com/hooks/prosign',
      events: ['agreement.sent', 'agreement.completed'],
      lastDeliveryAt: null,
    };
    api.on('POST', '/api/webhook-endpoints', () => {
      state.endpoints = [added];
      return { status: 201, body: { endpoint: added, secret: SECRET } };
    });
    await renderShell('/webhooks', { api });
    expect(await screen.findByText(/No endpoint yet/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add an endpoint' });
    await user.type(
      within(form).getByRole('textbox', { name: /Endpoint URL/ }),
      ' https://books.example.com/hooks/prosign ',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Accounting');
    const events = within(form).getByRole('group', { name: /Events/ });
    const completed = within(events).getByRole('checkbox', {
      name: 'Agreement completed and sealed',
    });
    expect(completed).toHaveAccessibleDescription('agreement.completed');
    await user.click(completed);
    await user.click(
      within(events).getByRole('checkbox', { name: 'Agreement sent for signature' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: 'The endpoint’s signing secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    expect(dialog).toHaveTextContent('you will not see it again');
    expect(api.callsTo('POST', '/api/webhook-endpoints')[0]?.body).toEqual({
      url: 'https://books.example.com/hooks/prosign',
      description: 'Accounting',
      // In the order of the list, whatever order they were ticked in.
      events: ['agreement.sent', 'agreement.completed'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'I have stored it' }));
    const listed = await waitFor(() => card(added.url));
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    await waitFor(() => expect(within(listed).getByRole('heading')).toHaveFocus());
  });

  it("shows the server's refusal of an address under the URL", async () => {
    const user = userEvent.setup();
    const { api } = hooksApi();
    api.on('POST', '/api/webhook-endpoints', () => ({
      status: 400,
      body: {
        statusCode: 400,
        message: "The endpoint's host books.internal resolves to 10.0.0.7, a private address.",
        error: 'Bad Request',
      },
    }));
    await renderShell('/webhooks', { api });
    const form = screen.getByRole('form', { name: 'Add an endpoint' });
    const url = within(form).getByRole('textbox', { name: /Endpoint URL/ });
    await user.type(url, 'https://books.internal/hooks');
    await user.click(within(form).getByRole('checkbox', { name: 'Invoice paid' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(/resolves to 10\.0\.0\.7/));
    expect(url).toHaveValue('https://books.internal/hooks');
  });

  it('disables and enables an endpoint, and edits its events', async () => {
    const user = userEvent.setup();
    const { api, state } = hooksApi();
    api.on('PATCH', `/api/webhook-endpoints/${ID}`, (call) => {
      const change = call.body as { enabled?: boolean; events?: WebhookEndpointView['events'] };
      const current = state.endpoints[0]!;
      state.endpoints = [
        {
          ...current,
          ...(change.events ? { events: change.events } : {}),
          ...(change.enabled === undefined
            ? {}
            : { state: change.enabled ? 'enabled' : 'disabled_by_admin' }),
        },
      ];
      return { status: 200, body: state.endpoints[0] };
    });
    await renderShell('/webhooks', { api });
    await user.click(
      within(await waitFor(() => card(ENDPOINT.url))).getByRole('button', { name: 'Disable' }),
    );
    await waitFor(() =>
      expect(within(card(ENDPOINT.url)).getByText('Disabled by an admin')).toBeInTheDocument(),
    );
    expect(
      screen.getByText('Endpoint disabled: no events are delivered to it.'),
    ).toBeInTheDocument();
    await user.click(within(card(ENDPOINT.url)).getByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(within(card(ENDPOINT.url)).getByText('Enabled')).toBeInTheDocument(),
    );
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { enabled: false },
      { enabled: true },
    ]);

    await user.click(within(card(ENDPOINT.url)).getByRole('button', { name: 'Edit…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(dialog).getByRole('textbox', { name: /Endpoint URL/ })).toHaveValue(ENDPOINT.url);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invoice paid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
      url: ENDPOINT.url,
      description: ENDPOINT.description,
      events: ['agreement.completed'],
    });
    await waitFor(() =>
      expect(within(card(ENDPOINT.url)).queryByText('Invoice paid')).not.toBeInTheDocument(),
    );
  });

  it('rotates the secret after saying the old one stays valid 24 h, and shows the new one once', async () => {
    const user = userEvent.setup();
    const { api, state } = hooksApi();
    const rotated: WebhookEndpointView = {
      ...ENDPOINT,
      secretRotatedAt: '2026-12-02T17:00:00.000Z',
      previousSecretUntil: '2099-12-03T17:00:00.000Z',
      previousSecretsUntil: ['2099-12-03T17:00:00.000Z'],
    };
    api.on('POST', `/api/webhook-endpoints/${ID}/rotate-secret`, () => {
      state.endpoints = [rotated];
      return { status: 201, body: { endpoint: rotated, secret: SECRET } };
    });
    await renderShell('/webhooks', { api });
    await user.click(
      within(await waitFor(() => card(ENDPOINT.url))).getByRole('button', {
        name: 'Rotate secret…',
      }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(ask).toHaveAccessibleDescription(/The old secret stays valid for 24 hours/);
    await user.click(within(ask).getByRole('button', { name: 'Rotate secret' }));

    const shown = await screen.findByRole('dialog', { name: 'The new signing secret' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    expect(shown).toHaveTextContent('The old secret stays valid until 2099-12-03 09:00 PST');
    await user.click(within(shown).getByRole('button', { name: 'I have stored it' }));
    await waitFor(() =>
      expect(card(ENDPOINT.url)).toHaveTextContent(
        'the previous one is accepted until 2099-12-03 09:00 PST',
      ),
    );
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('says till when each of several old secrets is accepted, and that at most 3 are kept', async () => {
    const user = userEvent.setup();
    const { api, state } = hooksApi();
    const rotated: WebhookEndpointView = {
      ...ENDPOINT,
      secretRotatedAt: '2099-12-02T17:00:00.000Z',
      previousSecretUntil: '2099-12-03T17:00:00.000Z',
      previousSecretsUntil: ['2099-12-03T17:00:00.000Z', '2099-12-03T05:00:00.000Z'],
    };
    api.on('POST', `/api/webhook-endpoints/${ID}/rotate-secret`, () => {
      state.endpoints = [rotated];
      return { status: 201, body: { endpoint: rotated, secret: SECRET } };
    });
    await renderShell('/webhooks', { api });
    await user.click(
      within(await waitFor(() => card(ENDPOINT.url))).getByRole('button', {
        name: 'Rotate secret…',
      }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(ask).toHaveTextContent('at most 3 old secrets are kept, the oldest dropped first');
    await user.click(within(ask).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'The new signing secret' });
    expect(shown).toHaveTextContent('One older secret is still valid too');
    await user.click(within(shown).getByRole('button', { name: 'I have stored it' }));
    await waitFor(() =>
      expect(card(ENDPOINT.url)).toHaveTextContent(
        '2 previous ones are accepted until 2099-12-03 09:00 PST, 2099-12-02 21:00 PST',
      ),
    );
  });

  it('sends a test event and opens the delivery log, where it shows as a test event; the endpoint is read again', async () => {
    const user = userEvent.setup();
    const { api, state } = hooksApi();
    const test = delivery('t1', {
      eventType: 'webhook.test',
      requestBody: JSON.stringify({ id: 'msg_test_t1', type: 'webhook.test', test: true }),
    });
    const log = { items: [] as WebhookDeliveryView[] };
    api.on('GET', new RegExp(`^${LOG}`), () => ({
      status: 200,
      body: { items: log.items, nextCursor: null },
    }));
    api.on('POST', `/api/webhook-endpoints/${ID}/test-event`, () => {
      log.items = [test];
      state.endpoints = [{ ...ENDPOINT, lastDeliveryAt: '2026-12-02T18:00:00.000Z' }];
      return { status: 202, body: { ...test, state: 'pending' } };
    });
    await renderShell('/webhooks', { api });
    const books = await waitFor(() => card(ENDPOINT.url));
    const send = within(books).getByRole('button', { name: 'Send test event' });
    expect(send).toHaveAccessibleDescription(ENDPOINT.url);
    await user.click(send);
    expect(
      await screen.findByText('Test event queued: it shows in the delivery log.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/webhook-endpoints/${ID}/test-event`)).toHaveLength(1);
    expect(within(books).getByRole('button', { name: 'Delivery log' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const item = await within(books).findByRole('listitem', { name: 'Test event' });
    expect(item).toHaveTextContent('webhook.test');
    // Read again with its log: the endpoint's last delivery is the test event.
    await waitFor(() => expect(books).toHaveTextContent('Last delivery2026-12-02 10:00 PST'));
  });

  it('offers no test event to a disabled endpoint, and says why', async () => {
    const paused: WebhookEndpointView = { ...ENDPOINT, state: 'disabled_by_admin' };
    const { api } = hooksApi({ endpoints: [paused] });
    await renderShell('/webhooks', { api });
    const send = within(await waitFor(() => card(ENDPOINT.url))).getByRole('button', {
      name: 'Send test event',
    });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(
      `${ENDPOINT.url} Enable the endpoint to send it a test event.`,
    );
  });

  it('deletes an endpoint after asking; focus goes to the list', async () => {
    const user = userEvent.setup();
    const { api, state } = hooksApi();
    api.on('DELETE', `/api/webhook-endpoints/${ID}`, () => {
      state.endpoints = [];
      return { status: 204 };
    });
    await renderShell('/webhooks', { api });
    await user.click(
      within(await waitFor(() => card(ENDPOINT.url))).getByRole('button', { name: 'Delete…' }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(ask).toHaveTextContent(ENDPOINT.url);
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText(/No endpoint yet/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/webhook-endpoints/${ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Endpoints' })).toHaveFocus());
  });

  it('is not for staff who are not administrators: nothing is fetched', async () => {
    const { api } = hooksApi({
      session: staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: FULL_ACCESS,
      }),
    });
    await renderShell('/webhooks', { api });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/webhook-endpoints')).toHaveLength(0);
  });
});

describe('the delivery log', () => {
  const failed = delivery('d1', {
    eventType: 'invoice.paid',
    state: 'failed',
    attempts: [
      { at: '2026-11-28T18:00:00.000Z', status: 500, latencyMs: 120, error: 'answered 500' },
      {
        at: '2026-12-01T18:00:00.000Z',
        status: null,
        latencyMs: 10_000,
        error: 'timed out after 10 s',
      },
    ],
    requestBody: '{"id":"msg_d1","type":"invoice.paid","data":{"object":"invoice"}}',
    responseExcerpt: '{"error":"upstream down"}',
  });

  function logApi() {
    const { api } = hooksApi();
    const pages: Record<string, WebhookDeliveryPage> = {
      first: { items: [failed, delivery('d2')], nextCursor: 'c2' },
      c2: { items: [delivery('d3', { eventType: 'agreement.sent' })], nextCursor: null },
      failed: { items: [failed], nextCursor: null },
    };
    api.on('GET', new RegExp(`^${LOG}`), (call) => {
      const query = new URL(call.path, 'http://x').searchParams;
      const key = query.get('cursor') ?? (query.get('state') === 'failed' ? 'failed' : 'first');
      return { status: 200, body: pages[key] };
    });
    return api;
  }

  async function openLog(user: ReturnType<typeof userEvent.setup>) {
    const books = await waitFor(() => card(ENDPOINT.url));
    const toggle = within(books).getByRole('button', { name: 'Delivery log' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const log = screen.getByRole('region', { name: `Delivery log of ${ENDPOINT.url}` });
    return { log, list: await within(log).findByRole('list', { name: 'Deliveries' }) };
  }

  it('shows each delivery with its state, attempts, last status, latency and time; expands to the bodies', async () => {
    const user = userEvent.setup();
    await renderShell('/webhooks', { api: logApi() });
    const { list } = await openLog(user);
    const item = within(list).getByRole('listitem', { name: 'Invoice paid' });
    expect(within(item).getByText('Failed')).toBeInTheDocument();
    expect(item).toHaveTextContent('Attempts2');
    expect(item).toHaveTextContent('Last statusNo answer');
    expect(item).toHaveTextContent('Latency10000 ms');
    expect(item).toHaveTextContent('Time2026-12-01 10:30 PST');

    const toggle = within(item).getByRole('button', { name: /Invoice paid/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const request = within(item).getByLabelText('Request body');
    expect(request.textContent).toBe(
      JSON.stringify({ id: 'msg_d1', type: 'invoice.paid', data: { object: 'invoice' } }, null, 2),
    );
    expect(within(item).getByLabelText('Answer (first 2 KB)')).toHaveTextContent(
      '"error": "upstream down"',
    );
    const attempts = within(within(item).getByRole('list', { name: 'Attempts' })).getAllByRole(
      'listitem',
    );
    expect(attempts[0]).toHaveTextContent('2026-11-28 10:00 PST500120 msanswered 500');
    expect(attempts[1]).toHaveTextContent('No answer10000 mstimed out after 10 s');
    await expectNoSeriousAxeViolations(item);
  });

  it('loads older deliveries by cursor and moves the focus to the first of them', async () => {
    const user = userEvent.setup();
    const api = logApi();
    await renderShell('/webhooks', { api });
    const { log, list } = await openLog(user);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(log).getByRole('status')).toHaveTextContent(
      '2 deliveries shown; older ones with Load more.',
    );
    await user.click(within(log).getByRole('button', { name: 'Load more' }));
    const older = await within(list).findByRole('listitem', {
      name: 'Agreement sent for signature',
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(log).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(older).getByRole('button', { name: /Agreement sent/ })).toHaveFocus(),
    );
    expect(api.calls.filter((call) => call.path.startsWith(LOG)).map((call) => call.path)).toEqual([
      LOG,
      `${LOG}?cursor=c2`,
    ]);
  });

  it('filters by state', async () => {
    const user = userEvent.setup();
    const api = logApi();
    await renderShell('/webhooks', { api });
    const { log } = await openLog(user);
    await user.selectOptions(within(log).getByRole('combobox', { name: 'State' }), 'failed');
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(1));
    expect(api.calls.filter((call) => call.path.startsWith(LOG)).at(-1)?.path).toBe(
      `${LOG}?state=failed`,
    );
    expect(within(log).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('resends a delivery and reads the log again', async () => {
    const user = userEvent.setup();
    const api = logApi();
    const resendPath = `${LOG}/d1/resend`;
    api.on('POST', resendPath, () => ({ status: 201, body: { ...failed, state: 'pending' } }));
    await renderShell('/webhooks', { api });
    const { list } = await openLog(user);
    const item = within(list).getByRole('listitem', { name: 'Invoice paid' });
    const before = api.calls.filter(
      (call) => call.method === 'GET' && call.path.startsWith(LOG),
    ).length;
    const resend = within(item).getByRole('button', { name: 'Resend' });
    expect(resend).toHaveAccessibleDescription('Invoice paid');
    await user.click(resend);
    expect(await screen.findByText('Sent again: the delivery is queued.')).toBeInTheDocument();
    expect(api.callsTo('POST', resendPath)).toHaveLength(1);
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.method === 'GET' && call.path.startsWith(LOG)).length,
      ).toBeGreaterThan(before),
    );
  });
});
