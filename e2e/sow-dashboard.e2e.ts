// The SOW dashboard as staff meet it: a PM sends a SOW (through the API,
// as /sow does), finds its card by search, cancels it and resends it; an admin
// deletes the replaced one (the PM is never offered Delete); the PM cancels the new
// one and Edit and Resend opens /sow prefilled. Then the same list on a 390×844 phone.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

const PHONE = { width: 390, height: 844 };
/** The one date-time format of every screen: "2026-11-26 22:32 PST". */
const ONE_FORMAT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} PST$/;
const PROJECT = { id: '60000003', address: '88 Orchard Lane, San Jose, CA 95112' };

interface SentSow {
  name: string;
  email: string;
  customId: string;
}

/** Creates and sends a SOW for a new partner, as /sow does (backend/test/support/sow-fixtures.ts). */
async function sendSow(request: APIRequestContext, name: string): Promise<SentSow> {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@partners.example.com`;
  const body = {
    templateName: 'Residential',
    cp_name: name,
    cp_email: email,
    cp_phone: '+14085550203',
    cp_roles: ['designer_cp'],
    fees: { designer_fee_test: '500' },
    cc_emails: ['pm@prosign.example'],
    project_type: 'Residential',
    project_id: PROJECT.id,
    project_address: PROJECT.address,
    project_overview: 'Second-storey addition over the garage.',
    timeline: { kind: 'duration', amount: 2, unit: 'weeks' },
    pm_email: 'pm@prosign.example',
    selectedCpId: null,
    selectedHSProjectId: PROJECT.id,
  };
  const created = await request.post(`${apiUrl}/sow/create-contract`, { data: body });
  expect(created.status(), await created.text()).toBe(200);
  const { docLink } = (await created.json()) as { docLink: string };
  const sent = await request.post(`${apiUrl}/sow/send-contract`, { data: { ...body, docLink } });
  expect(sent.status(), await sent.text()).toBe(200);
  const { customId } = (await sent.json()) as { customId: string };
  return { name, email, customId };
}

const cards = (page: Page) =>
  page.getByRole('list', { name: 'SOW contracts' }).getByRole('listitem');
const statusOf = (card: Locator) => card.locator('.dash-status');
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Types `text` in the search box and waits for the list request the 500 ms debounce sends. */
async function search(page: Page, text: string) {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname.endsWith('/api/sow/get-contracts') &&
      (url.searchParams.get('search') ?? '') === text.trim()
    );
  });
  await page.getByRole('searchbox', { name: 'Search SOW contracts' }).fill(text);
  expect((await answered).status()).toBe(200);
}

async function openDashboard(page: Page, text: string) {
  await page.goto('/sow-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'SOW Dashboard' })).toBeVisible({
    timeout: 30_000,
  });
  // On a phone the filters fold behind a Filters button.
  const filtersButton = page.getByRole('button', { name: /^Filters/ });
  if (await filtersButton.isVisible()) await filtersButton.click();
  // The SOW dashboard's filters (SOW_FILTERS in libs/domain), by name: the list has loaded.
  const filters = page.getByRole('group', { name: 'Filters' });
  for (const name of [
    'All',
    'Viewed',
    'Not viewed',
    'Signature saved',
    'Signature not saved',
    'Signed',
    'Not signed',
    'Declined',
  ]) {
    await expect(filters.getByRole('checkbox', { name, exact: true })).toBeVisible();
  }
  await expect(filters.getByRole('checkbox')).toHaveCount(8);
  await search(page, text);
}

/** The labels of a card's "More actions" menu; the menu is closed again. */
async function menuOf(card: Locator): Promise<string[]> {
  const page = card.page();
  await card.getByRole('button', { name: 'More actions' }).click();
  const menu = page.getByRole('menu', { name: 'More actions' });
  await expect(menu).toBeVisible();
  const items = (await menu.getByRole('menuitem').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return items;
}

async function fromMenu(card: Locator, action: string) {
  await card.getByRole('button', { name: 'More actions' }).click();
  await card
    .page()
    .getByRole('menu', { name: 'More actions' })
    .getByRole('menuitem', { name: action })
    .click();
}

test('a PM cancels and resends a SOW, an admin deletes the replaced one, Edit and Resend opens /sow', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}`.slice(-8);
  const name = `Dash Partner ${stamp}`;
  await signIn(page, DEMO.pm);
  const sow = await sendSow(page.request, name);

  // The PM finds the new SOW by its partner.
  await openDashboard(page, stamp);
  await expect(cards(page)).toHaveCount(1);
  const card = cards(page).first();
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(statusOf(card)).toHaveText('Not signed');
  await expect(card).toContainText('Designer');
  await expect(card).toContainText('Total $500.00');
  await expect(card.getByRole('button', { name: 'Send Reminder' })).toBeEnabled();
  await expect(card.locator('[role=tooltip]')).toHaveText('No reminders sent yet');
  // Every time on a card in the one format, Pacific, labelled PST.
  await expect(card.locator('time').first()).toHaveText(ONE_FORMAT);
  // Delete is for admins only: a PM is not offered it.
  expect(await menuOf(card)).toEqual([
    'Copy Link',
    // The partner has not signed, so staff may change who signs.
    'Change signer',
    'Mark as Signed',
    'Cancel Contract',
  ]);
  await page.screenshot({ path: path.join(screenshots, 'sow-dashboard.png'), fullPage: true });
  await expectNoSeriousAxeViolations(page, 'SOW dashboard');

  // The details modal: the send step with its time and the timeline's first event.
  await card.getByRole('button', { name: /^Details/ }).click();
  const details = page.getByRole('dialog', {
    name: `Scope-of-Work contract details — ${name}`,
  });
  const created = details
    .getByRole('row', { name: /^Created/ })
    .locator('td')
    .first();
  await expect(created).toHaveText(ONE_FORMAT);
  await expect(created).toHaveText(await card.locator('time').first().innerText());
  await details.screenshot({ path: path.join(screenshots, 'sow-dashboard-details.png') });
  const history = details.getByRole('table', { name: 'Document history' });
  await expect(history.getByRole('row').nth(1)).toContainText('Sent for signature');
  await expect(history.getByRole('row').nth(1)).toContainText('pm@prosign.example');
  await expectNoSeriousAxeViolations(page, 'SOW dashboard: details');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toHaveCount(0);

  // Copy Link: the modal shows the partner's signing link.
  await fromMenu(card, 'Copy Link');
  const copy = page.getByRole('dialog', { name: `Copy link — ${name}` });
  await expect(copy.getByRole('textbox', { name: 'Signing link' })).toHaveValue(
    new RegExp(`/sow-signature/${sow.customId}$`),
  );
  await copy.getByRole('button', { name: 'Close' }).click();

  // Cancel, after confirming.
  await fromMenu(card, 'Cancel Contract');
  const confirmCancel = page.getByRole('dialog', { name: 'Cancel this scope-of-work contract?' });
  await expect(confirmCancel.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await confirmCancel.getByRole('button', { name: 'Cancel Contract' }).click();
  await expect(page.getByText('The Contract has cancelled.')).toBeVisible();
  await expect(statusOf(card)).toHaveText('Cancelled');
  expect(await menuOf(card)).toEqual(['Edit and Resend']);

  // Resend: a new SOW goes out under a new link; the old card says when it was resent.
  await card.getByRole('button', { name: 'Resend', exact: true }).click();
  await expect(page.getByText(`Contract resent successfully to ${sow.email}.`)).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  const replaced = cards(page).filter({
    hasText: /Resent \d{4}-\d{2}-\d{2} \d{2}:\d{2} PST/,
  });
  const fresh = cards(page).filter({
    has: page.locator('.dash-status', { hasText: 'Not signed' }),
  });
  await expect(statusOf(replaced)).toHaveText('Resent');
  await expect(replaced.getByRole('button', { name: 'Resend', exact: true })).toHaveCount(0);
  await expect(fresh).toHaveCount(1);

  // An admin sees Delete and deletes the replaced SOW.
  await signIn(page, DEMO.admin);
  await openDashboard(page, stamp);
  await expect(cards(page)).toHaveCount(2);
  const oldOne = cards(page).filter({ hasText: /Resent .+ PST/ });
  expect(await menuOf(oldOne)).toEqual(['Delete']);
  await fromMenu(oldOne, 'Delete');
  const confirmDelete = page.getByRole('dialog', { name: 'Delete this scope-of-work contract?' });
  await expectNoSeriousAxeViolations(page, 'SOW dashboard: delete confirmation');
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Contract deleted.')).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(statusOf(cards(page).first())).toHaveText('Not signed');

  // The PM cancels the new SOW and edits it: /sow opens with its partner and project.
  await signIn(page, DEMO.pm);
  await openDashboard(page, stamp);
  const current = cards(page).first();
  await fromMenu(current, 'Cancel Contract');
  await page
    .getByRole('dialog', { name: 'Cancel this scope-of-work contract?' })
    .getByRole('button', { name: 'Cancel Contract' })
    .click();
  await expect(statusOf(current)).toHaveText('Cancelled');
  await fromMenu(current, 'Edit and Resend');
  await expect(page).toHaveURL(/\/sow$/);
  await expect(page.getByRole('heading', { level: 1, name: 'SOW Home' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Partner e-mail/ })).toHaveValue(sow.email, {
    timeout: 30_000,
  });
  await expect(page.getByRole('textbox', { name: /Project ID/ })).toHaveValue(PROJECT.id);
});

test('on a 390×844 phone the SOW cards, their menu and the document fit the screen', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  try {
    const stamp = `${Date.now()}`.slice(-8);
    await signIn(page, DEMO.pm);
    const sow = await sendSow(page.request, `Phone Partner ${stamp}`);
    await openDashboard(page, stamp);
    const card = cards(page).first();
    await expect(card.getByRole('heading', { name: sow.name })).toBeVisible();
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: path.join(screenshots, 'sow-dashboard-phone.png') });
    await expectNoSeriousAxeViolations(page, 'SOW dashboard on a phone');

    // A finger's tap, as on a phone (touch events, not an emulated mouse press).
    await card.getByRole('button', { name: 'More actions' }).tap();
    const menu = page.getByRole('menu', { name: 'More actions' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Copy Link',
      'Change signer',
      'Mark as Signed',
      'Cancel Contract',
    ]);
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: path.join(screenshots, 'sow-dashboard-phone-menu.png') });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await card.getByRole('button', { name: /^Preview document/ }).tap();
    const preview = page.getByRole('dialog', { name: `Agreement — ${sow.name}` });
    await expect(
      preview.getByRole('img', { name: /^Page 1 of \d+$/ }).locator('canvas'),
    ).toBeVisible({ timeout: 30_000 });
    expect(await fits(page)).toBe(true);
    await page.screenshot({ path: path.join(screenshots, 'sow-dashboard-phone-preview.png') });
    await expectNoSeriousAxeViolations(page, 'SOW dashboard on a phone: document');
  } finally {
    await context.close();
  }
});
