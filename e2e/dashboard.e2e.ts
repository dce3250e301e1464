// Issue 9 as an administrator meets it on /dashboard with the demo contracts:
// filter, search, send a reminder (the tooltip then names it and the button
// locks), cancel a contract and resend it, void a signed contract (the voided
// PDF is previewed) and read a contract's details; then a signer's presence and
// a change made elsewhere reach the open dashboard without reload.
import {
  expect,
  request as playwrightRequest,
  test as base,
  type Locator,
  type Page,
} from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';
import { apiUrl, DEMO, signIn, signInWithRequest } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

const test = base.extend<{ admin: Page }>({
  admin: async ({ page }, use) => {
    await signIn(page, DEMO.admin);
    await use(page);
  },
});

const cards = (page: Page) => page.getByRole('list', { name: 'Contracts' }).getByRole('listitem');
const filter = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filters' }).getByRole('checkbox', { name, exact: true });
const cardNamed = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const statusOf = (card: Locator) => card.locator('.dash-status');

async function nameOf(card: Locator): Promise<string> {
  return ((await card.getByRole('heading').textContent()) ?? '').trim();
}

/** Shows only the cards matching `text`: waits for the list request the debounce sends. */
async function search(page: Page, text: string) {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname.endsWith('/api/user/details') &&
      (url.searchParams.get('search') ?? '') === text.trim()
    );
  });
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill(text);
  expect((await answered).status()).toBe(200);
}

async function onlyFilter(page: Page, name: string) {
  await filter(page, 'All').check();
  await filter(page, name).check();
  await expect(filter(page, 'All')).not.toBeChecked();
}

test('an admin filters, searches, reminds, cancels, resends, voids and reads details', async ({
  admin: page,
}) => {
  test.setTimeout(150_000);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Contract Dashboard' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(filter(page, 'All')).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Per page' })).toHaveValue('25');

  // Filter: only signed contracts; unticking the last filter brings All back.
  await onlyFilter(page, 'Signed');
  await expect
    .poll(async () => {
      const statuses = (await statusOf(cards(page)).allTextContents()).map((s) => s.trim());
      return (
        statuses.length > 0 && statuses.every((s) => s === 'Signed' || s === 'Signed manually')
      );
    })
    .toBe(true);
  await filter(page, 'Signed').uncheck();
  await expect(filter(page, 'All')).toBeChecked();

  // Search: a client's name finds that card; nonsense finds nothing.
  await onlyFilter(page, 'Not signed');
  const reminded = cards(page)
    .filter({ has: page.getByRole('button', { name: 'Send Reminder', disabled: false }) })
    .first();
  const remindedName = await nameOf(reminded);
  await search(page, remindedName);
  await expect(cardNamed(page, remindedName)).toBeVisible();
  await search(page, 'zz-no-such-contract-zz');
  await expect(page.getByText('No such contracts found.')).toBeVisible();
  await search(page, remindedName);

  // Send a reminder: the tooltip then names it and the button stays locked.
  const reminderCard = cardNamed(page, remindedName).first();
  const reminderButton = reminderCard.getByRole('button', { name: 'Send Reminder' });
  await expect(reminderCard.locator('[role=tooltip]')).toHaveText(
    /No reminders sent yet|Last reminder/,
  );
  await reminderButton.click();
  await expect(page.getByText('Reminder email sent.')).toBeVisible();
  await expect(reminderButton).toBeDisabled();
  await expect(reminderCard.locator('[role=tooltip]')).toHaveText(
    /^Last reminder sent .+ PST\. Next reminder can be sent after .+ PST\.$/,
  );
  await reminderCard.locator('.dash-tooltip').hover();
  await expect(reminderCard.locator('[role=tooltip]')).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'dashboard-reminder.png') });

  // Cancel another waiting contract (after confirming), then resend it.
  await search(page, '');
  const toCancel = cards(page)
    .filter({ hasNot: page.getByRole('heading', { name: remindedName, exact: true }) })
    .filter({ has: page.getByRole('button', { name: 'Cancel Contract' }) })
    .first();
  const cancelledName = await nameOf(toCancel);
  await toCancel.getByRole('button', { name: 'Cancel Contract' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this contract?' });
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel Contract' }).click();
  await expect(page.getByText('Contract cancelled.')).toBeVisible();

  await onlyFilter(page, 'Cancelled');
  await search(page, cancelledName);
  const cancelled = cardNamed(page, cancelledName).filter({
    has: page.getByRole('button', { name: 'Resend', exact: true }),
  });
  await expect(statusOf(cancelled)).toHaveText('Cancelled');
  await expect(cancelled.getByRole('button', { name: 'Edit and Resend' })).toBeVisible();
  await cancelled.getByRole('button', { name: 'Resend', exact: true }).click();
  await expect(page.getByText(/^Contract resent to /)).toBeVisible();
  await filter(page, 'All').check();
  const resent = cardNamed(page, cancelledName).filter({ hasText: /Resent .+ PST/ });
  await expect(resent).toHaveCount(1);
  await expect(resent.getByRole('button', { name: 'Resend', exact: true })).toHaveCount(0);

  // Void a signed contract: the voided PDF is previewed and downloadable.
  await search(page, '');
  await onlyFilter(page, 'Signed');
  const signed = cards(page)
    .filter({ has: page.getByRole('button', { name: 'Void Contract' }) })
    .first();
  const signedName = await nameOf(signed);
  await signed.getByRole('button', { name: 'Void Contract' }).click();
  await page
    .getByRole('dialog', { name: 'Void this signed contract?' })
    .getByRole('button', { name: 'Void Contract' })
    .click();
  await expect(page.getByText('Contract voided.')).toBeVisible();
  const preview = page.getByRole('dialog', { name: `Voided contract — ${signedName}` });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  const download = preview.getByRole('link', { name: 'Download PDF' });
  const pdfUrl = await download.getAttribute('href');
  expect(pdfUrl).toBeTruthy();
  await expect(preview.locator('iframe')).toHaveAttribute('src', pdfUrl!);
  const pdf = await page.request.get(pdfUrl!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await page.screenshot({ path: path.join(screenshots, 'dashboard-void-preview.png') });
  await preview.getByRole('button', { name: 'Close' }).click();
  await filter(page, 'All').check();
  await search(page, signedName);
  await expect(
    cardNamed(page, signedName).filter({
      has: page.locator('.dash-status', { hasText: /^Void$/ }),
    }),
  ).toHaveCount(1);

  // Details: contact, times with IPs and the history, with the reminder by the admin.
  await search(page, remindedName);
  await cardNamed(page, remindedName)
    .first()
    .getByRole('button', { name: /^Details/ })
    .click();
  const details = page.getByRole('dialog', { name: `Contract details — ${remindedName}` });
  await expect(details).toBeVisible();
  await expect(details.getByRole('row', { name: /^Created / })).toContainText('PST');
  await expect(details).toContainText('Views by phone:');
  const history = details.getByRole('table', { name: 'Document history' });
  await expect(
    history
      .getByRole('row')
      .filter({ hasText: /admin@/ })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'dashboard-details.png') });
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

test('a signer opening the link and a change made elsewhere reach the open dashboard live', async ({
  admin: page,
}) => {
  // Someone else, in another session: lists the waiting contracts and later cancels one.
  const other = await playwrightRequest.newContext();
  await signInWithRequest(other, DEMO.csm);
  const listed = await other.get(`${apiUrl}/user/details`, {
    params: { filters: 'notSigned', limit: 10 },
  });
  expect(listed.status()).toBe(200);
  const { filteredClients } = (await listed.json()) as {
    filteredClients: Array<{ token: string; docLink: string; full_name: string }>;
  };
  const contract = filteredClients[0];
  expect(contract, 'a waiting demo contract').toBeTruthy();

  await page.goto('/dashboard');
  await search(page, contract.full_name);
  const live = cards(page)
    .filter({
      has: page.locator('.dash-status', { hasText: /^(Not signed|Viewed|Signature saved)$/ }),
    })
    .filter({ has: page.getByRole('heading', { name: contract.full_name, exact: true }) });
  await expect(live).toHaveCount(1);
  await expect(live.getByText('Viewing now')).toHaveCount(0);

  // The signer's page reports presence over its own socket.
  const signer = io(new URL(apiUrl).origin, {
    path: '/socket.io',
    query: { token: contract.token, docLink: contract.docLink },
    transports: ['websocket'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      signer.once('connect', () => resolve());
      signer.once('connect_error', reject);
    });
    signer.emit('user-active', { token: contract.token });
    await expect(live.getByText('Viewing now')).toBeVisible();
  } finally {
    signer.disconnect();
  }
  // Leaving the page ends it.
  await expect(live.getByText('Viewing now')).toHaveCount(0);

  // A cancel made in the other session changes the card here, no reload.
  const cancelled = await other.post(`${apiUrl}/update/cancel-contract`, {
    data: { token: contract.token },
  });
  expect(cancelled.status()).toBeLessThan(300);
  const card = cards(page)
    .filter({ has: page.getByRole('heading', { name: contract.full_name, exact: true }) })
    .filter({ has: page.locator('.dash-status', { hasText: /^Cancelled$/ }) });
  await expect(card).toHaveCount(1);
  await other.dispose();
});
