// Read-only values on the creation screens are shown whole. A one-line
// input cut long addresses ("88 Sunset Blvd, Oakland, CA 94"); now a read-only value wraps
// in a box that grows with it. On `/`, `/sow` and `/co`, on a 390×844 phone and a 1440×900
// desktop, each screen is filled from a demo record with a long address or list and no
// read-only field's value may overflow its box (wider or taller than what it shows).
// Screenshots: e2e/screenshots/read-only-<screen>-<size>.png. Nothing is created or sent.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pickDealByLink } from './support/create-screen';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, mobile: false },
] as const;
type Size = (typeof SIZES)[number];

/**
 * Demo records (local-crm.demo-data.ts) no other browser test sends on:
 * deal 40000008 lists two project types ("Addition, Foundation Repair", read-only on `/`);
 * project 60000004 has one of the longest addresses ("3900 El Camino Real, Berkeley, CA 94703");
 * change-order deal 40000107 is linked to that project without a label.
 */
const STANDARD_DEAL = '40000008';
const PROJECT_ID = '60000004';
const CO_DEAL = '40000107';

async function newPage(browser: Browser, size: Size): Promise<Page> {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.mobile,
    hasTouch: size.mobile,
    baseURL: test.info().project.use.baseURL,
  });
  return context.newPage();
}

/**
 * The demo project's address as the CRM has it (what the read-only fields must show whole),
 * from the change-order deal linked to it; a CSM's session (the CO lookups need Home access).
 */
async function projectAddressOf(page: Page): Promise<string> {
  const found = await page.request.get(`${apiUrl}/co/get-deal/${CO_DEAL}`);
  expect(found.status()).toBe(200);
  const { project } = (await found.json()) as {
    project: { project: { id: string; properties: { address?: string | null } }; label: unknown };
  };
  expect(project.project.id, `demo deal ${CO_DEAL}'s project`).toBe(PROJECT_ID);
  expect(project.label, `demo deal ${CO_DEAL} has no project label`).toBeNull();
  const address = project.project.properties.address ?? '';
  // Long enough to be cut by a narrow one-line input.
  expect(address.length, `the address of demo project ${PROJECT_ID}`).toBeGreaterThan(30);
  return address;
}

/**
 * Fails when a read-only field in `scope` does not show its whole value: its text is wider
 * or taller than the box (scrollWidth/scrollHeight beyond clientWidth/clientHeight), or the
 * box reaches past the viewport. Returns the visible read-only fields, label → value.
 */
async function expectReadOnlyValuesWhole(
  scope: Locator,
  screen: string,
): Promise<Record<string, string>> {
  const fields = await scope.evaluate((root) =>
    Array.from(
      root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input[readonly], textarea[readonly]',
      ),
    )
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const label = element.labels?.[0]?.textContent?.replace(/\s*\*$/, '').trim() ?? '';
        return {
          label: label || element.getAttribute('aria-label') || element.name,
          value: element.value,
          tag: element.tagName.toLowerCase(),
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
          scrollHeight: element.scrollHeight,
          clientHeight: element.clientHeight,
          right: Math.round(box.right),
          viewport: window.innerWidth,
        };
      }),
  );
  const clipped = fields.filter(
    (field) =>
      field.scrollWidth > field.clientWidth ||
      field.scrollHeight > field.clientHeight ||
      field.right > field.viewport,
  );
  expect(clipped, `${screen}: read-only values cut by their box`).toEqual([]);
  return Object.fromEntries(fields.map((field) => [field.label, field.value]));
}

/** Whole page, and the group with the longest read-only value close up. */
async function shoot(page: Page, group: Locator, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
  await group.screenshot({ path: path.join(screenshots, `${name}-fields.png`) });
}

for (const size of SIZES) {
  test.describe(`read-only values at ${size.viewport.width}×${size.viewport.height}`, () => {
    test(`/: the deal's read-only values are shown whole (${size.name})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await newPage(browser, size);
      try {
        await signIn(page, DEMO.csm);
        await page.goto('/');
        const search = page.getByRole('combobox', { name: /Search deal/ });
        await expect(search).toBeVisible({ timeout: 30_000 });
        const left = await pickDealByLink(page, STANDARD_DEAL);
        await left.getByRole('button', { name: /Service/ }).click();
        await page.getByRole('option', { name: 'Structural Engineering' }).click();
        await left.getByRole('button', { name: /Title 24 reports/ }).click();
        await page.getByRole('option', { name: '1', exact: true }).click();
        await expect(page.getByLabel(/^Deal ID/)).toHaveValue(STANDARD_DEAL, { timeout: 30_000 });
        const projectType = page.getByLabel(/^Project Type/);
        await expect(projectType).toHaveValue(/, /);

        const values = await expectReadOnlyValuesWhole(page.locator('main'), `/ (${size.name})`);
        expect(Object.keys(values)).toEqual(
          expect.arrayContaining(['Balance', 'Deal ID', 'Deal Stage', 'Project Type']),
        );
        await projectType.scrollIntoViewIfNeeded();
        await shoot(
          page,
          page.getByRole('group', { name: 'Site' }),
          `read-only-create-${size.name}`,
        );
      } finally {
        await page.context().close();
      }
    });

    test(`/sow: the project's id and address are shown whole (${size.name})`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const page = await newPage(browser, size);
      try {
        await signIn(page, DEMO.csm);
        const address = await projectAddressOf(page);
        await signIn(page, DEMO.pm);
        await page.goto('/sow');
        await expect(page.getByRole('button', { name: 'Create Contract' })).toBeVisible({
          timeout: 30_000,
        });
        const search = page.getByRole('combobox', { name: /Project/ });
        await search.fill(`https://app.hubspot.com/contacts/4711/record/2-9876/${PROJECT_ID}`);
        await page.getByRole('option', { name: new RegExp(`ID ${PROJECT_ID}`) }).click();
        const addressBox = page.getByRole('textbox', { name: /Project address/ });
        await expect(addressBox).toHaveValue(address, { timeout: 30_000 });

        const values = await expectReadOnlyValuesWhole(page.locator('main'), `/sow (${size.name})`);
        expect(values).toMatchObject({ 'Project ID': PROJECT_ID, 'Project address': address });
        await addressBox.scrollIntoViewIfNeeded();
        await shoot(
          page,
          page.getByRole('group', { name: 'Project', exact: true }),
          `read-only-sow-${size.name}`,
        );
      } finally {
        await page.context().close();
      }
    });

    test(`/co: the deal's project and the read-only values are shown whole (${size.name})`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const page = await newPage(browser, size);
      try {
        await signIn(page, DEMO.csm);
        const address = await projectAddressOf(page);
        // Home's deal lookup hands the change-order deal over to /co.
        await page.goto('/');
        const search = page.getByRole('combobox', { name: /Search deal/ });
        await expect(search).toBeVisible({ timeout: 30_000 });
        await search.fill(`https://app.hubspot.com/contacts/4711/record/0-3/${CO_DEAL}`);
        await page.getByRole('listbox', { name: 'Deals' }).getByRole('option').first().click();
        await expect(page).toHaveURL(/\/co$/, { timeout: 30_000 });

        // The deal has a project but no label: its project fills the project box.
        await expect(page.getByRole('combobox', { name: /^Project( \*)?$/ })).toHaveValue(address, {
          timeout: 30_000,
        });
        const label = page.getByRole('button', { name: /Project association label/ });
        await expect(label).toBeEnabled({ timeout: 30_000 });
        await label.click();
        await page.getByRole('option', { name: /^Change Order 1/ }).click();
        const form = page.getByRole('form', { name: 'Change order details' });
        await expect(form).toBeVisible({ timeout: 30_000 });
        const projectBox = form.getByRole('textbox', { name: /^Project( \*)?$/ });
        await expect(projectBox).toHaveValue(address);
        await expect(
          form.getByRole('textbox', { name: /Main Contract Signed Date/ }),
        ).not.toHaveValue('');

        const values = await expectReadOnlyValuesWhole(form, `/co (${size.name})`);
        expect(values).toMatchObject({ 'Deal ID': CO_DEAL, Project: address });
        expect(Object.keys(values)).toContain('Main Contract Signed Date');
        await projectBox.scrollIntoViewIfNeeded();
        await shoot(page, form.getByRole('group').first(), `read-only-co-${size.name}`);
      } finally {
        await page.context().close();
      }
    });
  });
}
