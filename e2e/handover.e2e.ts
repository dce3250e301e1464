// Handing a link over, as a client meets it: staff send a standard contract; the client
// opens the link from their mail on a phone (390×844), passes the robot check and,
// not being the one who signs, hands it over to a colleague with a note. The
// colleague's own link arrives in the local mailbox; the colleague opens it on a
// phone and signs to the end. The first link then says to whom it was handed over.
// The agreement requires an e-mail code: the client enters theirs before
// the document opens, and the colleague, whose link is their own, gets a code at their own
// address and reads it from the mailbox before signing. The hand-over dialog, the code step
// and the closed link pass axe; nothing on the phone scrolls sideways.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { signAndFinish } from './support/customer-signing';
import { noHorizontalScroll, PHONE, REVIEWS } from './support/link-signing';
import { codeFromMailbox, expectMailWithLink } from './support/mailbox';
import {
  createStandardDocument,
  sendStandardContract,
  standardClient,
} from './support/standard-contract';
import { DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });
const shot = (name: string) => path.join(screenshots, `handover-${name}.png`);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The "Review and sign" link of the newest mail to `to` in the mailbox (the admin's page). */
async function mailedLinkTo(page: Page, to: string): Promise<string> {
  await signIn(page, DEMO.admin);
  await page.goto('/mailbox');
  const mail = page
    .getByRole('list', { name: 'Caught mail' })
    .getByRole('button', { name: new RegExp(`To ${escaped(to)}`) })
    .first();
  await expect(mail).toBeVisible({ timeout: 60_000 });
  await mail.click();
  const open = page.frameLocator('iframe[title^="Mail:"]').getByRole('link', {
    name: 'Review and sign',
  });
  const href = await open.getAttribute('href', { timeout: 15_000 });
  expect(href).toBeTruthy();
  return href as string;
}

/**
 * Opens a link on a phone: the robot check, then the e-mail code step, with the code read from
 * the mailbox by the admin's `staff` page, until the agreement shows.
 */
async function openWithEmailCode(
  browser: Browser,
  link: string,
  staff: Page,
  email: string,
  name: string,
) {
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.route(REVIEWS, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Reviews</h1>' }),
  );
  await page.goto(link);
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: shot(`${name}-code-step`) });
  await expectNoSeriousAxeViolations(page, `e-mail code step of ${name} (phone)`);
  await signIn(staff, DEMO.admin);
  const code = await codeFromMailbox(staff, email);
  const input = page.getByRole('textbox', { name: '6-digit code' });
  await input.pressSequentially(code);
  await input.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Agreement', {
    timeout: 30_000,
  });
  return { phone, page };
}

test('a client hands over on a phone; the colleague signs from the mailed link with an e-mail code from the mailbox; the first link is closed', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const ana = { name: 'Ana Reyes', email: `e2e-handover-${stamp}@prosign.example` };
  const colleague = { name: 'Jordan Park', email: `e2e-handover-cfo-${stamp}@prosign.example` };
  const note = 'Jordan signs contracts for our company.';

  // Staff send a standard contract to the client.
  await signIn(page, DEMO.csm);
  const client = standardClient(ana.name, ana.email);
  const docLink = await createStandardDocument(page.request, client);
  const signingLink = await sendStandardContract(page.request, client, docLink, stamp, {
    require_email_code: true,
  });

  // The client's mail carries the link (checked in the mailbox, as the admin).
  await expectMailWithLink(page, ana.email, signingLink, shot('mail'));

  // The client, on a phone: robot check, their e-mail code, the agreement, "Not the right
  // signer? Hand over".
  const { phone, page: signer } = await openWithEmailCode(
    browser,
    signingLink,
    page,
    ana.email,
    'client',
  );
  const handOver = signer.getByRole('button', { name: 'Hand over', exact: true });
  await handOver.scrollIntoViewIfNeeded();
  await expect(handOver).toBeVisible();
  await expect(signer.getByText('Not the right signer?')).toBeVisible();
  expect(await noHorizontalScroll(signer)).toBe(true);
  await signer.screenshot({ path: shot('phone-offer') });

  // The dialog: labelled fields, focus on the first; Escape closes it and nothing is sent.
  await handOver.click();
  const dialog = signer.getByRole('dialog', { name: 'Hand over to the right signer' });
  const name = dialog.getByRole('textbox', { name: 'Their full name' });
  const email = dialog.getByRole('textbox', { name: 'Their e-mail' });
  await expect(name).toBeFocused();
  await signer.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await handOver.click();
  await expect(name).toBeFocused();
  await expectNoSeriousAxeViolations(signer, 'hand-over dialog (phone)');
  // A name and an e-mail are required: refused in the dialog, nothing sent.
  await dialog.getByRole('button', { name: 'Hand over', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Enter the full name of the person who signs.',
  );
  await name.fill(colleague.name);
  await email.fill(colleague.email);
  await dialog.getByRole('textbox', { name: /Note/ }).fill(note);
  expect(await noHorizontalScroll(signer)).toBe(true);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await signer.screenshot({ path: shot('phone-dialog') });
  await expectNoSeriousAxeViolations(signer, 'hand-over dialog filled (phone)');

  await dialog.getByRole('button', { name: 'Hand over', exact: true }).click();
  await expect(signer.getByRole('heading', { level: 1, name: 'Link handed over' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    signer.getByText(`Handed over to ${colleague.name}. We e-mailed them their own link.`).first(),
  ).toBeVisible();
  expect(await noHorizontalScroll(signer)).toBe(true);
  await signer.screenshot({ path: shot('phone-handed-over') });
  await expectNoSeriousAxeViolations(signer, 'handed-over page (phone)');
  await phone.close();

  // The colleague's own link arrives in the local mailbox: another token than the first.
  const colleagueLink = await mailedLinkTo(page, colleague.email);
  expect(colleagueLink).not.toBe(signingLink);
  await page.screenshot({ path: shot('colleague-mail') });

  // The colleague signs from it on a phone, to the end, after entering the code mailed to
  // their own address.
  const second = await openWithEmailCode(
    browser,
    colleagueLink,
    page,
    colleague.email,
    'colleague',
  );
  await expect(second.page.getByRole('button', { name: 'Sign & Add Initials' })).toBeVisible();
  await signAndFinish(second.page, colleague.name);
  await expect(
    second.page.getByText(
      'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
    ),
  ).toBeVisible({ timeout: 90_000 });
  await second.page.screenshot({ path: shot('colleague-signed') });
  await second.phone.close();

  // The first link, opened again, says to whom it was handed over and offers nothing to sign.
  const again = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const old = await again.newPage();
  await old.goto(signingLink);
  await old.getByRole('checkbox', { name: "I'm not a robot" }).click({ timeout: 30_000 });
  await expect(old.getByRole('heading', { level: 1, name: 'Link handed over' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(old.getByText(`This link was handed over to ${colleague.name}.`)).toBeVisible();
  await expect(old.getByRole('button', { name: 'Sign & Add Initials' })).toHaveCount(0);
  expect(await noHorizontalScroll(old)).toBe(true);
  await old.screenshot({ path: shot('old-link') });
  await expectNoSeriousAxeViolations(old, 'handed-over link (phone)');
  await again.close();

  // The office's card names the colleague and who handed over to them.
  await signIn(page, DEMO.csm);
  await page.goto('/dashboard');
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill(colleague.email);
  const cards = page.getByRole('list', { name: 'Contracts' }).getByRole('listitem');
  await expect(cards).toHaveCount(1, { timeout: 15_000 });
  await expect(cards.first()).toContainText(`Handed over by ${ana.name} to ${colleague.name}`);
  await page.screenshot({ path: shot('dashboard-card') });
});
