// Creating a change order as a CSM meets it: a demo change-order deal without a project, picked
// on Home, leads to /co; the CSM chooses the project (its used labels disabled)
// and a free label, the deal's client signatory, Split Payment with two amounts
// that follow each other, creates the change order (CRM label, split deal copy,
// document), edits the template texts beside the preview, saves and sends it; the
// signatory's mail with the /co-signature link arrives on the mailbox page. A
// linked demo deal’s /co is also checked on a 390×844 phone, and an admin edits
// the CO template on /sow-template-edit.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expectMailWithLink } from './support/mailbox';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

/**
 * Demo CO deals (local-crm.demo-data.ts): 40000106 has no project; 40000101 is Change Order 1
 * of 60000001; 40000107 is linked to 60000004 without a label.
 */
const UNLINKED_DEAL = '40000106';
const LINKED_DEAL = '40000101';
const PROJECT_ID = '60000001';
const UNLABELLED_DEAL = { id: '40000107', projectId: '60000004' };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Home: the deal lookup says redirect, so /co takes over with the deal's data. */
async function openDealOnHome(page: Page, dealId: string) {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: /Search deal/ });
  await expect(search).toBeVisible({ timeout: 30_000 });
  await search.fill(`https://app.hubspot.com/contacts/4711/record/0-3/${dealId}`);
  await page.getByRole('listbox', { name: 'Deals' }).getByRole('option').first().click();
  await expect(page).toHaveURL(/\/co$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'ProSign Change Order' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByText('Search the HS Deal by Address, Deal ID or HS Deal Url to start.'),
  ).toBeVisible();
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('Change order creation', () => {
  test('a CSM sends a change order for a demo deal without a project; the signatory’s mail arrives', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, DEMO.csm);
    const deal = await page.request.get(`${apiUrl}/co/get-deal/${UNLINKED_DEAL}`);
    const { clientSignatories } = (await deal.json()) as {
      clientSignatories: Array<{ email: string; firstname: string }>;
    };
    const signatoryEmail = clientSignatories[0]?.email;
    expect(signatoryEmail, 'the demo CO deal has a client signatory').toBeTruthy();

    // Opened directly, without deal data, /co goes to /.
    await page.goto('/co');
    await expect(page).toHaveURL(/\/$/);

    await openDealOnHome(page, UNLINKED_DEAL);
    await expect(
      page.getByText(/There is no associated project with the Change Order deal/),
    ).toBeVisible();

    // The project search (500 ms): id → the project with its address; its used labels are disabled.
    const projectSearch = page.getByRole('combobox', { name: /^Project/ });
    await projectSearch.fill(`https://app.hubspot.com/contacts/4711/record/2-9876/${PROJECT_ID}`);
    await expect(projectSearch).toHaveValue(PROJECT_ID);
    await page.getByRole('option', { name: new RegExp(`ID ${PROJECT_ID}`) }).click();
    const label = page.getByRole('button', { name: /Project association label/ });
    await expect(label).toBeEnabled({ timeout: 30_000 });
    await label.click();
    const labels = page.getByRole('listbox');
    for (const used of ['Change Order 1', 'Change Order 2', 'Change Order 3']) {
      await expect(labels.getByRole('option', { name: new RegExp(`^${used}`) })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
    await labels.getByRole('option', { name: /^Change Order 4/ }).click();

    // The form: project and signed date filled; the deal's only client signatory chosen.
    const form = page.getByRole('form', { name: 'Change order details' });
    await expect(form).toBeVisible({ timeout: 30_000 });
    await expect(form.getByRole('textbox', { name: /Main Contract Signed Date/ })).not.toHaveValue(
      '',
    );
    const signatory = form.getByRole('button', { name: /Signatory$/ });
    await expect(signatory).toContainText(signatoryEmail);
    // Picked again from the list: the linked contacts are below the search results.
    await signatory.click();
    await page
      .getByRole('option', { name: new RegExp(escaped(signatoryEmail)) })
      .first()
      .click();
    await expect(form.getByRole('textbox', { name: /Signatory Email/ })).toHaveValue(
      signatoryEmail,
    );

    await form.getByRole('button', { name: /CSM Email/ }).click();
    await page.getByRole('option').first().click();
    await form
      .getByRole('textbox', { name: /Description of Change/ })
      .fill('Add a covered patio on the north side (e2e).');
    const fee = form.getByRole('textbox', { name: /^Fee/ });
    await fee.fill('1000');
    await fee.press('Tab');
    await form.getByRole('button', { name: /Payment Terms/ }).click();
    await page.getByRole('option', { name: 'Split Payment' }).click();
    await expect(form.getByText('Please specify the split Amount:')).toBeVisible();
    const first = form.getByRole('textbox', { name: /First payment/ });
    const second = form.getByRole('textbox', { name: /Second payment/ });
    await first.fill('400');
    await first.press('Tab');
    await expect(second).toHaveValue('$600.00');
    await second.fill('700');
    await second.press('Tab');
    await expect(first).toHaveValue('$300.00');
    await page.screenshot({ path: path.join(screenshots, 'co-desktop-form.png'), fullPage: true });
    await expectNoSeriousAxeViolations(page, 'CO form');

    await expect(form.getByRole('combobox', { name: /Project Address/ })).not.toHaveValue('');
    await form.getByRole('button', { name: 'Create Contract' }).click();
    const confirm = page.getByRole('dialog', { name: 'Create the change order?' });
    await expect(confirm).toBeVisible({ timeout: 30_000 });
    await expect(confirm).toContainText('Change Order 4');
    await confirm.getByRole('button', { name: 'Update CRM and create' }).click();
    await expect(page.getByText('Contract is created')).toBeVisible({ timeout: 60_000 });

    // Step 2: the template texts beside the preview; Send only after Save.
    const start = page.getByRole('textbox', { name: 'Start', exact: true });
    await expect(start).toBeVisible();
    await expect(start).toHaveValue(/<<\$\w+:[^>]+>>/);
    await expect(page.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible({
      timeout: 30_000,
    });
    const send = page.getByRole('button', { name: 'Send Contract for Sign' });
    await expect(send).toBeDisabled();
    await page.screenshot({ path: path.join(screenshots, 'co-desktop-step2.png'), fullPage: true });
    await expectNoSeriousAxeViolations(page, 'CO step 2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(send).toBeEnabled({ timeout: 60_000 });
    await send.click();
    await expect(page.getByText(/sent successfully/)).toBeVisible({ timeout: 60_000 });
    const modal = page.getByRole('dialog', { name: /Copy link/ });
    const link = await modal.getByRole('textbox', { name: 'Signing link' }).inputValue();
    expect(new URL(link).pathname).toMatch(/^\/co-signature\/[\w-]+$/);
    await page.screenshot({ path: path.join(screenshots, 'co-desktop-sent.png') });
    // "Copy" is one line beside the long link (it wrapped to "Cop / y" at 1440 px).
    const copyLines = await modal
      .getByRole('button', { name: 'Copy', exact: true })
      .evaluate((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
    expect(copyLines, 'the Copy button’s text lines').toBe(1);
    await modal.getByRole('button', { name: 'Close' }).click();

    // The CRM: the deal is Change Order 4 of the project now.
    const after = await page.request.get(`${apiUrl}/co/get-deal/${UNLINKED_DEAL}`);
    expect(((await after.json()) as { project: { label: string } }).project.label).toBe(
      'Change Order 4',
    );

    // The signatory's mail with the /co-signature link, on the mailbox page.
    await expectMailWithLink(
      page,
      signatoryEmail,
      link,
      path.join(screenshots, 'co-desktop-mailbox.png'),
    );
  });

  test('a deal with a project but no label: the project box shows the deal’s project', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.csm);
    const deal = await page.request.get(`${apiUrl}/co/get-deal/${UNLABELLED_DEAL.id}`);
    const { project } = (await deal.json()) as {
      project: { project: { id: string; properties: { address: string } }; label: string | null };
    };
    expect(project.project.id).toBe(UNLABELLED_DEAL.projectId);
    expect(project.label, 'the demo deal has no project association label').toBeNull();
    const address = project.project.properties.address;
    expect(address).toBeTruthy();

    await openDealOnHome(page, UNLABELLED_DEAL.id);
    await expect(page.getByText(/There is no associated project/)).toBeVisible();
    // The box holds the deal's own project (it stayed empty beside "Chosen: …").
    const projectBox = page.getByRole('combobox', { name: /^Project( \*)?$/ });
    await expect(projectBox).toHaveValue(address, { timeout: 30_000 });
    await expect(
      page.getByText(`Chosen: ${address} (ID ${UNLABELLED_DEAL.projectId})`),
    ).toBeVisible();
    // Only the label is left to choose.
    await expect(page.getByRole('button', { name: /Project association label/ })).toBeEnabled();
    await page.screenshot({
      path: path.join(screenshots, 'co-desktop-project-without-label.png'),
      fullPage: true,
    });
  });

  test('/co on a 390×844 phone: a linked deal goes straight to the form and to step 2', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    try {
      await signIn(page, DEMO.csm);
      await openDealOnHome(page, LINKED_DEAL);
      // The deal is Change Order 1 of its project: no project search, no label to choose.
      await expect(page.getByText(/There is no associated project/)).toHaveCount(0);
      const form = page.getByRole('form', { name: 'Change order details' });
      await expect(form).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: path.join(screenshots, 'co-phone-top.png') });
      await form.getByRole('button', { name: /CSM Email/ }).click();
      await page.getByRole('option').first().click();
      await form.getByRole('textbox', { name: /Description of Change/ }).fill('Extra window.');
      await form.getByRole('textbox', { name: /^Fee/ }).fill('500');
      await form.getByRole('textbox', { name: /^Fee/ }).press('Tab');
      await form.getByRole('button', { name: /Payment Terms/ }).click();
      await page.getByRole('option', { name: 'Net 30' }).click();
      await page.screenshot({ path: path.join(screenshots, 'co-phone-form.png'), fullPage: true });
      await noHorizontalOverflow(page);
      await expectNoSeriousAxeViolations(page, 'CO form on a phone');

      await expect(form.getByRole('combobox', { name: /Project Address/ })).not.toHaveValue('');
      await form.getByRole('button', { name: 'Create Contract' }).click();
      await page
        .getByRole('dialog', { name: 'Create the change order?' })
        .getByRole('button', { name: 'Update CRM and create' })
        .click({ timeout: 30_000 });
      await expect(page.getByRole('textbox', { name: 'Start', exact: true })).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible({
        timeout: 30_000,
      });
      await page.screenshot({ path: path.join(screenshots, 'co-phone-step2.png'), fullPage: true });
      await noHorizontalOverflow(page);
      // Back to step 1 keeps the form.
      await page.getByRole('button', { name: 'Back to the form' }).click();
      await expect(form.getByRole('textbox', { name: /Description of Change/ })).toHaveValue(
        'Extra window.',
      );
    } finally {
      await context.close();
    }
  });

  test('an admin edits the CO template’s acknowledgement text on /sow-template-edit', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin);
    await page.goto('/sow-template-edit');
    const acknowledgement = page.getByRole('textbox', { name: 'Change order acknowledgement' });
    await expect(acknowledgement).toBeVisible({ timeout: 30_000 });
    const before = await acknowledgement.inputValue();
    try {
      await acknowledgement.fill(`${before} (e2e ${Date.now()})`);
      await page.getByRole('button', { name: 'Update the CO template' }).click();
      await expect(
        page.getByText('Change-order template content updated successfully.'),
      ).toBeVisible({ timeout: 30_000 });
      await page.screenshot({
        path: path.join(screenshots, 'co-template-edit.png'),
        fullPage: true,
      });
      await expectNoSeriousAxeViolations(page, 'CO template edit');
    } finally {
      // Put the demo text back for the other tests.
      const list = await page.request.get(`${apiUrl}/co/get-templates`);
      const { templates } = (await list.json()) as { templates: Array<{ _id: string }> };
      await page.request.put(`${apiUrl}/co/update/${templates[0]._id}`, {
        data: { templateFields: { template_change_order_acknowledgement: before } },
      });
    }
  });
});
