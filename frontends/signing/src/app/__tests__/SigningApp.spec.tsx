import { CAPTCHA_PASS_HEADER } from '@prosign/domain';
import { ToastProvider, useToast } from '@prosign/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeClient, TEST_CONFIG } from '../../test-support/fake-signing-api';
import { EnsureToasts } from '../EnsureToasts';
import { customerSigningLink, linkSigningLink, SigningApp } from '../SigningApp';

describe('SigningApp on its own origin', () => {
  beforeEach(() => {
    // No API answers here: every request fails as if the network were down.
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  });

  it('gives the verification page its data layer (no QueryClient from a host)', async () => {
    window.history.pushState({}, '', '/verify/abc');
    render(<SigningApp config={TEST_CONFIG} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify a signed document' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('The document could not be loaded', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  }, 30_000);

  it('shows the captcha step of a signing link first', async () => {
    window.history.pushState({}, '', '/tok-1?docLink=https%3A%2F%2Fdocs.test%2Fd%2Fdoc-1%2Fedit');
    render(<SigningApp config={TEST_CONFIG} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeInTheDocument();
    expect(await screen.findByText(/please confirm you are not a robot/)).toBeInTheDocument();
  });
});

describe('the customer signing link, rendered without the router', () => {
  it.each([
    ['/tok-1', '', { token: 'tok-1', docLink: null, prefix: null }],
    [
      '/tok-1/',
      '?docLink=https%3A%2F%2Fd%2Fx&prefix=email',
      { token: 'tok-1', docLink: 'https://d/x', prefix: 'email' },
    ],
    ['/a%20b', '', { token: 'a b', docLink: null, prefix: null }],
    ['/verify', '', { token: 'verify', docLink: null, prefix: null }],
  ])('%s%s is the customer page', (pathname, search, expected) => {
    expect(customerSigningLink({ pathname, search })).toEqual(expected);
  });

  it.each([
    '/',
    '/verify/abc',
    '/sow-signature/SOW-1',
    '/co-signature/CO-1',
    '/a/b/c',
    '/%E0%A4%A',
  ])('%s goes to the router', (pathname) => {
    expect(customerSigningLink({ pathname, search: '' })).toBeNull();
  });

  it('passes the captcha and verifies the token with the pass, toasts and data layer brought by the flow', async () => {
    sessionStorage.clear();
    window.history.pushState({}, '', '/tok-2?docLink=https%3A%2F%2Fdocs.test%2Fd%2Fdoc-1%2Fedit');
    const api = fakeClient({
      'GET /api/captcha/config': () => ({ adapter: 'local', challenge: 'challenge-1' }),
      'POST /api/captcha/verify': () => ({
        pass: 'pass-2',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      'POST /api/verifyToken': () => new Promise(() => undefined),
    });
    const user = userEvent.setup();
    render(<SigningApp config={TEST_CONFIG} client={api.client} />);
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    expect(await screen.findByText('Verifying your link…')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/verifyToken')).toBeDefined(),
    );
    const verify = api.calls.find((call) => call.path === '/api/verifyToken');
    expect(verify?.headers?.[CAPTCHA_PASS_HEADER]).toBe('pass-2');
  });
});

describe('the SOW and CO links, rendered without the router', () => {
  it.each([
    ['/sow-signature/SOW-12', { family: 'sow', customId: 'SOW-12' }],
    ['/co-signature/CO-7/', { family: 'co', customId: 'CO-7' }],
    ['/co-signature/a%20b', { family: 'co', customId: 'a b' }],
  ])('%s', (pathname, expected) => {
    expect(linkSigningLink({ pathname })).toEqual(expected);
  });

  it.each(['/sow-signature', '/sow-signature/a/b', '/verify/abc', '/tok-1', '/x-signature/1'])(
    '%s is not one',
    (pathname) => {
      expect(linkSigningLink({ pathname })).toBeNull();
    },
  );

  it('checks a SOW link, then asks for the captcha', async () => {
    sessionStorage.clear();
    window.history.pushState({}, '', '/sow-signature/SOW-12');
    const api = fakeClient({
      'GET /api/sow/verify-link/SOW-12': () => ({ valid: true, linkState: 'open' }),
      'GET /api/captcha/config': () => ({ adapter: 'local', challenge: 'challenge-1' }),
    });
    render(<SigningApp config={TEST_CONFIG} client={api.client} />);
    expect(await screen.findByRole('checkbox', { name: "I'm not a robot" })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
        'GET /api/sow/verify-link/SOW-12',
        'GET /api/captcha/config',
      ]),
    );
  });
});

describe('EnsureToasts', () => {
  function Notify() {
    const toast = useToast();
    return (
      <button type="button" onClick={() => toast.info('Saved')}>
        Notify
      </button>
    );
  }

  it('brings a ToastProvider when there is none above', async () => {
    const user = userEvent.setup();
    render(
      <EnsureToasts>
        <Notify />
      </EnsureToasts>,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it("uses the host's ToastProvider when there is one", async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <EnsureToasts>
          <Notify />
        </EnsureToasts>
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findAllByText('Saved')).toHaveLength(1);
    expect(screen.getAllByRole('region', { name: 'Notifications' })).toHaveLength(1);
  });
});
