// The robot check of a signing link, which the page paints from its HTML before its
// script has run (frontends/signing/src/prerender); the app then takes the step over.
import { expect, type Page } from '@playwright/test';

export const CAPTCHA_PROMPT =
  'To access the secure agreement, please confirm you are not a robot by selecting the checkbox below.';

/**
 * The app runs the step: the page's root no longer marks the step its HTML carried. Both look
 * the same, so a test that reads what the app did (its requests, axe on a settled page) waits
 * for this first.
 */
export async function expectAppOnCaptchaStep(page: Page): Promise<void> {
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();
}

/**
 * Holds every script the page asks for until the returned function is called: the page as a
 * slow phone shows it before the app's JavaScript has arrived. Navigate with
 * `waitUntil: 'commit'` meanwhile (deferred scripts hold DOMContentLoaded back).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => /\.m?js$/.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}
