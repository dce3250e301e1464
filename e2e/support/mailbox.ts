// The mailbox page (/mailbox, admins): finds the mail to an address that carries a
// given "Review and sign" link among the caught mail (earlier runs may have left
// other mail to the same address).
import { expect, type Page } from '@playwright/test';
import { DEMO, signIn } from './staff';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Signs in as the admin, opens /mailbox and waits for the mail to `to` with `link`; a screenshot. */
export async function expectMailWithLink(
  page: Page,
  to: string,
  link: string,
  screenshotPath: string,
): Promise<void> {
  await signIn(page, DEMO.admin);
  await page.goto('/mailbox');
  const mails = page
    .getByRole('list', { name: 'Caught mail' })
    .getByRole('button', { name: new RegExp(`To ${escaped(to)}`) });
  await expect(mails.first()).toBeVisible({ timeout: 60_000 });
  const body = page.frameLocator('iframe[title^="Mail:"]');
  await expect
    .poll(
      async () => {
        const count = Math.min(await mails.count(), 8);
        for (let index = 0; index < count; index++) {
          await mails.nth(index).click();
          const href = await body
            .getByRole('link', { name: 'Review and sign' })
            .getAttribute('href', { timeout: 5_000 })
            .catch(() => null);
          if (href === link) return true;
        }
        return false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.screenshot({ path: screenshotPath });
}
