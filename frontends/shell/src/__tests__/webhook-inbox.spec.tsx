import { FULL_ACCESS, type WebhookInboxEntry } from '@prosign/domain';
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

const SIGNED: WebhookInboxEntry = {
  id: 'w1',
  receivedAt: '2026-12-01T18:30:00.000Z',
  inbox: 'local',
  headers: {
    'webhook-id': 'msg_2Lq9',
    'webhook-timestamp': '1764613800',
    'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
    'content-type': 'application/json',
  },
  body: '{"id":"msg_2Lq9","type":"agreement.completed","timestamp":"2026-12-01T18:29:59.000Z","data":{"object":"agreement","id":"a1","sequence":7}}',
  signatureValid: true,
};

const FORGED: WebhookInboxEntry = {
  ...SIGNED,
  id: 'w2',
  receivedAt: '2026-12-01T18:31:00.000Z',
  inbox: 'books',
  body: '{"id":"msg_x","type":"invoice.paid"}',
  signatureValid: false,
};

function inboxApi({ session = staffSession(), entries = [SIGNED, FORGED] } = {}) {
  const api = createFakeApi({ session });
  answerQueue(api, []);
  const state = { entries };
  api.on('GET', '/api/webhook-inbox', () => ({ status: 200, body: state.entries }));
  return { api, state };
}

/** An entry's own disclosure (its headers have one of their own inside it). */
const disclosureOf = (item: HTMLElement) => item.querySelector('details')!;

describe('/webhook-inbox', () => {
  it('shows each delivery as a one-line summary, the newest open: event, time, signature mark, agreement', async () => {
    const user = userEvent.setup();
    const { api } = inboxApi();
    await renderShell('/webhook-inbox', { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Webhook inbox' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Received' });
    const items = within(list).getAllByRole('listitem');
    // Newest first.
    expect(items.map((item) => disclosureOf(item).querySelector('summary')?.textContent)).toEqual([
      'invoice.paid2026-12-01 10:31 PST✗ Signature invalid',
      'agreement.completed2026-12-01 10:30 PST✓ Signature validagreement a1',
    ]);

    // The newest is open; the older one shows only its summary line.
    const forged = within(list).getByRole('listitem', { name: 'invoice.paid' });
    const completed = within(list).getByRole('listitem', { name: 'agreement.completed' });
    expect(disclosureOf(forged)).toHaveAttribute('open');
    expect(within(forged).getByLabelText('Body of invoice.paid')).toBeVisible();
    expect(forged).toHaveTextContent('Received by inbox books');
    expect(disclosureOf(completed)).not.toHaveAttribute('open');
    expect(within(completed).getByLabelText('Body of agreement.completed')).not.toBeVisible();

    // The summary line is what opens it (a native disclosure: in a browser Enter and Space do
    // too, which the browser test checks).
    const summary = within(completed).getByText('agreement.completed').closest('summary')!;
    summary.focus();
    expect(summary).toHaveFocus();
    await user.click(summary);
    await waitFor(() => expect(disclosureOf(completed)).toHaveAttribute('open'));
    const body = within(completed).getByLabelText('Body of agreement.completed');
    expect(body).toBeVisible();
    expect(body.textContent).toBe(JSON.stringify(JSON.parse(SIGNED.body), null, 2));
    expect(completed).toHaveTextContent('Received by inbox local');
    await user.click(within(completed).getByText('Headers (4)'));
    expect(within(completed).getByText('webhook-signature')).toBeVisible();
    expect(within(completed).getByText(SIGNED.headers['webhook-signature']!)).toBeVisible();
    expect(screen.getByText('2 deliveries received.')).toBeInTheDocument();
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it("names an invoice event's agreement, and a test event none", async () => {
    const invoice: WebhookInboxEntry = {
      ...SIGNED,
      id: 'w3',
      body: '{"id":"msg_i","type":"invoice.paid","data":{"object":"invoice","id":"a9.deposit","summary":{"agreementId":"a9"}}}',
    };
    const test: WebhookInboxEntry = {
      ...SIGNED,
      id: 'w4',
      receivedAt: '2026-12-01T18:35:00.000Z',
      body: '{"id":"msg_test_1","type":"webhook.test","test":true,"data":{"object":"test","endpointId":"e1"}}',
    };
    const { api } = inboxApi({ entries: [invoice, test] });
    await renderShell('/webhook-inbox', { api });
    const list = await screen.findByRole('list', { name: 'Received' });
    expect(within(list).getByRole('listitem', { name: 'invoice.paid' })).toHaveTextContent(
      'agreement a9',
    );
    expect(within(list).getByRole('listitem', { name: 'webhook.test' })).not.toHaveTextContent(
      'agreement',
    );
  });

  it('reads on a phone too', async () => {
    setViewportWidth(390);
    const { api } = inboxApi();
    await renderShell('/webhook-inbox', { api });
    await screen.findByRole('list', { name: 'Received' });
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('says when nothing came yet, with the address to point an endpoint at, and polls', async () => {
    const { api, state } = inboxApi({ entries: [] });
    await renderShell('/webhook-inbox', { api });
    expect(await screen.findByText(/Nothing received yet/)).toBeInTheDocument();
    expect(screen.getByText('http://api.test/api/webhook-inbox/receive/local')).toBeInTheDocument();
    state.entries = [{ ...SIGNED, signatureValid: null, body: 'not json' }];
    // The next poll (every 5 s) brings the delivery.
    const entry = await screen.findByRole('listitem', { name: 'Not an event' }, { timeout: 7_000 });
    expect(within(entry).getByText('Signature not checked')).toBeInTheDocument();
    expect(within(entry).getByLabelText('Body of the delivery')).toHaveTextContent('not json');
  }, 15_000);

  it('explains that the inbox is local only when the api has none', async () => {
    const { api } = inboxApi();
    api.on('GET', '/api/webhook-inbox', () => ({
      status: 404,
      body: { statusCode: 404, message: 'Cannot GET /api/webhook-inbox', error: 'Not Found' },
    }));
    await renderShell('/webhook-inbox', { api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The webhook inbox could not be loaded');
    expect(alert).toHaveTextContent('exists only in the local stack');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is reached from the mailbox', async () => {
    const user = userEvent.setup();
    const { api } = inboxApi();
    api.on('GET', /^\/api\/mailbox/, () => ({ status: 200, body: { messages: [], total: 0 } }));
    await renderShell('/mailbox', { api });
    await user.click(screen.getByRole('link', { name: 'Webhook inbox' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Webhook inbox' }),
    ).toBeInTheDocument();
  });

  it('is not for staff who are not administrators: nothing is fetched', async () => {
    const { api } = inboxApi({
      session: staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: FULL_ACCESS,
      }),
    });
    await renderShell('/webhook-inbox', { api });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/webhook-inbox')).toHaveLength(0));
  });
});
