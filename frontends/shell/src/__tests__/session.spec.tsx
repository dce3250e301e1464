import { FULL_ACCESS, createAccessFlags } from '@prosign/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, staffSession } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

const EXPIRED = 'Your session has expired. Please log in again.';

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('staff routes and the session', () => {
  it('sends a visitor without a session to /portal and remembers the page they wanted', async () => {
    await renderShell('/dashboard?tab=2', { api: createFakeApi({ session: null }) });
    expect(screen.getByTestId('location')).toHaveTextContent('/portal');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(localStorage.getItem('lastVisitedPage')).toBe('/dashboard?tab=2');
    // Nobody was signed in here: no expiry message.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows only the navigation entries the session’s flags allow', async () => {
    const api = createFakeApi({
      session: staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: createAccessFlags({ homeAccess: true, dashboardAccess: true }),
      }),
    });
    await renderShell('/', { api });
    const nav = screen.getByRole('navigation', { name: 'Staff navigation' });
    const [brand, ...entries] = within(nav).getAllByRole('link');
    expect(brand).toHaveAccessibleName('ProSign home');
    expect(entries.map((link) => link.textContent)).toEqual([
      'Home',
      'Dashboard',
      'Invoices',
      'New document',
      'Document templates',
      'Waiting for my signature',
    ]);
    expect(within(nav).queryByRole('button', { name: 'SOW Management' })).not.toBeInTheDocument();
    expect(within(nav).getByText('csm@prosign.example')).toBeInTheDocument();
  });

  it('shows "No access" for a staff page the flags do not allow', async () => {
    await renderShell('/user-access', {
      flags: createAccessFlags({ homeAccess: true }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText(/does not have access to/)).toHaveTextContent('User Access');
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('ends the session when the expiry time passes: data cleared, message, /portal', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-03-04T08:00:00Z') });
    localStorage.setItem('contractFormData', '{"draft":1}');
    const api = createFakeApi({
      session: staffSession({ expiresAt: '2026-03-04T20:00:00.000Z' }),
    });
    await renderShell('/dashboard', { api });
    expect(localStorage.getItem('expirationTime')).toBe(
      String(Date.parse('2026-03-04T20:00:00.000Z')),
    );
    await act(async () => {
      jest.advanceTimersByTime(12 * 3600_000 - 1000);
    });
    expect(screen.getByRole('navigation')).toBeInTheDocument();

    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/portal');
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED);
    expect(localStorage.getItem('expirationTime')).toBeNull();
    expect(localStorage.getItem('contractFormData')).toBeNull();
    expect(localStorage.getItem('lastVisitedPage')).toBe('/dashboard');
  });

  it('ends the session when a staff call answers 401', async () => {
    const api = createFakeApi();
    api.on('GET', '/api/access/user', () => ({
      status: 401,
      body: { statusCode: 401, message: EXPIRED, error: 'Unauthorized' },
    }));
    await renderShell('/user-access', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByTestId('location')).toHaveTextContent('/portal');
  });

  it('tells a returning person whose stored session ended that it expired', async () => {
    localStorage.setItem('expirationTime', String(Date.now() - 1000));
    await renderShell('/', { api: createFakeApi({ session: null }) });
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByTestId('location')).toHaveTextContent('/portal');
  });

  it('signs out from the navigation', async () => {
    const user = userEvent.setup();
    const { api } = await renderShell('/terms', { flags: FULL_ACCESS });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal'));
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('remembered selections (spec 1 §2.2, §4.4)', () => {
  it('clears the drafts of / when leaving it, and the signatory when choosing Home', async () => {
    const user = userEvent.setup();
    await renderShell('/');
    localStorage.setItem('contractFormData', 'x');
    localStorage.setItem('selectedUserCardData', 'x');
    localStorage.setItem('selectedSignatoryData', 'x');
    localStorage.setItem('selectedClientData', 'x');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(localStorage.getItem('contractFormData')).toBeNull();
    expect(localStorage.getItem('selectedUserCardData')).toBeNull();
    expect(localStorage.getItem('selectedSignatoryData')).toBe('x');

    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(localStorage.getItem('selectedSignatoryData')).toBeNull();
    expect(localStorage.getItem('selectedClientData')).toBe('x');

    await user.click(screen.getByRole('button', { name: 'SOW Management' }));
    await user.click(screen.getByRole('link', { name: 'SOW Home' }));
    expect(localStorage.getItem('selectedClientData')).toBeNull();
  });

  it('clears the selected contact and signatory when the page closes', async () => {
    await renderShell('/dashboard');
    localStorage.setItem('selectedCpData', 'x');
    localStorage.setItem('selectedSignatoryData', 'x');
    localStorage.setItem('contractFormData', 'x');
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('selectedCpData')).toBeNull();
    expect(localStorage.getItem('selectedSignatoryData')).toBeNull();
    expect(localStorage.getItem('contractFormData')).toBe('x');
  });
});
