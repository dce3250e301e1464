// Declining as a client and the office meet it: staff send a standard
// contract; the client opens the link from their mail on a phone (390×844),
// passes the robot check and declines with a reason; the staff dashboard, open
// in another browser, turns the card "Declined" with who, when and why without a
// reload; the client's link then shows the declined state. The decline dialog
// passes axe and nothing on the phone scrolls sideways.
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { openLinkOnPhone } from './support/customer-signing';
import { noHorizontalScroll } from './support/link-signing';
import { expectMailWithLink } from './support/mailbox';
import {
  createStandardDocument,
  sendStandardContract,
  standardClient,
} from './support/standard-contract';
import { DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });
const shot = (name: string) => path.join(screenshots, `decline-${name}.png`);

const REASON = 'The fee is higher than we were quoted. Please call me to talk it over.';

test('a client declines on a phone with a reason; the staff dashboard shows it live and the link stays closed', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const ana = { name: 'Ana Reyes', email: `e2e-decline-${stamp}@prosign.example` };

  // Staff send a standard contract to the client.
  await signIn(page, DEMO.csm);
  const client = standardClient(ana.name, ana.email);
  const docLink = await createStandardDocument(page.request, client);
  const signingLink = await sendStandardContract(page.request, client, docLink, stamp);

  // The client's mail carries the link (checked in the mailbox, as the admin).
  await expectMailWithLink(page, ana.email, signingLink, shot('mail'));

  // The office watches the contract's card on the dashboard (this browser context).
  await page.goto('/dashboard');
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill(ana.email);
  const cards = page.getByRole('list', { name: 'Contracts' }).getByRole('listitem');
  await expect(cards).toHaveCount(1, { timeout: 15_000 });
  const card = cards.first();
  await expect(card).not.toContainText('Declined');

  // On a desktop the dialog fits too (opened and cancelled: nothing is sent).
  const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const wide = await desktop.newPage();
  await wide.goto(signingLink);
  await wide.getByRole('checkbox', { name: "I'm not a robot" }).click({ timeout: 30_000 });
  await wide.getByRole('button', { name: 'Decline', exact: true }).click({ timeout: 30_000 });
  const wideDialog = wide.getByRole('dialog', { name: 'Decline this agreement' });
  await wideDialog.getByRole('textbox', { name: 'Your reason' }).fill(REASON);
  expect(await noHorizontalScroll(wide)).toBe(true);
  await wide.screenshot({ path: shot('desktop-dialog') });
  await wideDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(wideDialog).toBeHidden();
  await desktop.close();

  // The client, on a phone in another browser context: robot check, the agreement, Decline.
  const { phone, page: signer } = await openLinkOnPhone(browser, signingLink);
  const decline = signer.getByRole('button', { name: 'Decline', exact: true });
  await decline.scrollIntoViewIfNeeded();
  await expect(decline).toBeVisible();
  expect(await noHorizontalScroll(signer)).toBe(true);
  await signer.screenshot({ path: shot('phone-offer'), fullPage: false });

  // The dialog: focus on the labelled reason; Escape closes it and nothing is sent.
  await decline.click();
  const dialog = signer.getByRole('dialog', { name: 'Decline this agreement' });
  const reason = dialog.getByRole('textbox', { name: 'Your reason' });
  await expect(reason).toBeFocused();
  await signer.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await decline.click();
  await expect(reason).toBeFocused();
  await expect(dialog).toContainText('0 / 1,000 characters');
  await expectNoSeriousAxeViolations(signer, 'decline dialog (phone)');
  // A reason is required: refused in the dialog.
  await dialog.getByRole('button', { name: 'Decline agreement' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please tell us why you are declining.');
  await reason.fill(REASON);
  await expect(dialog).toContainText(`${REASON.length} / 1,000 characters`);
  expect(await noHorizontalScroll(signer)).toBe(true);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await signer.screenshot({ path: shot('phone-dialog') });
  await expectNoSeriousAxeViolations(signer, 'decline dialog with a reason (phone)');

  await dialog.getByRole('button', { name: 'Decline agreement' }).click();
  await expect(signer.getByRole('heading', { level: 1, name: 'Agreement declined' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    signer.getByText('This agreement was declined. The sender has been told.'),
  ).toBeVisible();
  await expect(
    signer.getByText('You declined this agreement. The sender has been told.'),
  ).toBeVisible();
  expect(await noHorizontalScroll(signer)).toBe(true);
  await signer.screenshot({ path: shot('phone-declined') });
  await expectNoSeriousAxeViolations(signer, 'declined link (phone)');

  // The office's card turns declined live (no reload), with who, when and why.
  await expect(card).toContainText('Declined', { timeout: 30_000 });
  await expect(card).toContainText(
    new RegExp(
      `Declined by ${ana.name} on [A-Z][a-z]+ \\d{1,2}, \\d{4}\\.${ana.name} wrote:The fee is higher`,
    ),
  );
  await expect(card).toContainText(REASON);
  await page.screenshot({ path: shot('dashboard-card') });

  // The client's link, opened again, shows the declined state and offers nothing to sign.
  await phone.close();
  const again = await openLinkOnPhone(browser, signingLink);
  await expect(
    again.page.getByRole('heading', { level: 1, name: 'Agreement declined' }),
  ).toBeVisible();
  await expect(again.page.getByText(/Declined/).first()).toBeVisible();
  await expect(again.page.getByRole('button', { name: 'Decline', exact: true })).toHaveCount(0);
  await expect(again.page.getByRole('button', { name: 'Sign & Add Initials' })).toHaveCount(0);
  expect(await noHorizontalScroll(again.page)).toBe(true);
  await again.page.screenshot({ path: shot('phone-link-again') });
  await again.phone.close();
});
