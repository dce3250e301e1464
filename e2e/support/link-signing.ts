// The signing pages opened by a customId link (/sow-signature, /co-signature) as
// their signer meets them on a phone: the robot check, the document, a typed
// signature (a blank one refused), Agree and Finish with the consent, the
// completion notice and the reviews page. Both families' browser tests walk it.
import { expect, type Page } from '@playwright/test';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './axe';
import { expectAppOnCaptchaStep } from './captcha-step';
import { expectReadingView, readingRegion, switchToPdf } from './reading-view';

export const PHONE = { width: 390, height: 844 };
export const REVIEWS = /^https:\/\/www\.google\.com\/search\?q=ProSign\+reviews/;

export async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

export interface LinkSigningWalk {
  /** `sow` or `co`: the API prefix the page calls. */
  family: 'sow' | 'co';
  link: string;
  customId: string;
  signerName: string;
  /** What the document's heading and the page title name ("Scope of Work", "Change Order"). */
  title: RegExp;
  /** Text the heading carries (the address with the test's stamp). */
  headingText: string;
  screenshots: string;
  /** A label for screenshots and axe reports ("SOW signing"). */
  label: string;
  /** Runs once the signer has finished, while the completion notice is open. */
  whileCompleted?: () => Promise<void>;
}

/**
 * Signs the agreement behind `link` on `signer` (a phone-sized page without a
 * staff session) and checks what the signer sees and which calls the page made.
 */
export async function signFromLink(signer: Page, walk: LinkSigningWalk): Promise<void> {
  const { family, customId, screenshots, label } = walk;
  const shot = (name: string) => path.join(screenshots, `${family}-signing-${name}.png`);
  await signer.route(REVIEWS, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Reviews</h1>' }),
  );
  const calls: string[] = [];
  signer.on('request', (request) => {
    const url = new URL(request.url());
    if (!['GET', 'POST'].includes(request.method())) return;
    if (url.pathname.startsWith(`/api/${family}/`) || url.pathname === '/api/captcha/verify') {
      calls.push(`${request.method()} ${url.pathname}`);
    }
  });
  await signer.goto(walk.link);
  await expect(
    signer.getByText(
      'To access the secure agreement, please confirm you are not a robot by selecting the checkbox below.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect(signer.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeVisible();
  // The page painted the step from its HTML; the app has taken it over once it has run.
  await expectAppOnCaptchaStep(signer);
  // The link was checked before the robot check, and nothing else was asked.
  expect(calls).toEqual([`GET /api/${family}/verify-link/${customId}`]);
  expect(await noHorizontalScroll(signer)).toBe(true);
  await signer.screenshot({ path: shot('captcha') });
  await expectNoSeriousAxeViolations(signer, `${label}: captcha step`);
  await signer.getByRole('checkbox', { name: "I'm not a robot" }).click();

  const title = signer.getByRole('heading', { level: 1, name: walk.title });
  await expect(title).toBeVisible({ timeout: 30_000 });
  await expect(title).toContainText(walk.headingText);
  await expect(signer).toHaveTitle(walk.title);
  await expect(
    signer.getByText(
      'Before proceeding, we encourage you to take a moment to review the entire agreement.',
    ),
  ).toBeVisible();
  // The phone opens on the reading view; PDF.js draws the PDF one tap away.
  await expectReadingView(signer, shot('reading'));
  await expectNoSeriousAxeViolations(signer, `${label}: reading view`);
  await switchToPdf(signer);
  expect(calls.filter((call) => call.includes('/increase-viewed-times/'))).toHaveLength(1);
  expect(await noHorizontalScroll(signer)).toBe(true);
  await signer.screenshot({ path: shot('phone') });
  await expectNoSeriousAxeViolations(signer, `${label}: document`);
  await signer.getByRole('button', { name: 'Reading view' }).click();

  await signer.getByRole('button', { name: 'Electronic Signature Consent and Disclosure' }).click();
  const consent = signer.getByRole('dialog', {
    name: 'Electronic Signature Consent and Disclosure',
  });
  await expect(consent).toContainText(/paper copy/i);
  await consent.getByRole('button', { name: 'Close' }).click();

  // A typed signature: blank is refused, the name is saved.
  const agree = signer.getByRole('button', { name: 'Agree and Finish' });
  await expect(agree).toBeDisabled();
  await signer.getByRole('button', { name: 'Sign', exact: true }).click();
  const signature = signer.getByRole('dialog', { name: 'Sign the agreement' });
  const field = signature.getByLabel('Review and Update Your Signature');
  await expect(field).toHaveValue(walk.signerName);
  await expect(signature.getByRole('img', { name: 'Signature preview' })).toHaveCSS(
    'font-size',
    '35px',
  );
  await field.fill('   ');
  await signature.getByRole('button', { name: 'Save' }).click();
  await expect(signature.getByRole('alert')).toHaveText('Please add your signature');
  await field.fill(walk.signerName);
  await expectNoSeriousAxeViolations(signer, `${label}: signature modal`);
  await signer.screenshot({ path: shot('signature') });
  await signature.getByRole('button', { name: 'Save' }).click();
  await expect(signer.getByText('Signature uploaded successfully!')).toBeVisible();
  await expect(signature).toHaveCount(0);
  await expect(signer.getByRole('button', { name: 'Change signature' })).toBeVisible();
  // The saved signature shows in its place in the reading view.
  await expect(readingRegion(signer).locator('[data-mark="signature"]')).toHaveText(
    walk.signerName,
  );

  // Agree and Finish, with the consent.
  await agree.click();
  const finish = signer.getByRole('dialog', { name: 'Agree and Finish' });
  await expectNoSeriousAxeViolations(signer, `${label}: agree and finish`);
  await finish.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }).check();
  await finish.getByRole('button', { name: 'Agree and Finish' }).click();
  const done = signer.getByRole('dialog', { name: 'Agreement completed' });
  await expect(done).toContainText(
    'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
    { timeout: 60_000 },
  );
  expect(calls.filter((call) => call.includes('/finish/'))).toHaveLength(1);
  await signer.screenshot({ path: shot('completed') });
  await expectNoSeriousAxeViolations(signer, `${label}: completion notice`);
  await walk.whileCompleted?.();
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(signer).toHaveURL(REVIEWS);

  // The link now says the agreement is signed, as the customer page does.
  await signer.goto(walk.link);
  await expect(
    signer.getByRole('heading', { level: 1, name: 'Agreement already signed' }),
  ).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(signer, `${label}: signed link`);
}
