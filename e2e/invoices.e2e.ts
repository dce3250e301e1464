// Invoices as a staff member meets them on /invoices with the signed demo contracts:
// send a deposit invoice, find the mail with its numbered PDF in the mailbox,
// send a reminder (same number), mark the invoice paid and see Send go; a second
// /invoices open in another browser sees each change without reload.
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { pdfPagesText } from './support/pdf-text';
import { DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

const test = base.extend<{ admin: Page }>({
  admin: async ({ page }, use) => {
    await signIn(page, DEMO.admin);
    await use(page);
  },
});

const cards = (page: Page) =>
  page
    .getByRole('list', { name: 'Signed contracts' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { level: 3 }),
    });
const cardNamed = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
const depositOf = (card: Locator) => card.getByRole('listitem', { name: 'Deposit invoice' });
const sendButton = (invoice: Locator) => invoice.getByRole('button', { name: /^(Send|Reminder)/ });

async function openInvoices(page: Page) {
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

test('a staff member invoices a signed demo contract end to end, seen live elsewhere', async ({
  admin: page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openInvoices(page);

  // A signed contract whose deposit invoice has not gone out yet.
  const fresh = cards(page)
    .filter({
      has: page
        .getByRole('listitem', { name: 'Deposit invoice' })
        .getByRole('button', { name: /^Send/ }),
    })
    .first();
  const name = ((await fresh.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
  expect(name).not.toBe('');
  const card = cardNamed(page, name);
  await expect(depositOf(card)).toContainText('Not sent yet');
  await page.screenshot({ path: path.join(screenshots, 'invoices-1440.png'), fullPage: false });
  await expectNoSeriousAxeViolations(page, 'invoices');

  // Another staff member has /invoices open in another browser.
  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await otherContext.newPage();
  await signIn(other, DEMO.admin);
  await openInvoices(other);
  const otherDeposit = depositOf(cardNamed(other, name));
  await expect(sendButton(otherDeposit)).toHaveText(/^Send/);

  // Send: the toast names the invoice number; the button now reads Reminder.
  await sendButton(depositOf(card)).click();
  const sentToast = page.getByText(/^Deposit invoice sent\. \(INV-\d{6,}\)$/);
  await expect(sentToast).toBeVisible({ timeout: 30_000 });
  const invoiceNumber = /INV-\d{6,}/.exec((await sentToast.textContent()) ?? '')![0];
  await expect(sendButton(depositOf(card))).toHaveText(/^Reminder/);
  await expect(depositOf(card)).toContainText(invoiceNumber);
  // …and the other screen follows without reload.
  await expect(sendButton(otherDeposit)).toHaveText(/^Reminder/, { timeout: 20_000 });

  // The mail arrives in the mailbox with the PDF attached, numbered.
  await page.goto('/mailbox');
  const mail = page
    .getByRole('list', { name: 'Caught mail' })
    .getByRole('button', { name: new RegExp(`^Deposit invoice ${invoiceNumber} for`) });
  await expect(mail).toBeVisible({ timeout: 30_000 });
  await expect(mail).toContainText('1 attachment');
  await mail.click();
  const attachment = page
    .getByRole('region', { name: 'Attachments' })
    .getByRole('link', { name: `${invoiceNumber}-deposit-invoice.pdf` });
  await expect(attachment).toBeVisible();
  const pdf = await page.request.get((await attachment.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfPagesText(await pdf.body())
    .join(' ')
    .replace(/\s+/g, ' ');
  expect(text).toContain(invoiceNumber);
  expect(text).toContain(name);
  await expect(
    page
      .frameLocator(`iframe[title^="Mail: Deposit invoice ${invoiceNumber}"]`)
      .getByText(`deposit invoice ${invoiceNumber} of $`, { exact: false }),
  ).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'invoices-mailbox.png'), fullPage: false });

  // A reminder carries the same number.
  await openInvoices(page);
  await sendButton(depositOf(card)).click();
  await expect(page.getByText(`Deposit invoice reminder sent. (${invoiceNumber})`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(depositOf(card)).toContainText('Last reminder');

  // Marked paid with the keyboard: Send is gone, here and on the other screen.
  const status = depositOf(card).getByRole('button', { name: /Deposit status/ });
  await status.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  await expect(page.getByText('Deposit invoice marked paid.')).toBeVisible();
  await expect(status).toContainText('Paid');
  await expect(sendButton(depositOf(card))).toHaveCount(0);
  await expect(sendButton(otherDeposit)).toHaveCount(0, { timeout: 20_000 });
  await expect(otherDeposit.getByRole('button', { name: /Deposit status/ })).toContainText('Paid');
  await otherContext.close();

  // The paid invoice still downloads, marked paid.
  const download = page.waitForEvent('download');
  await depositOf(card)
    .getByRole('button', { name: /Download PDF/ })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${invoiceNumber}-deposit-invoice.pdf`);

  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screenshots, 'invoices-paid-1440.png') });
});

test('reads well on a phone: one column, no sideways scrolling, every control reachable', async ({
  admin: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openInvoices(page);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  const first = cards(page).first();
  await expect(first.getByRole('listitem', { name: 'Deposit invoice' })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'invoices-390.png'), fullPage: false });
  await expectNoSeriousAxeViolations(page, 'invoices on a phone');
});
