// A client signing a standard contract from their own link on a phone, as the
// customer signing page walks them: captcha, the agreement, the typed signature
// (their name, proposed), then Agree and Finish with the initials and consent.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PHONE, REVIEWS } from './link-signing';

/** A phone-sized browser on the link, past the captcha, the agreement shown. */
export async function openLinkOnPhone(
  browser: Browser,
  link: string,
): Promise<{ phone: BrowserContext; page: Page }> {
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.route(REVIEWS, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Reviews</h1>' }),
  );
  await page.goto(link);
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Agreement', {
    timeout: 30_000,
  });
  return { phone, page };
}

/** Signs with the proposed typed name, then Agree and Finish with initials and consent. */
export async function signAndFinish(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign & Add Initials' }).click();
  const signature = page.getByRole('dialog', { name: 'Sign the agreement' });
  await expect(signature.getByLabel('Review and Update Your Signature')).toHaveValue(name);
  await signature.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Signature uploaded successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Agree and Finish' }).click();
  const initials = page.getByRole('dialog', { name: 'Add your initials' });
  await initials.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }).check();
  await initials.getByRole('button', { name: 'Save Initials' }).click();
}
