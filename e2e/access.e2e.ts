// Staff identity and access as people meet them: the demo admin signs in on
// the login page and sees every section; a CSM sees only what their flags
// allow; the admin turns a section on for the CSM, whose navigation shows it
// after they sign in again; and the CSM's cookie opens no forbidden endpoint.
import { expect, test, type Browser } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { DEMO, apiUrl, navEntries, signInThroughPortal } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('a visitor without a session is sent to the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Sign-in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff navigation' })).toHaveCount(0);
});

test('an unlisted user name is refused on the login page', async ({ page }) => {
  await page.goto('/portal');
  await page.getByLabel('User name').fill('nobody.here');
  await expect(page.getByText('nobody.here@prosign.example')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  // Said under the field, which is marked invalid.
  await expect(
    page.getByText('Access to the tool denied. Contact your administrator.'),
  ).toBeVisible();
  await expect(page.getByLabel('User name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
});

test('the admin sees every section; the seeded CSM only Home, the dashboards, Invoices and documents', async ({
  browser,
}) => {
  const admin = await freshPage(browser);
  await signInThroughPortal(admin.page, DEMO.admin);
  await expect(admin.page).toHaveURL(/\/$/);
  expect(await navEntries(admin.page)).toEqual([
    'Home',
    'Dashboard',
    'Services',
    'Terms',
    'SOW Management',
    'Document Dashboard',
    'Invoices',
    'Insights',
    'New document',
    'Document templates',
    'User Access',
    'Integrations',
    'Waiting for my signature',
  ]);

  // "Waiting for my signature" is the admin's (the demo's change order waits for them),
  // not the CSM's: nothing names them countersigner.
  const csm = await freshPage(browser);
  await signInThroughPortal(csm.page, DEMO.csm);
  expect(await navEntries(csm.page)).toEqual([
    'Home',
    'Dashboard',
    'Document Dashboard',
    'Invoices',
    'New document',
    'Document templates',
  ]);
  await csm.page.goto('/user-access');
  await expect(csm.page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await csm.page.screenshot({ path: path.join(screenshots, 'csm-no-access.png') });

  // The CSM's own cookie on endpoints their flags do not allow: 403, nothing changes.
  const audit = await csm.page.request.get(`${apiUrl}/access/audit`);
  expect(audit.status()).toBe(403);
  const toggle = await csm.page.request.post(`${apiUrl}/access/toggle-access`, {
    data: { email: 'csm', accessField: 'userAccessAccess' },
  });
  expect(toggle.status()).toBe(403);
  expect((await toggle.json()).message).toContain('userAccessAccess');
  const diagnostics = await csm.page.request.post(`${apiUrl}/diagnostics/echo`, {
    data: { message: 'not for csm' },
  });
  expect(diagnostics.status()).toBe(403);

  await admin.context.close();
  await csm.context.close();
});

test('the admin adds a CSM, turns Services on for them, and their navigation changes', async ({
  browser,
}) => {
  const userName = `csm.e2e${Date.now().toString(36)}`;
  const email = `${userName}@prosign.example`;

  const admin = await freshPage(browser);
  await signInThroughPortal(admin.page, DEMO.admin);
  await admin.page.getByRole('link', { name: 'User Access' }).click();
  const form = admin.page.getByRole('form', { name: 'Add user' });
  await form.getByLabel('E-mail').fill(userName);
  await expect(form.getByLabel('Role')).toHaveValue('csm');
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(admin.page.getByText(`${email} was added.`)).toBeVisible();

  const csm = await freshPage(browser);
  await signInThroughPortal(csm.page, userName);
  expect(await navEntries(csm.page)).toEqual([
    'Home',
    'Dashboard',
    'Document Dashboard',
    'Invoices',
    'New document',
    'Document templates',
  ]);
  await csm.context.close();

  const services = admin.page.getByRole('checkbox', {
    name: `Services (servicesAccess) for ${email}`,
  });
  await expect(services).not.toBeChecked();
  // The page flips the box optimistically after the click's handler has run, so
  // check() (which reads the state at once) races it on a loaded machine.
  await services.click();
  await expect(services).toBeChecked();
  const history = admin.page.getByRole('region', { name: 'Change history' });
  await expect(history).toContainText(`admin@prosign.example turned on Services for ${email}`);
  await admin.page.reload();
  await expect(
    admin.page.getByRole('checkbox', { name: `Services (servicesAccess) for ${email}` }),
  ).toBeChecked();
  await admin.page.screenshot({ path: path.join(screenshots, 'user-access.png'), fullPage: true });
  await expectNoSeriousAxeViolations(admin.page, 'user access');

  const again = await freshPage(browser);
  await signInThroughPortal(again.page, userName);
  expect(await navEntries(again.page)).toEqual([
    'Home',
    'Dashboard',
    'Services',
    'Document Dashboard',
    'Invoices',
    'New document',
    'Document templates',
  ]);
  await again.page.getByRole('link', { name: 'Services' }).click();
  await expect(again.page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    /services/i,
  );

  // Signing out ends the session: staff pages go back to the login page.
  await again.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(again.page).toHaveURL(/\/portal$/);
  await again.page.goto('/dashboard');
  await expect(again.page).toHaveURL(/\/portal$/);

  await admin.context.close();
  await again.context.close();
});
