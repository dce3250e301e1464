// The deal's stage mapping and CRM record page as an administrator meets them: a contract on a demo deal is sent
// and signed by the client on a phone; from the card's details the admin opens the deal's
// "CRM record" page, which shows the deal at the mapped stage ("Contract Signed"), its stage
// moves, the notes sent → viewed → signed (newest first) and the sealed PDF as a file that opens. On "CRM stages" the admin maps "declined"
// for the sales pipeline and sees it saved (put back afterwards: the mapping is shared).
// Both pages at 390×844 (nothing scrolls sideways) and 1440×900, checked with axe.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { openLinkOnPhone, signAndFinish } from './support/customer-signing';
import { noHorizontalScroll, PHONE } from './support/link-signing';
import {
  createStandardDocument,
  sendStandardContract,
  standardClient,
} from './support/standard-contract';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });
const shot = (name: string) => path.join(screenshots, `crm-${name}.png`);
const DESKTOP = { width: 1440, height: 900 };

/** A demo sales deal no other browser test uses; it starts at "Appointment Scheduled". */
const DEAL_ID = '40000012';

/** Both screen sizes: a full-page screenshot each, nothing sideways on the phone. */
async function atBothSizes(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: shot(`${name}-desktop`), fullPage: true });
  await page.setViewportSize(PHONE);
  // The staff navigation folds into its menu button once the page has seen the narrow screen.
  await expect(page.getByRole('button', { name: /^Menu/ })).toBeVisible();
  expect(await noHorizontalScroll(page), `${name}: no sideways scrolling at 390 px`).toBe(true);
  await page.screenshot({ path: shot(`${name}-phone`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test('an admin sees a signed contract on its CRM deal: stage, notes, PDF; and maps "declined"', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const fullName = 'Nora Lindqvist';
  const clientEmail = `e2e-crm-${stamp}@prosign.example`;
  await page.setViewportSize(DESKTOP);

  // The admin sends a standard contract on the demo deal.
  await signIn(page, DEMO.admin);
  const client = standardClient(fullName, clientEmail);
  const docLink = await createStandardDocument(page.request, client, {
    formData: { hs_deal_id: DEAL_ID },
  });
  const signingLink = await sendStandardContract(page.request, client, docLink, stamp, {
    hsDealId: DEAL_ID,
  });

  // The client signs on a phone.
  const { phone, page: signer } = await openLinkOnPhone(browser, signingLink);
  await signAndFinish(signer, fullName);
  await expect(signer.getByRole('dialog', { name: 'Agreement completed' })).toBeVisible({
    timeout: 60_000,
  });
  await phone.close();

  // The card's details link to the deal's CRM record page (administrators).
  await page.goto('/dashboard');
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill(clientEmail);
  const cards = page.getByRole('list', { name: 'Contracts' }).getByRole('listitem');
  await expect(cards).toHaveCount(1, { timeout: 15_000 });
  await cards
    .first()
    .getByRole('button', { name: /^Details/ })
    .click();
  const details = page.getByRole('dialog', { name: `Contract details — ${fullName}` });
  await details.getByRole('link', { name: `CRM record (deal ${DEAL_ID})` }).click();
  await expect(page).toHaveURL(new RegExp(`/crm-record\\?type=deals&id=${DEAL_ID}$`));
  await expect(details).toBeHidden();

  // The CRM record page: the notes arrive through the `crm` queue, so read until "signed" is there.
  await expect(page.getByRole('heading', { level: 1, name: 'CRM record' })).toBeVisible();
  const notes = page.getByRole('list', { name: 'Notes, newest first' });
  await expect(async () => {
    await page.reload();
    await expect(notes.locator(':scope > li').first()).toContainText('was signed in ProSign', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });

  const record = page.getByRole('region', { name: /—/ }).first();
  await expect(record.getByText('Sales Pipeline')).toBeVisible();
  await expect(record.locator('dd strong')).toHaveText('Contract Signed');

  // Newest first: this signing's "signed" note, below it "first viewed", then "sent".
  const items = notes.locator(':scope > li');
  const texts = await items.allTextContents();
  const signedAt = texts.findIndex((text) => text.includes('was signed in ProSign'));
  const viewedAt = texts.findIndex((text) => text.includes('was opened by the signer'));
  const sentAt = texts.findIndex((text) => text.includes('was sent for signature'));
  expect(signedAt).toBe(0);
  expect(viewedAt).toBeGreaterThan(signedAt);
  expect(sentAt).toBeGreaterThan(viewedAt);
  // The note's link back to the card is a link.
  await expect(items.first().getByRole('link', { name: /^https?:\/\// })).toBeVisible();

  // The sealed PDF: an attachment of the "signed" note and in the files list; it opens as a PDF.
  const attachment = items.first().getByRole('link', { name: /\.pdf$/ });
  await expect(attachment).toHaveAttribute('target', '_blank');
  const href = (await attachment.getAttribute('href'))!;
  expect(href).toMatch(/\/api\/admin\/crm\/files\/\d+$/);
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.locator(`a[href="${href}"]`)).toBeVisible();
  await expect(files).toContainText('/ProSign/Service agreements');
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The stage history ends with the move to the mapped stage.
  const history = page.getByRole('region', { name: 'Stage history' });
  await expect(history.locator('li').last()).toContainText('Contract Signed');
  await expect(history.locator('li').last()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} PST/);

  await expectNoSeriousAxeViolations(page, 'CRM record');
  await atBothSizes(page, 'record');

  // Another record from the form: a project that does not exist says so.
  await page.getByRole('combobox', { name: 'Record type' }).selectOption('projects');
  await page.getByRole('textbox', { name: 'Record id' }).fill('69999999');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'No such record' })).toBeVisible();
  await expect(page).toHaveURL(/\/crm-record\?type=projects&id=69999999$/);

  // CRM stages: map "declined" in the sales pipeline, see it saved, then put the rules back.
  const before = await page.request.get(`${apiUrl}/admin/crm/stage-mappings`);
  expect(before.status()).toBe(200);
  const { pipelines } = (await before.json()) as {
    pipelines: Array<{ id: string; label: string; rules: unknown }>;
  };
  const salesRules = pipelines.find((pipeline) => pipeline.id === 'default')!.rules;
  try {
    await page.goto('/crm-stages');
    const sales = page.getByRole('region', { name: /Sales Pipeline/ });
    const declined = sales.getByRole('combobox', { name: 'Declined' });
    const save = sales.getByRole('button', { name: 'Save Sales Pipeline' });
    await expect(save).toBeDisabled();
    await declined.selectOption({ label: 'Closed Lost' });
    await sales.getByRole('checkbox', { name: 'Allow moving back (Declined)' }).check();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(
      sales.getByText(/^Saved by admin@\S+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} PST\.$/),
    ).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(sales.getByText('Default', { exact: true })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'CRM stages');

    // Saved on the server: a fresh page shows it.
    await page.reload();
    await expect(declined).toHaveValue('closedlost');
    await expect(
      sales.getByRole('checkbox', { name: 'Allow moving back (Declined)' }),
    ).toBeChecked();
    await atBothSizes(page, 'stages');
  } finally {
    const restore = await page.request.put(`${apiUrl}/admin/crm/stage-mappings/default`, {
      data: { rules: salesRules },
    });
    expect(restore.status()).toBe(200);
  }
});
