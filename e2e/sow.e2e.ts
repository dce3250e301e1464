// Creating a Scope-of-Work as a PM meets it: a demo CRM project becomes a sent Scope-of-Work —
// project search, partner search (1000 ms), two roles (Designer, and the OSE that
// needs a site visit), fees and total, CRM confirmation, the template sections,
// preview, send, copy-link modal — and the partner's mail shows up on the admin's
// mailbox page; on a desktop and on a 390×844 phone. An admin then edits a role's
// services text on /sow-template-edit and finds it in the next SOW's services field.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expectMailWithLink } from './support/mailbox';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

/** A demo project of the local CRM and a demo partner (Mei Lin: OSE, SSS; rapport Good). */
const PROJECT_ID = '60000003';
const PARTNER = { search: 'Mei', name: 'Mei Lin', email: 'mei.lin@partners.example.com' };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Types a date and time into a React Aria date-time field, segment by segment. */
async function typeDateTime(page: Page, group: Locator, at: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${pad(at.getMonth() + 1)}${pad(at.getDate())}${at.getFullYear()}`);
  await page.keyboard.type('1030');
  await page.keyboard.type('AM');
}

async function chooseRoles(page: Page, labels: string[]) {
  await page.getByRole('button', { name: /Partner roles/ }).click();
  const list = page.getByRole('listbox');
  for (const label of labels) {
    await list.getByRole('option', { name: new RegExp(`^${escaped(label)}`) }).click();
  }
  await page.keyboard.press('Escape');
}

async function createAndSendSow(page: Page, shot: string): Promise<string> {
  await page.goto('/sow');
  await expect(page.getByRole('heading', { level: 1, name: 'SOW Home' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Contract' })).toBeVisible({
    timeout: 30_000,
  });

  // A pasted CRM record URL is reduced to the project id (500 ms debounce).
  const search = page.getByRole('combobox', { name: /Project/ });
  await search.fill(`https://app.hubspot.com/contacts/4711/record/2-9876/${PROJECT_ID}`);
  await expect(search).toHaveValue(PROJECT_ID);
  await page.getByRole('option', { name: new RegExp(`ID ${PROJECT_ID}`) }).click();
  await expect(page.getByRole('textbox', { name: /Project ID/ })).toHaveValue(PROJECT_ID);
  await expect(page.getByRole('textbox', { name: /Project address/ })).not.toHaveValue('');

  // The partner search (1000 ms debounce) fills the partner's details.
  await page.getByRole('button', { name: /Find a community partner/ }).click();
  await page.keyboard.type(PARTNER.search);
  await page.getByRole('option', { name: new RegExp(escaped(PARTNER.email)) }).click();
  await expect(page.getByRole('textbox', { name: /Partner e-mail/ })).toHaveValue(PARTNER.email);

  // Two roles, one needing a site visit; one fee each and the total.
  const siteVisit = page.getByRole('group', { name: /Site visit date and time/ });
  await expect(siteVisit).toHaveCount(0);
  await chooseRoles(page, ['Designer', 'On-Site Engineer']);
  await expect(siteVisit).toBeVisible();
  await page.getByRole('textbox', { name: 'Designer fee' }).fill('1200');
  await page.getByRole('textbox', { name: 'On-Site Engineer (OSE) fee' }).fill('350.50');
  await page.getByRole('textbox', { name: 'On-Site Engineer (OSE) fee' }).press('Tab');
  await expect(page.getByRole('status', { name: 'Total payment' })).toHaveText(
    'Total payment: $1,550.50',
  );
  await expect(page.getByRole('textbox', { name: /Services and deliverables/ })).toHaveValue(
    /Designer: [\s\S]+On-Site Engineer \(OSE\): /,
  );

  // Without the site visit the form says so under the field.
  await page.getByRole('spinbutton', { name: /^Timeline/ }).fill('2');
  await page.getByRole('button', { name: 'Create Contract' }).click();
  await expect(page.getByText('Enter the site visit date and time.')).toBeVisible();
  await typeDateTime(page, siteVisit, new Date(Date.now() + 7 * 24 * 3600_000));
  await expect(page.getByText('Enter the site visit date and time.')).toHaveCount(0);
  await page.screenshot({ path: path.join(screenshots, `${shot}-form.png`), fullPage: true });
  // Usable on a phone: nothing is wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page, `${shot}: SOW form`);

  await page.getByRole('button', { name: 'Create Contract' }).click();
  const crm = page.getByRole('dialog', { name: 'Update the CRM?' });
  await crm.getByRole('button', { name: 'Create without updating' }).click();
  await expect(page.getByText('Contract is created')).toBeVisible({ timeout: 30_000 });

  // Step 2: the sections, placeholders shown with their values; a dropped one is refused.
  const start = page.getByRole('textbox', { name: 'Start', exact: true });
  await expect(start).toBeVisible();
  await expect(start).toHaveValue(new RegExp(`<<\\$cp_name:${escaped(PARTNER.name)}>>`));
  const original = await start.inputValue();
  await start.fill(original.replace(/<<\$cp_name:[^>]*>>/g, 'the partner'));
  await expect(
    page.getByText(/Placeholders cannot be removed: .* is missing \$cp_name\./),
  ).toBeVisible();
  await start.fill(original);
  await page.screenshot({ path: path.join(screenshots, `${shot}-sections.png`), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();

  // Step 3: preview in the PDF viewer, send, copy-link modal.
  await expect(page.getByRole('region', { name: 'SOW document' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: path.join(screenshots, `${shot}-preview.png`), fullPage: true });
  await page.getByRole('button', { name: 'Send Contract for Sign' }).click();
  await expect(page.getByText(/sent successfully/)).toBeVisible({ timeout: 30_000 });
  const modal = page.getByRole('dialog', { name: /Copy link/ });
  const link = await modal.getByRole('textbox', { name: 'Signing link' }).inputValue();
  expect(new URL(link).pathname).toMatch(/^\/sow-signature\/[\w-]+$/);
  await page.screenshot({ path: path.join(screenshots, `${shot}-sent.png`) });
  await modal.getByRole('button', { name: 'Close' }).click();
  return link;
}

function expectPartnerMail(page: Page, link: string, shot: string) {
  return expectMailWithLink(
    page,
    PARTNER.email,
    link,
    path.join(screenshots, `${shot}-mailbox.png`),
  );
}

test.describe('SOW creation', () => {
  test('a PM creates and sends a SOW for a demo project; the partner’s mail arrives', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.pm);
    const link = await createAndSendSow(page, 'sow-desktop');
    await expectPartnerMail(page, link, 'sow-desktop');
  });

  test('the same on a 390×844 phone', async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    try {
      await signIn(page, DEMO.pm);
      const link = await createAndSendSow(page, 'sow-phone');
      await expectPartnerMail(page, link, 'sow-phone');
    } finally {
      await context.close();
    }
  });

  test('an admin edits a role’s services text and it fills the next SOW’s services field', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin);
    await page.goto('/sow-template-edit');
    const designer = page.getByRole('textbox', { name: 'Designer services' });
    await expect(designer).toBeVisible({ timeout: 30_000 });
    const before = await designer.inputValue();
    const marker = `Permit drawings and two revision rounds (e2e ${Date.now()}).`;
    await designer.fill(marker);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template content updated successfully.')).toBeVisible();
    await page.screenshot({
      path: path.join(screenshots, 'sow-template-edit.png'),
      fullPage: true,
    });
    await expectNoSeriousAxeViolations(page, 'SOW template edit');

    try {
      // A PM may open the screen but the server refuses the save.
      await signIn(page, DEMO.pm);
      await page.goto('/sow');
      await expect(page.getByRole('button', { name: 'Create Contract' })).toBeVisible({
        timeout: 30_000,
      });
      await chooseRoles(page, ['Designer']);
      await expect(page.getByRole('textbox', { name: /Services and deliverables/ })).toHaveValue(
        `Designer: ${marker}`,
      );
    } finally {
      // Put the demo text back for the other tests.
      await signIn(page, DEMO.admin);
      const template = await page.request.get(
        `${apiUrl}/sow/services-deliverables/name/Residential`,
      );
      const { _id } = (await template.json()) as { _id: string };
      await page.request.put(`${apiUrl}/sow/services-deliverables/${_id}`, {
        data: { services: { designer_cp: before } },
      });
    }
  });
});
