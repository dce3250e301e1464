// Integrations as an administrator meets them in the running product: an API key is created on
// its page (shown once, copied), opens the public api, and is refused once revoked; a webhook
// endpoint pointed at the local inbox gets a test event, which shows in its delivery log and in
// the inbox with its signature verified, and arrives again under the same id when resent.
import { expect, request as httpRequest, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });
const shot = (name: string) => path.join(screenshots, `integrations-${name}.png`);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** An integrator's own site: the public api answers it, a staff route does not. */
const FOREIGN_ORIGIN = 'https://portal.customer.example';

/** The demo admin in a browser that may use the clipboard (the "Copy" buttons). */
async function adminPage(browser: Browser): Promise<Page> {
  const shellOrigin = new URL(process.env.E2E_SHELL_URL ?? 'http://localhost:8080').origin;
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shellOrigin });
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  return page;
}

/** The page at 1280 and at 390 px, full length, then back to 1280. */
async function screenshotsOf(page: Page, name: string): Promise<void> {
  // From the top: a full-page shot of a scrolled page draws the sticky navigation mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(`${name}-1280`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSeriousAxeViolations(page, `${name} at 390 px`);
  await page.screenshot({ path: shot(`${name}-390`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test('an API key is shown once, copied, opens the public api, and is refused once revoked', async ({
  browser,
}) => {
  const page = await adminPage(browser);
  const name = `E2E portal ${Date.now().toString(36)}`;
  await page.goto('/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  // The Integrations menu leads to the api's reference page too.
  const nav = page.getByRole('navigation', { name: 'Staff navigation' });
  await nav.getByRole('button', { name: 'Integrations' }).click();
  await expect(nav.getByRole('link', { name: /API reference/ })).toHaveAttribute(
    'href',
    /\/api\/v1\/reference$/,
  );
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('checkbox', { name: /agreements:read/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const box = shown.getByRole('textbox', { name: 'API key' });
  await expect(box).toHaveValue(/^psk_live_/);
  const key = await box.inputValue();
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByText('API key copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.screenshot({ path: shot('api-key-shown-1280') });
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(shown).toBeHidden();
  // Shown once: the list holds only its masked form.
  const item = page.getByRole('listitem', { name });
  await expect(item).toContainText('Active');
  await expect(page.getByText(key)).toHaveCount(0);

  // Another system calls the public api with it (no cookie), from its own site's page.
  const integrator = await httpRequest.newContext();
  const withKey = { authorization: `Bearer ${key}`, origin: FOREIGN_ORIGIN };
  const listed = await integrator.get(`${apiUrl}/v1/agreements?limit=1`, { headers: withKey });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toMatchObject({ data: expect.any(Array) });
  expect(listed.headers()['access-control-allow-origin']).toBe('*');
  // The page, read again, says when and from where the key was last used.
  await page.reload();
  await expect(item.locator('dd', { hasText: ' from ' })).toBeVisible();

  await expectNoSeriousAxeViolations(page, 'API keys');
  await screenshotsOf(page, 'api-keys');

  await item.getByRole('button', { name: 'Revoke…' }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText(`“${name}” is revoked.`)).toBeVisible();
  await expect(item).toContainText('Revoked');
  const refused = await integrator.get(`${apiUrl}/v1/agreements?limit=1`, { headers: withKey });
  expect(refused.status()).toBe(401);
  await integrator.dispose();
  await page.context().close();
});

test('a test event reaches the local inbox verified, shows in the delivery log, and is resent under its id', async ({
  browser,
}) => {
  // Deliveries run in the worker and the open log is read every 15 s: more than a minute in all.
  test.setTimeout(180_000);
  const page = await adminPage(browser);
  const inboxName = `e2e-${Date.now().toString(36)}`;
  const url = `${apiUrl}/webhook-inbox/receive/${inboxName}`;
  await page.goto('/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
  await page.getByRole('textbox', { name: 'Description' }).fill('Browser test: the local inbox');
  await page.getByRole('checkbox', { name: /Agreement completed and sealed/ }).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const shown = page.getByRole('dialog', { name: 'The endpoint’s signing secret' });
  await expect(shown.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/);
  await shown.getByRole('button', { name: 'I have stored it' }).click();

  const endpoint = page.getByRole('listitem', { name: url });
  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText('Test event queued: it shows in the delivery log.')).toBeVisible();
  await expect(endpoint.getByRole('button', { name: 'Delivery log' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const delivery = endpoint.getByRole('listitem', { name: 'Test event' });
  // The log is read again every 15 s while open.
  await expect(delivery).toContainText('Delivered', { timeout: 40_000 });
  // The endpoint is read again with its log: its last delivery is this one.
  await expect(endpoint).not.toContainText('None yet');
  await expectNoSeriousAxeViolations(page, 'webhooks');
  await screenshotsOf(page, 'webhooks');

  // The inbox got it, signed with the endpoint's secret.
  const received = async () => {
    const answer = await page.request.get(`${apiUrl}/webhook-inbox`);
    expect(answer.status()).toBe(200);
    const entries = (await answer.json()) as Array<{
      inbox: string;
      headers: Record<string, string>;
      body: string;
      signatureValid: boolean | null;
    }>;
    // Only the test pings: the endpoint also takes the agreements other tests complete meanwhile.
    return entries.filter(
      (entry) =>
        entry.inbox === inboxName &&
        (JSON.parse(entry.body) as { type?: string }).type === 'webhook.test',
    );
  };
  await expect.poll(async () => (await received()).length, { timeout: 30_000 }).toBe(1);
  const [first] = await received();
  expect(first.signatureValid).toBe(true);

  await page.goto('/webhook-inbox');
  const entry = page
    .getByRole('list', { name: 'Received' })
    .getByRole('listitem', { name: 'webhook.test' })
    .filter({ hasText: first.headers['webhook-id']! });
  await expect(entry).toHaveCount(1);
  const summary = entry.locator('summary').first();
  await expect(summary).toContainText('✓ Signature valid');
  // A disclosure, opened and closed from the keyboard.
  const disclosure = entry.locator('details').first();
  const wasOpen = await disclosure.evaluate((node) => (node as HTMLDetailsElement).open);
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => disclosure.evaluate((node) => (node as HTMLDetailsElement).open))
    .toBe(!wasOpen);
  if (wasOpen) await page.keyboard.press('Enter');
  await expect(entry.getByText(`Received by inbox ${inboxName}`)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'webhook inbox');
  await screenshotsOf(page, 'webhook-inbox');

  // Resent from the log: the inbox gets it again under the same webhook-id.
  await page.goto('/webhooks');
  await page
    .getByRole('listitem', { name: url })
    .getByRole('button', { name: 'Delivery log' })
    .click();
  await page
    .getByRole('listitem', { name: url })
    .getByRole('listitem', { name: 'Test event' })
    .getByRole('button', { name: 'Resend' })
    .click();
  await expect(page.getByText('Sent again: the delivery is queued.')).toBeVisible();
  await expect.poll(async () => (await received()).length, { timeout: 30_000 }).toBe(2);
  const again = await received();
  expect(again.map((request) => request.headers['webhook-id'])).toEqual([
    first.headers['webhook-id'],
    first.headers['webhook-id'],
  ]);
  expect(again.every((request) => request.signatureValid === true)).toBe(true);

  // The endpoint goes: the demo stack keeps only its own.
  const endpoints = (await (
    await page.request.get(`${apiUrl}/webhook-endpoints`)
  ).json()) as Array<{
    id: string;
    url: string;
  }>;
  const mine = endpoints.find((candidate) => candidate.url === url);
  expect(mine).toBeDefined();
  expect((await page.request.delete(`${apiUrl}/webhook-endpoints/${mine!.id}`)).status()).toBe(204);
  await page.context().close();
});
