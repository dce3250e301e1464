import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mailFrameDocument } from '../pages/MailboxPage';
import { createAccessFlags } from '@prosign/domain';
import { createFakeApi, staffSession, type FakeApi } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

const link = 'http://localhost:8084/tok?docLink=x';
const summary = {
  id: 'm1',
  from: '"ProSign" <no-reply@prosign.local>',
  to: ['jo@example.com'],
  cc: [],
  subject: 'Please review and sign: Agreement',
  receivedAt: '2025-06-01T17:30:00.000Z',
  attachments: [],
};

/** An answer of the fake API: status and JSON body. */
function answer(status: number, body: unknown) {
  return { status, body };
}

/** The shell's fake API (an admin signed in) answering GET `path` (any query) for each route. */
function serve(routes: Record<string, () => { status: number; body?: unknown }>): FakeApi {
  const api = createFakeApi();
  for (const [path, route] of Object.entries(routes)) {
    api.on('GET', new RegExp(`^${path.replace(/[/.]/g, '\\$&')}(\\?|$)`), route);
  }
  return api;
}

beforeEach(() => setViewportWidth(1280));

describe('/mailbox', () => {
  it('lists caught mail and opens one in a sandboxed frame whose links open a new tab', async () => {
    const api = serve({
      '/api/mailbox': () => answer(200, { messages: [summary], total: 1, page: 1, totalPages: 1 }),
      '/api/mailbox/m1': () =>
        answer(200, {
          ...summary,
          html: `<p>Hello</p><a href="${link}">Review and sign</a>`,
          text: 'Hello',
        }),
    });
    await renderShell('/mailbox', { api });

    expect(screen.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Caught mail' });
    const item = within(list).getByRole('button', { name: /Please review and sign: Agreement/ });
    expect(item).toHaveTextContent('To jo@example.com');
    expect(item).toHaveTextContent('PST');

    await userEvent.click(item);
    const frame = await screen.findByTitle('Mail: Please review and sign: Agreement');
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain(`href="${link}"`);
    expect(frame.getAttribute('srcdoc')).toMatch(/^<base target="_blank">/);
  });

  it('lists the attachments of an opened mail, each with its download link', async () => {
    const invoice = {
      ...summary,
      id: 'm2',
      subject: 'Deposit invoice INV-000042 for 1 Main St',
      attachments: [
        {
          filename: 'INV-000042-deposit-invoice.pdf',
          contentType: 'application/pdf',
          size: 48_000,
          stored: true,
        },
        { filename: 'huge.zip', contentType: 'application/zip', size: 30_000_000, stored: false },
      ],
    };
    const api = serve({
      '/api/mailbox': () => answer(200, { messages: [invoice], total: 1, page: 1, totalPages: 1 }),
      '/api/mailbox/m2': () => answer(200, { ...invoice, html: '<p>Invoice</p>', text: 'Invoice' }),
    });
    await renderShell('/mailbox', { api });
    const item = await screen.findByRole('button', { name: /INV-000042/ });
    expect(item).toHaveTextContent('2 attachments');
    await userEvent.click(item);
    const attachments = await screen.findByRole('region', { name: 'Attachments' });
    const pdf = within(attachments).getByRole('link', { name: 'INV-000042-deposit-invoice.pdf' });
    expect(pdf.getAttribute('href')).toMatch(/\/api\/mailbox\/m2\/attachments\/0$/);
    expect(attachments).toHaveTextContent('application/pdf, 47 KB');
    expect(within(attachments).queryByRole('link', { name: /huge/ })).toBeNull();
    expect(attachments).toHaveTextContent('huge.zip (too large to keep)');
  });

  it('says so when no mail has arrived yet', async () => {
    const api = serve({
      '/api/mailbox': () => answer(200, { messages: [], total: 0, page: 1, totalPages: 0 }),
    });
    await renderShell('/mailbox', { api });
    expect(await screen.findByText(/No mail yet/)).toBeInTheDocument();
  });

  it('explains the error when the mailbox is not available', async () => {
    const api = serve({});
    await renderShell('/mailbox', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('The mailbox could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('lists what the local file service recorded, with the file linked', async () => {
    const api = serve({
      '/api/mailbox': () => answer(200, { messages: [], total: 0, page: 1, totalPages: 0 }),
      '/api/file-service/records': () =>
        answer(200, {
          records: [
            {
              id: 'r1',
              projectId: '9001',
              originalName: 'SOW-1450-Harrison-signed.pdf',
              driveLink: 'http://localhost:3000/api/documents/d/abc/',
              fileType: 'contract-sow',
              receivedAt: '2025-06-01T17:30:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          totalPages: 1,
        }),
    });
    await renderShell('/mailbox', { api });

    const section = await screen.findByRole('region', { name: 'File service records' });
    const table = await within(section).findByRole('table');
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('9001');
    expect(row).toHaveTextContent('contract-sow');
    expect(row).toHaveTextContent('PST');
    const link = within(row).getByRole('link', { name: 'SOW-1450-Harrison-signed.pdf' });
    expect(link).toHaveAttribute('href', 'http://localhost:3000/api/documents/d/abc/');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('says when the file service has recorded nothing yet', async () => {
    const api = serve({
      '/api/mailbox': () => answer(200, { messages: [], total: 0, page: 1, totalPages: 0 }),
      '/api/file-service/records': () =>
        answer(200, { records: [], total: 0, page: 1, totalPages: 0 }),
    });
    await renderShell('/mailbox', { api });
    const section = screen.getByRole('region', { name: 'File service records' });
    expect(await within(section).findByText(/No file registered yet/)).toBeInTheDocument();
  });

  it('explains that nothing is recorded when files go to the real affiliate hub', async () => {
    const api = serve({
      '/api/mailbox': () => answer(200, { messages: [], total: 0, page: 1, totalPages: 0 }),
      '/api/file-service/records': () =>
        answer(404, {
          statusCode: 404,
          message: 'File-service records exist only with FILE_SERVICE_ADAPTER=local',
          error: 'Not Found',
        }),
    });
    await renderShell('/mailbox', { api });
    const section = screen.getByRole('region', { name: 'File service records' });
    expect(await within(section).findByText(/FILE_SERVICE_ADAPTER=http/)).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a retry when the file-service records fail to load', async () => {
    const api = serve({
      '/api/mailbox': () => answer(200, { messages: [], total: 0, page: 1, totalPages: 0 }),
      '/api/file-service/records': () =>
        answer(503, { statusCode: 503, message: 'Database unavailable', error: 'Unavailable' }),
    });
    await renderShell('/mailbox', { api });
    const section = screen.getByRole('region', { name: 'File service records' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The file-service records could not be loaded',
    );
    expect(within(section).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is for administrators only: anyone else sees "No access" and nothing is fetched', async () => {
    const api = createFakeApi({
      session: staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: createAccessFlags({ homeAccess: true, dashboardAccess: true }),
      }),
    });
    api.on('GET', /^\/api\/(mailbox|file-service)/, () =>
      answer(200, { messages: [summary], total: 1, records: [], page: 1, totalPages: 1 }),
    );
    await renderShell('/mailbox', { api });

    expect(screen.getByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText(/for administrators only/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Caught mail' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => /mailbox|file-service/.test(call.path))).toEqual([]);
  });

  it('makes every link of a mail open outside the frame', () => {
    expect(mailFrameDocument('<a href="x">x</a>')).toBe('<base target="_blank"><a href="x">x</a>');
  });
});
