import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mailFrameDocument } from '../pages/MailboxPage';
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

/** jsdom has no Response class: the few members the API client reads. */
function answer(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: () => 'application/json' },
    text: () => Promise.resolve(JSON.stringify(body)),
  } as unknown as Response;
}

function serve(routes: Record<string, () => Response>) {
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const route = routes[url.pathname];
    return Promise.resolve(
      route ? route() : answer(404, { statusCode: 404, message: 'no', error: 'Not Found' }),
    );
  }) as typeof fetch;
}

beforeEach(() => setViewportWidth(1280));

describe('/mailbox', () => {
  it('lists caught mail and opens one in a sandboxed frame whose links open a new tab', async () => {
    serve({
      '/api/mailbox': () => answer(200, { messages: [summary], total: 1, page: 1, totalPages: 1 }),
      '/api/mailbox/m1': () =>
        answer(200, {
          ...summary,
          html: `<p>Hello</p><a href="${link}">Review and sign</a>`,
          text: 'Hello',
        }),
    });
    await renderShell('/mailbox');

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

  it('says so when no mail has arrived yet', async () => {
    serve({
      '/api/mailbox': () => answer(200, { messages: [], total: 0, page: 1, totalPages: 0 }),
    });
    await renderShell('/mailbox');
    expect(await screen.findByText(/No mail yet/)).toBeInTheDocument();
  });

  it('explains the error when the mailbox is not available', async () => {
    serve({});
    await renderShell('/mailbox');
    expect(await screen.findByRole('alert')).toHaveTextContent('The mailbox could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('makes every link of a mail open outside the frame', () => {
    expect(mailFrameDocument('<a href="x">x</a>')).toBe('<base target="_blank"><a href="x">x</a>');
  });
});
