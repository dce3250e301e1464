// The signing pages' reading view as a phone shows it: the agreement's
// text at 16 px or more, the page starts and the places of the marks, a jump
// list, and the PDF one tap away.
import { expect, type Page } from '@playwright/test';

/** The reading view's scrollable text (a region named after the agreement). */
export function readingRegion(page: Page) {
  return page.locator('.sg-reading__scroller');
}

/**
 * Checks the reading view the phone opened on: every paragraph and list item at
 * 16 px or more, no text wider than the screen, page starts, the signature and
 * initials places, and a jump to the signature; saves a screenshot.
 */
export async function expectReadingView(page: Page, screenshotPath: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Reading view' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const region = readingRegion(page);
  await expect(region.locator('.sg-reading__paragraph').first()).toBeVisible({ timeout: 30_000 });
  const sizes = await region
    .locator('.sg-reading__paragraph, .sg-reading__list li, .sg-reading__heading')
    .evaluateAll((nodes) => nodes.map((node) => parseFloat(getComputedStyle(node).fontSize)));
  expect(sizes.length).toBeGreaterThan(5);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(16);
  // The text wraps at the screen's width: nothing to pan sideways.
  expect(
    await region.evaluate((node) => node.scrollWidth <= node.clientWidth),
    'reading view without sideways scrolling',
  ).toBe(true);
  await expect(region.getByText(/^Page 1 of \d+$/)).toBeVisible();
  // The toolbar (page, jump list) stays within the screen.
  const jump = await page.getByRole('combobox', { name: 'Jump to' }).boundingBox();
  const viewport = page.viewportSize();
  expect(jump && viewport && jump.x + jump.width <= viewport.width).toBe(true);
  await expect(region.locator('[data-mark="initials"]').first()).toBeAttached();
  await page.screenshot({ path: screenshotPath });

  // The jump list goes to the signature block.
  await page.getByRole('combobox', { name: 'Jump to' }).selectOption('signature');
  await expect(region.locator('[data-mark="signature"]')).toBeInViewport({ timeout: 10_000 });
}

/** One tap from the reading view to the PDF (PDF.js draws page 1). */
export async function switchToPdf(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'View as PDF' }).click();
  await expect(page.getByRole('img', { name: /^Page 1 of \d+$/ }).locator('canvas')).toBeVisible({
    timeout: 30_000,
  });
}
