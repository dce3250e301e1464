// The embedded outside services as a person meets them in the running product:
// a mail sent through the API arrives over SMTP in the local catcher and shows
// up on the shell's mailbox page with its link, every port runs its local
// adapter, and the local CRM holds its demo data.
import { expect, test as base, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

const signingUrl = process.env.E2E_SIGNING_URL ?? 'http://localhost:8084';

/**
 * `staff` is the page every test here acts through, signed in as the demo
 * admin (the test mail is admin-only); its `staff.request` shares the
 * browser's session cookie.
 */
const test = base.extend<{ staff: Page }>({
  staff: async ({ page }, use) => {
    await signIn(page, DEMO.admin);
    await use(page);
  },
});

test('a test mail sent through the API shows up on the mailbox page with its link', async ({
  staff,
}) => {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const to = `e2e-${stamp}@prosign.example`;
  const link = `${signingUrl}/e2e-${stamp}`;

  // Open the page first: the mail has to arrive while it is open (it polls).
  await staff.goto('/mailbox');
  await expect(staff.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();

  const sent = await staff.request.post(`${apiUrl}/mail/test`, { data: { to, link } });
  expect(sent.status()).toBe(202);
  expect(await sent.json()).toMatchObject({ to: [to], subject: 'ProSign test mail' });

  const list = staff.getByRole('list', { name: 'Caught mail' });
  const mail = list.getByRole('button', { name: new RegExp(`To ${to.replace(/[.+]/g, '\\$&')}`) });
  await expect(mail).toBeVisible({ timeout: 30_000 });
  await expect(mail).toContainText('ProSign test mail');

  await mail.click();
  await expect(mail).toHaveAttribute('aria-pressed', 'true');
  const body = staff.frameLocator('iframe[title="Mail: ProSign test mail"]');
  await expect(body.getByRole('heading', { name: 'Mail is working' })).toBeVisible();
  await expect(body.getByRole('link', { name: 'Open the link' })).toHaveAttribute('href', link);
  await expect(body.getByRole('link', { name: link })).toHaveAttribute('target', '_blank');
  await expect(staff.getByRole('region', { name: 'File service records' })).toBeVisible();
  await staff.screenshot({ path: path.join(screenshots, 'mailbox.png'), fullPage: true });
  await expectNoSeriousAxeViolations(staff, 'mailbox');
});

test('every port runs its embedded local adapter', async ({ staff }) => {
  const response = await staff.request.get(`${apiUrl}/health`);
  expect(response.status()).toBe(200);
  const { adapters } = (await response.json()) as { adapters: Record<string, string> };
  expect(Object.keys(adapters).sort()).toEqual(
    ['captcha', 'crm', 'documents', 'fileService', 'identity', 'mail', 'maps', 'timestamp'].sort(),
  );
  for (const [port, adapter] of Object.entries(adapters)) {
    expect(`${port}: ${adapter}`).toBe(`${port}: local`);
  }

  // The browsers are told the same: local address suggestions and the local captcha.
  const runtime = await (await staff.request.get('/runtime-config.json')).json();
  expect(runtime).toMatchObject({ maps: { adapter: 'local' }, captcha: { adapter: 'local' } });
});

test('the local CRM holds its demo deals, found by address', async ({ staff }) => {
  const response = await staff.request.get(`${apiUrl}/hubspot/deal-by-address`, {
    params: { address: 'alameda' },
  });
  expect(response.status()).toBe(200);
  const { deals } = (await response.json()) as {
    deals: Array<{ id: string; properties: Record<string, string | null> }>;
  };
  expect(deals.length).toBeGreaterThan(0);
  for (const deal of deals) expect(deal.properties.address).toMatch(/Alameda/);

  // A deal found by address opens by its id, with its client signatories.
  const byId = await staff.request.post(`${apiUrl}/hubspot/fetch-deal-by-id`, {
    data: { hsObjectId: deals[0].id },
  });
  expect(byId.status()).toBe(200);
  expect(await byId.json()).toMatchObject({
    deal: { id: deals[0].id },
    clientSignatories: expect.any(Array),
    redirect: expect.any(Boolean),
  });

  // The same demo addresses feed the local address autocomplete.
  const suggest = await staff.request.get(`${apiUrl}/maps/suggest`, {
    params: { query: 'Alameda' },
  });
  const { suggestions } = (await suggest.json()) as {
    suggestions: Array<{ address: string; state: string; zipcode: string }>;
  };
  expect(suggestions.length).toBeGreaterThan(0);
  expect(suggestions[0]).toMatchObject({
    address: expect.stringMatching(/Alameda/),
    state: 'CA',
    zipcode: expect.stringMatching(/^\d{5}$/),
  });
});

test('an admin opens the queue view and sees every queue; its scripts run under its own policy', async ({
  staff,
}) => {
  const scriptErrors: string[] = [];
  staff.on('console', (message) => {
    if (message.type() === 'error') scriptErrors.push(message.text());
  });
  await staff.goto(`${apiUrl}/admin/queues`);
  // The board is a script-drawn page: its queue names show only if its scripts ran.
  await expect(staff.getByText('ProSign queues')).toBeVisible({ timeout: 30_000 });
  await expect(staff.getByRole('link', { name: /^mail/ }).first()).toBeVisible();
  await staff.screenshot({ path: path.join(screenshots, 'queue-board.png') });
  // (Its web-font stylesheet from the internet is refused, and falls back to local fonts.)
  expect(scriptErrors.filter((text) => /script|base URI/i.test(text))).toEqual([]);
});
