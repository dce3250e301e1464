// The standard creation screen (`/`) as staff use it in the browser tests.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Finds a deal by its HubSpot link and picks it; returns the "Deal and service" panel once the
 * chosen deal's summary is in. The summary comes in above the Service select and moves it down:
 * a list opened before that would move under the pointer, and a click meant for one option
 * would land on another.
 */
export async function pickDealByLink(page: Page, dealId: string): Promise<Locator> {
  await page
    .getByRole('combobox', { name: /Search deal/ })
    .fill(`https://app.hubspot.com/contacts/4711/record/0-3/${dealId}`);
  await page.getByRole('listbox', { name: 'Deals' }).getByRole('option').first().click();
  const panel = page.getByRole('region', { name: 'Deal and service' });
  await expect(panel.getByRole('region', { name: 'Chosen deal' })).toContainText(dealId, {
    timeout: 30_000,
  });
  return panel;
}
