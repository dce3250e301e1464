import { ApiError, ApiProvider, type RuntimeConfig } from '@prosign/api-client';
import { fakeApiClient, type FakeCall } from '@prosign/api-client/testing';
import {
  invoiceDetailsOf,
  type InvoiceClientView,
  type InvoiceStatus,
  type StoredInvoices,
} from '@prosign/domain';
import { ToastProvider } from '@prosign/ui';
import { agreementCard } from '@prosign/ui/testing';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { InvoicesPage } from '../InvoicesPage';

const CONFIG: RuntimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
};

// A fake staff socket: tests play the server's events through `mockServerEmit`.
const mockListeners = new Map<string, (event: unknown) => void>();
jest.mock('socket.io-client', () => ({
  io: () => ({
    on: (name: string, listener: (event: unknown) => void) => mockListeners.set(name, listener),
    removeAllListeners: () => mockListeners.clear(),
    disconnect: jest.fn(),
  }),
}));
function mockServerEmit(name: string, event: unknown) {
  act(() => mockListeners.get(name)?.(event));
}

let sequence = 0;
/** A signed contract as GET /api/user/details lists it, with its invoices. */
function client(
  overrides: Partial<InvoiceClientView> = {},
  invoices: StoredInvoices = {},
): InvoiceClientView {
  sequence += 1;
  const amounts = { cost: 10000, deposit: 3000, progress: 4000, balance: 3000, ...overrides };
  const token = overrides.token ?? `token-${sequence}`;
  const _id = overrides._id ?? `id-${sequence}`;
  return {
    ...agreementCard(),
    _id,
    status: 'signed',
    signedAt: '2026-03-02T18:30:00.000Z',
    token,
    full_name: `Client ${sequence}`,
    email: `client${sequence}@example.com`,
    contact_number: '+14155550100',
    company_name: '',
    cc_email: '',
    site_address: '1420 Alameda Avenue',
    city: 'San Jose',
    state: 'CA',
    zipcode: '95126',
    form_type: 'Structural',
    contractTitle: 'Structural Engineering Agreement',
    csm_email: 'csm@prosign.example',
    pm_email: '',
    hsDealId: null,
    summary: {
      title: 'Structural Engineering Agreement',
      recipientName: `Client ${sequence}`,
      recipientEmail: `client${sequence}@example.com`,
      recipientPhone: '',
      address: '1420 Alameda Avenue, San Jose, CA 95126',
      senderEmail: 'csm@prosign.example',
    },
    ...amounts,
    invoiceDetails: invoiceDetailsOf({ _id, token, amounts, invoices }),
    ...overrides,
  } as InvoiceClientView;
}

function page(clients: InvoiceClientView[], totalPages = 1) {
  return { filteredClients: clients, totalPages, total: clients.length, page: 1, limit: 10 };
}

type Handler = (call: FakeCall) => unknown;

function renderPage(routes: Record<string, Handler>) {
  const api = fakeApiClient(routes, CONFIG.apiUrl);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <ApiProvider config={CONFIG} client={api} queryClient={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </ApiProvider>
  );
  render(<InvoicesPage />, { wrapper });
  const listCalls = () => api.calls.filter((c) => c.path === '/api/user/details');
  return { calls: api.calls, listCalls };
}

const cardOf = (name: string) => screen.getByRole('listitem', { name });
const invoiceOf = (name: string, type: string) =>
  within(cardOf(name)).getByRole('listitem', { name: `${type} invoice` });

describe('InvoicesPage (spec 3 §2)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    jest.restoreAllMocks();
    Object.assign(globalThis, { fetch: realFetch });
  });

  it('lists signed contracts 10 a page with each type: amount, status, sent time, link, Send', async () => {
    const listed = client({ progress: 0, balance: 7000 });
    const { listCalls } = renderPage({ 'GET /api/user/details': () => page([listed]) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading invoices…');
    await screen.findByRole('heading', { level: 3, name: listed.full_name });
    expect(listCalls()[0].query).toEqual({ page: 1, limit: 10, filters: 'signed' });

    const deposit = invoiceOf(listed.full_name, 'Deposit');
    expect(deposit).toHaveTextContent('$3,000.00');
    expect(deposit).toHaveTextContent('Not sent yet');
    expect(within(deposit).getByRole('button', { name: /Deposit status/ })).toHaveTextContent(
      'Not paid',
    );
    expect(within(deposit).getByRole('link', { name: /Invoice PDF/ })).toHaveAttribute(
      'href',
      `http://api.test/api/template/download-deposit-pdf/${listed.token}`,
    );
    expect(within(deposit).getByRole('button', { name: /^Send/ })).toBeEnabled();
    // A type without an amount says so instead of offering a send.
    const progress = invoiceOf(listed.full_name, 'Progress');
    expect(progress).toHaveTextContent('No progress amount: nothing to invoice.');
    expect(within(progress).queryByRole('button')).toBeNull();
  });

  it('says "No signed contracts found." when there are none', async () => {
    renderPage({ 'GET /api/user/details': () => page([]) });
    expect(await screen.findByText('No signed contracts found.')).toBeInTheDocument();
  });

  it.each([
    [
      'the server failed',
      new ApiError(500, 'boom', 'Internal Server Error'),
      'Error fetching invoices.',
    ],
    [
      'the server is out of reach',
      ApiError.network(new Error('offline')),
      'An error occurred while fetching invoices.',
    ],
  ])('tells a failed fetch (%s) with the words of spec 3 §8', async (_case, error, message) => {
    renderPage({
      'GET /api/user/details': () => {
        throw error;
      },
    });
    const alerts = await screen.findAllByText(message);
    expect(alerts.length).toBeGreaterThanOrEqual(2); // in place and as a notice
  });

  it('sends an invoice, then offers a reminder with the same number', async () => {
    const user = userEvent.setup();
    let listed = client();
    const { calls } = renderPage({
      'GET /api/user/details': () => page([listed]),
      'POST /api/template/send-deposit-invoice': (call) => {
        const { isReminder } = call.body as { isReminder: boolean };
        listed = client(
          { _id: listed._id, token: listed.token, full_name: listed.full_name },
          {
            deposit: {
              number: 42,
              sentAt: '2026-03-03T17:00:00.000Z',
              lastSentAt: '2026-03-03T17:00:00.000Z',
              sendCount: isReminder ? 2 : 1,
              reminderCount: isReminder ? 1 : 0,
            },
          },
        );
        return { success: true, invoiceNumber: 'INV-000042', isReminder };
      },
    });
    await screen.findByRole('heading', { level: 3, name: listed.full_name });
    const name = listed.full_name;
    await user.click(within(invoiceOf(name, 'Deposit')).getByRole('button', { name: /^Send/ }));
    expect(await screen.findByText('Deposit invoice sent. (INV-000042)')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      token: listed.token,
      isReminder: false,
    });
    const reminder = await within(invoiceOf(name, 'Deposit')).findByRole('button', {
      name: /^Reminder/,
    });
    expect(invoiceOf(name, 'Deposit')).toHaveTextContent('INV-000042');
    await user.click(reminder);
    expect(
      await screen.findByText('Deposit invoice reminder sent. (INV-000042)'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { token: listed.token, isReminder: false },
      { token: listed.token, isReminder: true },
    ]);
  });

  it('tells a refused send with the words of spec 3 §8 and the reason', async () => {
    const user = userEvent.setup();
    const listed = client();
    renderPage({
      'GET /api/user/details': () => page([listed]),
      'POST /api/template/send-balance-invoice': () => {
        throw new ApiError(
          409,
          'The balance invoice is paid: there is nothing to send.',
          'Conflict',
        );
      },
    });
    await screen.findByRole('heading', { level: 3, name: listed.full_name });
    await user.click(
      within(invoiceOf(listed.full_name, 'Balance')).getByRole('button', { name: /^Send/ }),
    );
    expect(
      await screen.findByText(
        'Failed to send balance invoice. The balance invoice is paid: there is nothing to send.',
      ),
    ).toBeInTheDocument();
  });

  it('marks an invoice paid with the keyboard; the send is gone once paid', async () => {
    const user = userEvent.setup();
    let listed = client();
    const { calls } = renderPage({
      'GET /api/user/details': () => page([listed]),
      'PUT /api/invoice/update-status': (call) => {
        const { status } = call.body as { status: InvoiceStatus };
        listed = client(
          { _id: listed._id, token: listed.token, full_name: listed.full_name },
          { progress: { status } },
        );
        return { success: true, invoiceDetails: listed.invoiceDetails };
      },
    });
    await screen.findByRole('heading', { level: 3, name: listed.full_name });
    const select = within(invoiceOf(listed.full_name, 'Progress')).getByRole('button', {
      name: /Progress status/,
    });
    act(() => select.focus());
    await user.keyboard('{Enter}');
    const paid = await screen.findByRole('option', { name: 'Paid' });
    await user.click(paid);
    expect(await screen.findByText('Progress invoice marked paid.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      userId: listed._id,
      type: 'progress',
      status: 'paid',
    });
    await waitFor(() =>
      expect(
        within(invoiceOf(listed.full_name, 'Progress')).queryByRole('button', { name: /^Send/ }),
      ).toBeNull(),
    );
  });

  it('asks what was paid for partially paid, refusing an amount that is not less than the invoice', async () => {
    const user = userEvent.setup();
    const listed = client();
    const { calls } = renderPage({
      'GET /api/user/details': () => page([listed]),
      'PUT /api/invoice/update-status': () => ({ success: true }),
    });
    await screen.findByRole('heading', { level: 3, name: listed.full_name });
    await user.click(
      within(invoiceOf(listed.full_name, 'Deposit')).getByRole('button', {
        name: /Deposit status/,
      }),
    );
    await user.click(await screen.findByRole('option', { name: 'Partially paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit invoice partially paid' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount paid so far/ });
    await user.type(amount, '3000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(/must be less than the invoice's \$3,000.00/),
    ).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(amount);
    await user.type(amount, '1200');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      userId: listed._id,
      type: 'deposit',
      status: 'partially paid',
      paidAmount: 1200,
    });
  });

  it('tells a failed status change and a failed download with the words of spec 3 §8', async () => {
    const user = userEvent.setup();
    const listed = client();
    renderPage({
      'GET /api/user/details': () => page([listed]),
      'PUT /api/invoice/update-status': () => {
        throw new ApiError(500, 'boom', 'Internal Server Error');
      },
    });
    // The PDF is fetched as a file (not through the JSON client): the server fails it.
    const fetchPdf = jest.fn().mockResolvedValue({
      ok: false,
      status: 500,
      statusText: 'Internal Server Error',
      json: () => Promise.resolve({ statusCode: 500, message: 'boom', error: 'Internal' }),
    });
    Object.assign(globalThis, { fetch: fetchPdf });
    await screen.findByRole('heading', { level: 3, name: listed.full_name });
    await user.click(
      within(invoiceOf(listed.full_name, 'Balance')).getByRole('button', {
        name: /Balance status/,
      }),
    );
    await user.click(await screen.findByRole('option', { name: 'Paid' }));
    expect(await screen.findByText('Failed to update status.')).toBeInTheDocument();
    await user.click(
      within(invoiceOf(listed.full_name, 'Balance')).getByRole('button', { name: /Download PDF/ }),
    );
    expect(await screen.findByText('Failed to download balance invoice PDF.')).toBeInTheDocument();
  });

  it('refreshes when another screen sends or marks an invoice paid (live)', async () => {
    let listed = client();
    const { listCalls } = renderPage({ 'GET /api/user/details': () => page([listed]) });
    await screen.findByRole('heading', { level: 3, name: listed.full_name });
    const before = listCalls().length;
    listed = client(
      { _id: listed._id, token: listed.token, full_name: listed.full_name },
      { deposit: { status: 'paid' } },
    );
    mockServerEmit('invoice-changed', {
      id: listed._id,
      type: 'deposit',
      change: 'status',
      status: 'paid',
      at: new Date().toISOString(),
    });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    await waitFor(() =>
      expect(
        within(invoiceOf(listed.full_name, 'Deposit')).queryByRole('button', { name: /^Send/ }),
      ).toBeNull(),
    );
  });

  it('pages 10 at a time', async () => {
    const user = userEvent.setup();
    const clients = Array.from({ length: 10 }, () => client());
    const { listCalls } = renderPage({
      'GET /api/user/details': (call) =>
        call.query?.page === 2 ? page([client()], 2) : page(clients, 2),
    });
    await screen.findByRole('heading', { level: 3, name: clients[0].full_name });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ page: 2, limit: 10 }));
  });
});
