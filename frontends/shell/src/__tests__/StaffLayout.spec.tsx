import { createAccessFlags } from '@prosign/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, staffSession } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

describe('staff layout', () => {
  beforeEach(() => setViewportWidth(1280));

  it('shows the title, every entry the flags permit and the footer', async () => {
    await renderShell('/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Staff navigation' });
    expect(within(nav).getByText('ProSign')).toBeInTheDocument();
    for (const entry of ['Home', 'Dashboard', 'Services', 'Terms', 'Invoices', 'User Access']) {
      expect(within(nav).getByRole('link', { name: entry })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('button', { name: 'SOW Management' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} ProSign`,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'contracts / Dashboard' }),
    ).toBeInTheDocument();
  });

  it('hides the entries whose flag is false and shows a single SOW entry directly', async () => {
    await renderShell('/terms', {
      flags: createAccessFlags({ tncAccess: true, sowDashboardAccess: true }),
    });
    const nav = screen.getByRole('navigation');
    const [brand, ...entries] = within(nav).getAllByRole('link');
    expect(brand).toHaveAccessibleName('ProSign home');
    expect(entries.map((link) => link.textContent)).toEqual([
      'Terms',
      'SOW Dashboard',
      'Waiting for my signature',
    ]);
    expect(within(nav).queryByRole('button', { name: 'SOW Management' })).not.toBeInTheDocument();
  });

  it('marks the current entry, and counts /co as Home', async () => {
    await renderShell('/co', { state: { dealId: 'd-1' } });
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { name: 'sowCo / ChangeOrder' })).toBeInTheDocument();
  });

  it('opens the SOW Management menu from the keyboard and closes it with Escape', async () => {
    const user = userEvent.setup();
    await renderShell('/dashboard');
    const menu = screen.getByRole('button', { name: 'SOW Management' });
    menu.focus();
    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'SOW Home' })).toBeVisible();
    await user.tab();
    expect(screen.getByRole('link', { name: 'SOW Home' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'SOW Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'SOW Dashboard' })).not.toBeInTheDocument();
  });

  it('navigates from the SOW Management menu', async () => {
    const user = userEvent.setup();
    await renderShell('/');
    await user.click(screen.getByRole('button', { name: 'SOW Management' }));
    await user.click(screen.getByRole('link', { name: 'SOW Dashboard' }));
    expect(
      await screen.findByRole('heading', { name: 'sowCo / SowDashboard' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sow-dashboard');
    expect(screen.getByRole('button', { name: 'SOW Management' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe("the administrators' Integrations menu", () => {
  beforeEach(() => setViewportWidth(1280));

  it('holds API keys, Webhooks and the API reference, which opens on the api in a new tab', async () => {
    const user = userEvent.setup();
    await renderShell('/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Staff navigation' });
    const menu = within(nav).getByRole('button', { name: 'Integrations' });
    await user.click(menu);
    const entries = within(nav)
      .getAllByRole('link')
      .filter((link) => link.closest('.navgroup') === menu.closest('.navgroup'));
    expect(entries.map((link) => link.textContent)).toEqual([
      'API keys',
      'Webhooks',
      'API reference ↗ (opens in a new tab)',
    ]);
    const reference = within(nav).getByRole('link', {
      name: 'API reference (opens in a new tab)',
    });
    expect(reference).toHaveAttribute('href', 'http://api.test/api/v1/reference');
    expect(reference).toHaveAttribute('target', '_blank');
    expect(reference).toHaveAttribute('rel', 'noopener noreferrer');

    await user.click(within(nav).getByRole('link', { name: 'Webhooks' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Integrations' })).toHaveClass(
      'navbar__link--active',
    );
  });

  it('is not shown to staff who are not administrators, whatever their flags', async () => {
    const api = createFakeApi({
      session: staffSession({ email: 'csm@prosign.example', roles: ['csm'], isAdmin: false }),
    });
    await renderShell('/dashboard', { api });
    const nav = screen.getByRole('navigation', { name: 'Staff navigation' });
    expect(within(nav).getByRole('link', { name: 'User Access' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Integrations' })).not.toBeInTheDocument();
  });
});

describe('mobile layout (width ≤ 480 px)', () => {
  it('folds the entries behind a Menu button that toggles aria-expanded', async () => {
    setViewportWidth(375);
    const user = userEvent.setup();
    await renderShell('/dashboard');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Services' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Services' })).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Services' }));
    expect(
      await screen.findByRole('heading', { name: 'contracts / Services' }),
    ).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('has no Menu button on a wide screen', async () => {
    setViewportWidth(481);
    await renderShell('/dashboard');
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Services' })).toBeVisible();
  });
});
