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

/** The newest "Your ProSign code" mail to `to` in the mailbox page (`staff`: an admin signed in): its code. */
export async function codeFromMailbox(staff: Page, to: string, notCode?: string): Promise<string> {
  await staff.goto('/mailbox');
  const mails = staff
    .getByRole('list', { name: 'Caught mail' })
    .getByRole('button', { name: new RegExp(`Your ProSign code.*To ${escaped(to)}`) });
  const body = staff.frameLocator('iframe[title="Mail: Your ProSign code"]');
  let code = '';
  await expect
    .poll(
      async () => {
        if ((await mails.count()) === 0) return '';
        // The list is newest first.
        await mails.first().click();
        const text = await body
          .locator('body')
          .innerText({ timeout: 5_000 })
          .catch(() => '');
        code = /Your ProSign code is (\d{6})\./.exec(text)?.[1] ?? '';
        return code && code !== notCode ? code : '';
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
    )
    .not.toBe('');
  return code;
}
