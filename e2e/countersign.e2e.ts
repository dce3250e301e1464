// The firm's countersignature as the firm meets it: a standard contract sent with a countersigner
// (Dana Whitfield, Principal: the demo admin). The client signs from her link on a
// phone; then the admin finds it in "Waiting for my signature" (the navigation's
// badge counts it), opens it on a desktop and saves her typed signature, and
// finishes on her phone with the consent. Hers is the last signature: the sealed
// PDF carries her name and title and pdfsig validates its seal.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { openLinkOnPhone, signAndFinish } from './support/customer-signing';
import { PHONE } from './support/link-signing';
import { pdfPagesText, pdfsigReport } from './support/pdf-text';
import {
  createStandardDocument,
  sendStandardContract,
  standardClient,
} from './support/standard-contract';
import { DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });
const DESKTOP = { width: 1440, height: 900 };
const COUNTERSIGNER = {
  email: 'admin@prosign.example',
  name: 'Dana Whitfield',
  title: 'Principal',
};
const shot = (name: string) => path.join(screenshots, `countersign-${name}.png`);

/** The client signs from her own link on a phone; the firm still has to sign after her. */
async function clientSigns(browser: Browser, link: string, name: string) {
  const { phone, page } = await openLinkOnPhone(browser, link);
  await signAndFinish(page, name);
  await expect(page.getByRole('dialog', { name: 'Your signature is in' })).toContainText(
    'waiting for the firm',
    { timeout: 60_000 },
  );
  await phone.close();
}

/** The admin's staff app at one screen size, signed in through the API. */
async function staffApp(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext(
    viewport === PHONE ? { viewport, isMobile: true, hasTouch: true } : { viewport },
  );
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  return { context, page };
}

async function openFromQueue(page: Page, clientName: string) {
  await page.goto('/countersign');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Waiting for my signature' }),
  ).toBeVisible();
  const item = page
    .getByRole('list', { name: 'Waiting for my signature' })
    .getByRole('listitem')
    .filter({ hasText: clientName });
  await expect(item).toHaveCount(1, { timeout: 30_000 });
  return item;
}

test('the firm countersigns in the staff app after the client; the sealed PDF names the countersigner', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  // A name of her own, so the queue item is this run's (the titles are alike).
  const tag = Array.from(
    { length: 6 },
    () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)],
  ).join('');
  const maria = {
    name: `Maria ${tag[0].toUpperCase()}${tag.slice(1)} Alvarez`,
    email: `e2e-cs-maria-${stamp}@prosign.example`,
  };
  const client = standardClient(maria.name, maria.email);

  // Staff create and send the contract with the firm's countersigner.
  await signIn(page, DEMO.csm);
  const docLink = await createStandardDocument(page.request, client, {
    body: { countersigner: COUNTERSIGNER },
  });
  const signingLink = await sendStandardContract(page.request, client, docLink, stamp, {
    countersigner: COUNTERSIGNER,
  });

  await clientSigns(browser, signingLink, maria.name);

  // Desktop: the badge counts it, the queue lists it; open, type and save the signature.
  const desktop = await staffApp(browser, DESKTOP);
  await desktop.page.goto('/');
  const navLink = desktop.page
    .getByRole('navigation', { name: 'Staff navigation' })
    .getByRole('link', { name: /^Waiting for my signature \(\d+ waiting\)$/ });
  await expect(navLink).toBeVisible({ timeout: 30_000 });
  await desktop.page.screenshot({ path: shot('desktop-badge') });
  await navLink.click();
  const item = await openFromQueue(desktop.page, maria.name);
  await expect(item).toContainText('Contract');
  await expect(item).toContainText(`Signed by ${maria.name}`);
  await expect(item).toContainText(/Waiting (since just now|for \d+ minutes?)/);
  await desktop.page.screenshot({ path: shot('desktop-queue') });
  await expectNoSeriousAxeViolations(desktop.page, 'countersign queue (desktop)');
  await item.getByRole('link', { name: 'Review and sign' }).click();

  const title = desktop.page.getByRole('heading', { level: 1 });
  await expect(title).toContainText('Structural Engineering', { timeout: 30_000 });
  await expect(desktop.page.getByText('1 of 2 signed — waiting for the firm')).toBeVisible();
  await expect(
    desktop.page
      .getByRole('region', { name: /^The agreement/ })
      .locator('canvas')
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  const signature = desktop.page.getByRole('textbox', {
    name: /Your signature \(type your full name\)/,
  });
  await expect(signature).toHaveValue(COUNTERSIGNER.name);
  await expect(
    desktop.page.getByRole('img', { name: `Signature preview: ${COUNTERSIGNER.name}` }),
  ).toBeVisible();
  await desktop.page.getByRole('button', { name: 'Save signature' }).click();
  await expect(desktop.page.getByText(/Your signature is saved/)).toBeVisible();
  await desktop.page.screenshot({ path: shot('desktop-saved'), fullPage: true });
  await expectNoSeriousAxeViolations(desktop.page, 'countersign page (desktop)');
  await desktop.context.close();

  // Phone: the queue says the signature is saved; consent, Agree and Finish from the keyboard.
  const phone = await staffApp(browser, PHONE);
  const phoneItem = await openFromQueue(phone.page, maria.name);
  await expect(phoneItem).toContainText('Signature saved — finish signing');
  await phone.page.screenshot({ path: shot('phone-queue') });
  await phoneItem.getByRole('link', { name: 'Finish signing' }).click();
  await expect(phone.page.getByText(/Your signature is saved/)).toBeVisible({ timeout: 30_000 });
  expect(
    await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  const consent = phone.page.getByRole('checkbox', {
    name: 'I have read the Electronic Signature Consent and Disclosure and agree to sign electronically.',
  });
  await consent.focus();
  await phone.page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await phone.page.screenshot({ path: shot('phone-consent'), fullPage: true });
  await expectNoSeriousAxeViolations(phone.page, 'countersign page (phone)');
  await phone.page.getByRole('button', { name: 'Agree and Finish' }).focus();
  await phone.page.keyboard.press('Enter');

  await expect(
    phone.page.getByRole('heading', { name: 'You countersigned this agreement' }),
  ).toBeVisible({ timeout: 90_000 });
  const download = phone.page.getByRole('link', { name: 'Download the signed agreement (PDF)' });
  await phone.page.screenshot({ path: shot('phone-done') });
  const signedDocLink = (await download.getAttribute('href'))!;
  expect(signedDocLink).toMatch(/\/api\/documents\/d\//);

  // The sealed PDF: the firm's block names the countersigner; poppler validates the seal.
  const sealed = await phone.page.request.get(signedDocLink);
  expect(sealed.status()).toBe(200);
  const pdf = await sealed.body();
  const text = pdfPagesText(pdf).join('\n').replace(/\s+/g, '');
  expect(text).toContain('DanaWhitfield');
  expect(text).toContain('Principal');
  expect(text).toContain(`Signedby${COUNTERSIGNER.email}`);
  const report = pdfsigReport(pdf);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Total document signed');

  // Nothing of it waits any more.
  await phone.page.getByRole('link', { name: 'Back to Waiting for my signature' }).click();
  await expect(
    phone.page
      .getByText('Nothing waits for your signature.')
      .or(phone.page.getByRole('list', { name: 'Waiting for my signature' })),
  ).toBeVisible();
  await expect(
    phone.page
      .getByRole('list', { name: 'Waiting for my signature' })
      .getByRole('listitem')
      .filter({ hasText: maria.name }),
  ).toHaveCount(0);
  await phone.context.close();
});
