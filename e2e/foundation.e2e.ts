// The foundation as a person meets it: the shell opens with its navigation,
// every remote's screen loads inside it, the API is healthy, the signing app
// runs on its own origin, and a remote that is down only takes its own
// section with it.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { expectAppOnCaptchaStep } from './support/captcha-step';
import { DEMO, signIn, signInWithRequest } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

const apiUrl = process.env.E2E_API_URL ?? 'http://localhost:3000/api';

// Staff routes need a session: every test here acts as the demo admin (all sections).
test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.admin);
});
const signingUrl = process.env.E2E_SIGNING_URL ?? 'http://localhost:8084';

/** One route of each remote (and the shell's own), with the heading its screen shows. */
const screens: Array<{ route: string; heading: RegExp; remote: string }> = [
  { route: '/', heading: /create contract/i, remote: 'contracts' },
  { route: '/dashboard', heading: /dashboard/i, remote: 'contracts' },
  { route: '/services', heading: /services/i, remote: 'contracts' },
  { route: '/terms', heading: /terms/i, remote: 'contracts' },
  { route: '/sow', heading: /sow/i, remote: 'sow-co' },
  { route: '/sow-dashboard', heading: /sow dashboard/i, remote: 'sow-co' },
  { route: '/sow-template-edit', heading: /template/i, remote: 'sow-co' },
  { route: '/invoices', heading: /invoices/i, remote: 'invoices' },
  { route: '/user-access', heading: /user access/i, remote: 'shell' },
];

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the shell opens with its navigation, title and footer', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation');
  await expect(nav).toBeVisible();
  await expect(page.getByText('ProSign').first()).toBeVisible();
  for (const entry of ['Home', 'Dashboard', 'Services', 'Terms', 'User Access']) {
    await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: /SOW Management/ })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('©');
  await page.screenshot({ path: path.join(screenshots, 'shell-dashboard.png'), fullPage: true });
  expect(
    errors.filter((e) =>
      /Invalid hook call|Shared module|eager consumption|Content Security Policy/i.test(e),
    ),
  ).toEqual([]);
});

for (const screen of screens) {
  test(`${screen.route} loads the ${screen.remote} screen inside the shell`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(screen.route);
    await expect(page.getByRole('navigation')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      screen.heading,
    );
    const name = screen.route === '/' ? 'home' : screen.route.slice(1);
    await page.screenshot({ path: path.join(screenshots, `screen-${name}.png`) });
    // The frontends' CSP lets the shell load every remote (scripts, styles, API, socket).
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });
}

test('the SOW Management menu opens from the keyboard', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('button', { name: /SOW Management/ });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'SOW Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'SOW Dashboard' }).click();
  await expect(page).toHaveURL(/\/sow-dashboard$/);
});

test('the error page shows the status and message from the query', async ({ page }) => {
  await page.goto('/error');
  await expect(page.getByText('500 Error')).toBeVisible();
  await expect(page.getByText('Something went wrong.')).toBeVisible();
  await page.goto('/error?status=404&message=No%20such%20contract');
  await expect(page.getByText('404 Error')).toBeVisible();
  await expect(page.getByText('No such contract')).toBeVisible();
});

test('on a phone-sized screen the navigation sits behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard');
  const toggle = page.getByRole('button', { name: /menu/i });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Services', exact: true })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Services', exact: true })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'shell-mobile-menu.png') });
});

test('the API reports the database and Redis up', async ({ request }) => {
  const response = await request.get(`${apiUrl}/health`);
  expect(response.status()).toBe(200);
  const health = await response.json();
  expect(health.database.up).toBe(true);
  expect(health.redis.up).toBe(true);
  expect(health.adapters.crm).toBe('local');
});

test('a job enqueued through the API is processed by the worker', async ({ request }) => {
  // Diagnostics are admin-only.
  await signInWithRequest(request, DEMO.admin);
  const created = await request.post(`${apiUrl}/diagnostics/echo`, {
    data: { message: 'hello worker' },
  });
  expect(created.status()).toBe(202);
  const { jobId } = await created.json();
  await expect
    .poll(
      async () => (await (await request.get(`${apiUrl}/diagnostics/echo/${jobId}`)).json()).state,
      {
        timeout: 20_000,
      },
    )
    .toBe('completed');
  const done = await (await request.get(`${apiUrl}/diagnostics/echo/${jobId}`)).json();
  expect(done.result.message).toBe('hello worker');
});

test('the signing app opens on its own origin', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto(`${signingUrl}/demo-token?docLink=https://docs.example/d/abc/edit&prefix=std`);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'signing-standalone.png') });
  // The captcha step renders under the signing server's CSP (its inline prefetch script included):
  // painted from the page's HTML, then the app's own.
  await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();
  await expectAppOnCaptchaStep(page);
  expect(
    errors.filter((e) => /Invalid hook call|Shared module|Content Security Policy/i.test(e)),
  ).toEqual([]);
});

test.describe('a remote that is down', () => {
  let shellServer: Server;
  let shellUrl: string;
  let downRemote: net.Server;

  test.beforeAll(async () => {
    // A second shell server whose runtime manifest points the contracts remote at a port
    // whose listener resets every connection: a real outage, not a mock (a port merely
    // released could be given to another server meanwhile).
    const { startFrontendServer } = await import('../scripts/serve-frontend.mjs');
    const remotes = JSON.parse(process.env.E2E_REMOTE_URLS ?? '{}') as Record<string, string>;
    downRemote = net.createServer((socket) =>
      socket.on('error', () => undefined).resetAndDestroy(),
    );
    await new Promise<void>((resolve) => downRemote.listen(0, '127.0.0.1', resolve));
    const closed = (downRemote.address() as AddressInfo).port;
    shellServer = await startFrontendServer({
      app: 'shell',
      // A port the API allows (CORS_ORIGINS), so this shell can check the session.
      port: Number(process.env.E2E_SPARE_SHELL_PORT ?? 0),
      env: {
        ...process.env,
        CONTRACTS_REMOTE_URL: `http://localhost:${closed}`,
        SOW_CO_REMOTE_URL: remotes['sow-co'],
        INVOICES_REMOTE_URL: remotes.invoices,
        SIGNING_REMOTE_URL: remotes.signing,
      },
    });
    shellUrl = `http://localhost:${(shellServer.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => shellServer?.close(resolve));
    await new Promise((resolve) => downRemote?.close(resolve));
  });

  test('shows the error panel for its section only', async ({ page }) => {
    await page.goto(`${shellUrl}/dashboard`);
    await expect(page.getByRole('navigation')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(/unavailable/i);
    await page.screenshot({ path: path.join(screenshots, 'remote-down.png') });
    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(/invoices/i);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
