// The e-mail code step as a client meets it: staff send a standard contract that
// requires an e-mail code; the client opens the link from their mail on a phone
// (390×844), passes the robot check, gets the code step ("We sent a 6-digit code
// to m•••@…"), reads the code from their mailbox (the local mail catcher), enters
// it and signs to the end. A wrong code first is refused in plain words. The code
// step passes axe and nothing on the phone scrolls sideways.
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { signAndFinish } from './support/customer-signing';
import { noHorizontalScroll, PHONE, REVIEWS } from './support/link-signing';
import { codeFromMailbox, expectMailWithLink } from './support/mailbox';
import { readingRegion, switchToPdf } from './support/reading-view';
import {
  createStandardDocument,
  sendStandardContract,
  standardClient,
} from './support/standard-contract';
import { DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });
const shot = (name: string) => path.join(screenshots, `email-code-${name}.png`);

test('a client reads the e-mail code from their mailbox on a phone, enters it and signs to the end', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const mia = { name: 'Mia Chen', email: `e2e-code-${stamp}@prosign.example` };

  // Staff send a standard contract that requires an e-mail code.
  await signIn(page, DEMO.csm);
  const client = standardClient(mia.name, mia.email);
  const docLink = await createStandardDocument(page.request, client);
  const signingLink = await sendStandardContract(page.request, client, docLink, stamp, {
    require_email_code: true,
  });

  // The client's mail carries the link (the mailbox, as the admin).
  await expectMailWithLink(page, mia.email, signingLink, shot('mail'));

  // The client, on a phone: the robot check, then the code step (the code is mailed).
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const signer = await phone.newPage();
  await signer.route(REVIEWS, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Reviews</h1>' }),
  );
  await signer.goto(signingLink);
  await signer.getByRole('checkbox', { name: "I'm not a robot" }).click({ timeout: 30_000 });
  await expect(signer.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible({
    timeout: 30_000,
  });
  const masked = `${mia.email[0]}•••@prosign.example`;
  await expect(signer.getByText(`We sent a 6-digit code to ${masked}.`)).toBeVisible();
  const input = signer.getByRole('textbox', { name: '6-digit code' });
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await noHorizontalScroll(signer)).toBe(true);
  await signer.screenshot({ path: shot('phone-step') });
  await expectNoSeriousAxeViolations(signer, 'e-mail code step (phone)');

  // The code from the mailbox (the local mail catcher).
  const code = await codeFromMailbox(page, mia.email);
  await page.screenshot({ path: shot('mailbox') });

  // A wrong code first: refused in plain words, tries counted.
  const wrong = code === '000000' ? '111111' : '000000';
  await input.fill(wrong);
  await signer.getByRole('button', { name: 'Verify' }).click();
  await expect(signer.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await signer.screenshot({ path: shot('phone-wrong') });
  await expectNoSeriousAxeViolations(signer, 'e-mail code step with an error (phone)');

  // The right one, typed on the phone's keyboard: the agreement opens.
  await input.fill('');
  await input.pressSequentially(code);
  await input.press('Enter');
  await expect(signer.getByRole('heading', { level: 1 })).toContainText('Agreement', {
    timeout: 30_000,
  });
  await expect(signer.getByRole('button', { name: 'Sign & Add Initials' })).toBeVisible({
    timeout: 30_000,
  });
  // The text and the PDF open with the code's proof: the reading view, then PDF.js.
  await expect(readingRegion(signer).locator('.sg-reading__paragraph').first()).toBeVisible({
    timeout: 30_000,
  });
  await signer.screenshot({ path: shot('phone-agreement') });
  await switchToPdf(signer);
  await signer.getByRole('button', { name: 'Reading view' }).click();

  // The link forwarded to anyone else: the document it names is refused to them, even now.
  const forwardedDoc = new URL(signingLink).searchParams.get('docLink') as string;
  const stranger = await browser.newContext();
  const refused = await stranger.request.get(forwardedDoc);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'This document opens from its signing link once the e-mail code is entered.',
  );
  await stranger.close();

  // A reload keeps the session: no second code.
  await signer.reload();
  await expect(signer.getByRole('button', { name: 'Sign & Add Initials' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(signer.getByRole('heading', { name: 'Check your e-mail' })).toHaveCount(0);

  // And signs to the end.
  await signAndFinish(signer, mia.name);
  await expect(signer.getByRole('dialog', { name: 'Agreement completed' })).toBeVisible({
    timeout: 60_000,
  });
  expect(await noHorizontalScroll(signer)).toBe(true);
  await signer.screenshot({ path: shot('phone-signed') });

  await phone.close();
});
