// Creating a contract as a CSM meets it: a demo CRM deal with missing properties becomes a
// sent contract — deal search, prefilled form, missing-properties modal,
// clause editor (with the basic-services rule), preview, PDF download, send,
// copy-link modal — and the client's mail shows up on the mailbox page while
// the demo CRM has the deal in the sent stage.
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { pickDealByLink } from './support/create-screen';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
const signingUrl = process.env.E2E_SIGNING_URL ?? 'http://localhost:8084';
mkdirSync(screenshots, { recursive: true });

const test = base.extend<{ staff: Page }>({
  staff: async ({ page }, use) => {
    await signIn(page, DEMO.csm);
    await use(page);
  },
});

/**
 * Demo deals seeded without a project type (every fifth, see
 * local-crm.demo-data.ts), not yet in the sent stage first; the first that
 * still fails the deal check is used, so a rerun against the same data works
 * until all are fixed.
 */
const CANDIDATE_DEALS = ['40000020', '40000025', '40000010', '40000005', '40000030'];

async function dealWithMissingProperties(request: APIRequestContext): Promise<string> {
  for (const id of CANDIDATE_DEALS) {
    const check = await request.get(`${apiUrl}/hubspot/check-deal-properties/${id}`);
    expect(check.status()).toBe(200);
    if (!((await check.json()) as { isValid: boolean }).isValid) return id;
  }
  throw new Error('every demo deal without a project type was fixed already: reseed the CRM');
}

test('a CSM turns a demo deal into a sent contract; the mail arrives and the deal moves to sent', async ({
  staff,
}) => {
  test.setTimeout(120_000);
  const dealId = await dealWithMissingProperties(staff.request);
  const lookup = await staff.request.post(`${apiUrl}/hubspot/fetch-deal-by-id`, {
    data: { hsObjectId: dealId },
  });
  const { clientSignatories } = (await lookup.json()) as {
    clientSignatories: Array<{ email: string }>;
  };
  const clientEmail = clientSignatories[0]?.email;
  expect(clientEmail, 'the demo deal has a signatory').toBeTruthy();

  await staff.goto('/');
  await expect(staff.getByRole('heading', { level: 1, name: 'Create Contract' })).toBeVisible();
  await expectNoSeriousAxeViolations(staff, 'create contract');

  // Left panel: a pasted deal URL finds the deal.
  const search = staff.getByRole('combobox', { name: /Search deal/ });
  await search.click();
  await expect(staff.getByText('Type to search...')).toBeVisible();
  const left = await pickDealByLink(staff, dealId);

  // Service and Title 24 reports are selects (a button opening a list box), empty: '--Select--'.
  const service = left.getByRole('button', { name: /Service/ });
  await expect(service).toHaveText('--Select--');
  await service.click();
  await staff.getByRole('option', { name: 'Structural Engineering' }).click();
  await left.getByRole('button', { name: /Title 24 reports/ }).click();
  await staff.getByRole('option', { name: '1', exact: true }).click();

  // Right panel: prefilled from the deal.
  await expect(staff.getByLabel(/^Full Name/)).not.toHaveValue('');
  await expect(staff.getByLabel(/^Email/)).toHaveValue(clientEmail);
  await expect(staff.getByLabel(/^Phone Number/)).toHaveValue(/^\+1\d{10}$/);
  await expect(staff.getByLabel(/^Deal ID/)).toHaveValue(dealId);
  // CSM and PM are staff pickers (a button opening a searchable list), empty: '--Select--'.
  await expect(staff.getByRole('button', { name: /CSM/ })).not.toHaveText('--Select--');
  const cost = staff.getByLabel(/^Cost/);
  await cost.fill('9000');
  await expect(staff.getByLabel(/^Deposit/)).toHaveValue('4500');
  await staff.getByLabel(/^Additional Email/).fill('office@prosign-client.example');
  const pm = staff.getByRole('button', { name: /PM/ });
  await pm.click();
  await staff.getByRole('listbox').getByRole('option').first().click();
  await expect(pm).not.toHaveText('--Select--');
  // The chosen deal is summed up; the stage reads as its CRM label, not its id.
  await expect(left.getByRole('region', { name: 'Chosen deal' })).toContainText(dealId);
  await expect(staff.getByLabel(/^Deal Stage/)).not.toHaveValue(/^[a-z_]+$/);
  await expectNoSeriousAxeViolations(staff, 'create contract: form filled');
  await staff.screenshot({
    path: path.join(screenshots, 'create-contract-form.png'),
    fullPage: true,
  });

  // The deal check blocks creation until the missing properties are supplied.
  await staff.getByRole('button', { name: 'Create Contract' }).click();
  const modal = staff.getByRole('dialog', { name: 'Missing deal properties' });
  await expect(modal).toBeVisible();
  await expectNoSeriousAxeViolations(staff, 'create contract: missing deal properties');
  // Project types: a multi-select (toggle an option, Escape closes its list); roles: selects.
  await modal.getByRole('button', { name: /Project type/ }).click();
  await staff.getByRole('listbox').getByRole('option').first().click();
  await staff.keyboard.press('Escape');
  for (const role of await modal.getByRole('button', { name: /Project role of/ }).all()) {
    await role.click();
    await staff.getByRole('option', { name: 'Homeowner' }).click();
  }
  await modal.getByRole('button', { name: 'Update deal and continue' }).click();
  await expect(staff.getByText('Deal updated successfully!')).toBeVisible();

  // Clause editor: Structural Engineering needs its basic services changed.
  await expect(staff.getByLabel('Overview')).toBeVisible();
  await expect(staff.getByLabel('Licensing and Insurance')).toHaveAttribute('readonly', '');
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByRole('alert')).toHaveText(
    'Please update the Basic Engineer Services for Structural Engineering to proceed',
  );
  const basic = staff.getByLabel('Engineer Basic Services');
  await basic.fill(`${await basic.inputValue()} Includes one site visit (e2e).`);
  // Editor and text preview side by side; the action bar stays in view (phone too).
  await expect(staff.getByRole('article', { name: 'Agreement text preview' })).toContainText(
    'Includes one site visit (e2e).',
  );
  await staff.screenshot({ path: path.join(screenshots, 'create-contract-editor.png') });
  const desktop = staff.viewportSize();
  await staff.setViewportSize({ width: 390, height: 844 });
  await expect(staff.getByRole('group', { name: 'Contract actions' })).toBeInViewport();
  await staff.screenshot({ path: path.join(screenshots, 'create-contract-editor-phone.png') });
  if (desktop) await staff.setViewportSize(desktop);
  await staff.getByRole('button', { name: 'Save' }).click();

  // Preview, download.
  const frame = staff.getByTitle('Contract preview');
  await expect(frame).toBeVisible({ timeout: 30_000 });
  await expect(staff.getByRole('button', { name: 'Back to the form' })).toHaveCount(0);
  const downloading = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download Contract as PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(staff.getByText('Contract is downloaded successfully')).toBeVisible();
  await staff.screenshot({ path: path.join(screenshots, 'create-contract-preview.png') });
  await expectNoSeriousAxeViolations(staff, 'create contract: preview');

  // Send, then the copy-link modal shows the signing link.
  await staff.getByRole('button', { name: 'Send Contract for Sign' }).click();
  const sent = staff.getByRole('dialog', { name: 'Contract sent' });
  await expect(sent).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(staff, 'create contract: contract sent');
  const signingLink = (await sent.getByRole('link').textContent())!.trim();
  // {signing-host}/{token} with the document link and prefix; the token is 192 random bits.
  expect(signingLink.startsWith(`${signingUrl}/`)).toBe(true);
  expect(new URL(signingLink).pathname).toMatch(/^\/[A-Za-z0-9_-]{32}$/);
  expect(new URL(signingLink).searchParams.get('prefix')).toBe('contract');
  expect(new URL(signingLink).searchParams.get('docLink')).toMatch(
    /\/api\/documents\/d\/[\w-]+\/edit$/,
  );
  await sent.getByRole('button', { name: 'Close' }).click();

  // The demo CRM has the deal in the sent stage with the link. The move is a job on the
  // worker's CRM queue (kept through outages), so it lands a moment after the send.
  const dealProperties = async () => {
    const after = await staff.request.post(`${apiUrl}/hubspot/fetch-deal-by-id`, {
      data: { hsObjectId: dealId },
    });
    return ((await after.json()) as { deal: { properties: Record<string, string> } }).deal
      .properties;
  };
  await expect
    .poll(async () => (await dealProperties()).dealstage, { timeout: 30_000 })
    .toBe('contractsent');
  expect(Object.values(await dealProperties())).toContain(signingLink);

  // The client's mail, with the link, is on the mailbox page (admin-only).
  await signIn(staff, DEMO.admin);
  await staff.goto('/mailbox');
  const list = staff.getByRole('list', { name: 'Caught mail' });
  const mail = list
    .getByRole('button', { name: new RegExp(`To ${clientEmail.replace(/[.+]/g, '\\$&')}`) })
    .first();
  await expect(mail).toBeVisible({ timeout: 30_000 });
  await mail.click();
  const body = staff.frameLocator('iframe[title^="Mail:"]');
  await expect(body.getByRole('link', { name: 'Review and sign' })).toHaveAttribute(
    'href',
    signingLink,
  );
  await staff.screenshot({ path: path.join(screenshots, 'create-contract-mailbox.png') });
});

test("Home's deal search starts empty when one comes back, and a new address replaces its text", async ({
  staff,
}) => {
  test.setTimeout(60_000);
  await staff.goto('/');
  // Any demo deal of the standard family (only looked at, never sent).
  await pickDealByLink(staff, '40000008');
  const search = staff.getByRole('combobox', { name: /Search deal/ });
  await expect(search).not.toHaveValue('');

  // Back in the field, what one types replaces the last deal's text.
  await staff.getByRole('heading', { level: 1, name: 'Create Contract' }).click();
  await search.click();
  await staff.keyboard.type('618 Oak');
  await expect(search).toHaveValue('618 Oak');
  await staff.keyboard.press('Escape');

  // Away and back to Home, or a reload: the search starts empty.
  const nav = staff.getByRole('navigation', { name: 'Staff navigation' });
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(staff).toHaveURL(/\/dashboard$/);
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(search).toHaveValue('', { timeout: 30_000 });
  await pickDealByLink(staff, '40000008');
  await staff.reload();
  await expect(search).toHaveValue('', { timeout: 30_000 });
});
