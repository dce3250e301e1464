// Any PDF, any fields, as a contract desk meets it: staff upload PDFs ProSign did not
// write (an article, an Acrobat form, a scanned page, a rotated A0 drawing from the pdf.js test
// corpus, and a subcontract whose text carries field tags), place fields from the tags and by
// dragging, and send to two signers in order with the firm's countersignature. The first signer
// fills her fields on a phone and attaches a file, the second signs on a desktop, the firm
// countersigns; the sealed PDF is checked by poppler (pdfsig, pdftotext, pdfdetach).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { PHONE, REVIEWS, noHorizontalScroll } from './support/link-signing';
import { pdfdetachList, pdfsigReport, pdftotextPage } from './support/pdf-text';
import { TAGGED_PDF_TAGS, taggedSubcontractPdf } from './support/tagged-pdf';
import { DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });
const shot = (name: string) => path.join(screenshots, `documents-${name}.png`);
const FIXTURES = path.join(__dirname, '../backend/test/fixtures/pdfs');
const DESKTOP = { width: 1440, height: 900 };

/** A run's own names, so earlier runs' documents and mails never match. */
const stamp = Date.now().toString(36);
const FIRST = { name: 'Lucia Ferreira', email: `lucia.ferreira.${stamp}@example.com` };
const SECOND = { name: 'Tomas Okafor', email: `tomas.okafor.${stamp}@example.com` };
const TITLE = `Harbor Street subcontract ${stamp}`;
const COMPANY = `Ferreira Shoring ${stamp}`;

/** A 1×1 PNG: the certificate of insurance the first signer attaches (typed by its content). */
const INSURANCE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function staffPage(browser: Browser) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  return { context, page };
}

/** Uploads a file on /documents/new and waits for the intake's report. */
async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto('/documents/new');
  await expect(page.getByRole('heading', { name: 'Upload a PDF' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('PDF file').setInputFiles(file);
  const report = page.getByRole('region', { name: file.name });
  await expect(report).toBeVisible({ timeout: 60_000 });
  return report;
}

const fixture = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: readFileSync(path.join(FIXTURES, name)),
});

test('PDFs from other producers open in the builder with what the intake found', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { context, page } = await staffPage(browser);
  const cases: Array<[string, RegExp]> = [
    ['tracemonkey.pdf', /^14 pages\. No fields found/],
    ['js-colors.pdf', /fields? found: \d+ from the form/],
    ['scan-bad.pdf', /^1 page\. No fields found/],
    ['issue14497.pdf', /^1 page\./],
  ];
  for (const [name, found] of cases) {
    const report = await upload(page, fixture(name));
    await expect(report.getByText(found)).toBeVisible();
    await page.screenshot({ path: shot(`report-${name.replace('.pdf', '')}`) });
    await report.getByRole('button', { name: /^(Place fields|Continue anyway)$/ }).click();
    // The builder draws the pages with pdf.js: the first page's canvas.
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/documents\/new\?draft=/);
    await page.screenshot({ path: shot(`builder-${name.replace('.pdf', '')}`) });
  }
  // The form's JavaScript was taken out, and the builder said so.
  const form = await upload(page, fixture('js-colors.pdf'));
  await expect(form.getByRole('heading', { name: 'Removed from the file' })).toBeVisible();
  await context.close();
});

/** Places one field by dragging it from the palette onto a page, with the mouse. */
async function dragFieldOnto(
  page: Page,
  paletteLabel: string,
  pageName: string,
  at: { x: number; y: number },
) {
  const target = page.getByRole('group', { name: pageName });
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const source = (await page
    .getByRole('button', { name: paletteLabel, exact: true })
    .boundingBox())!;
  const from = { x: source.x + source.width / 2, y: source.y + source.height / 2 };
  const to = { x: box.x + box.width * at.x, y: box.y + box.height * at.y };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(
      from.x + ((to.x - from.x) * step) / 12,
      from.y + ((to.y - from.y) * step) / 12,
    );
  }
  await page.mouse.up();
}

/** The "Review and sign" link of the newest mail to `to` in /mailbox (`staff`: an admin). */
async function signingLinkMailedTo(staff: Page, to: string): Promise<string> {
  await staff.goto('/mailbox');
  const mails = staff
    .getByRole('list', { name: 'Caught mail' })
    .getByRole('button', { name: new RegExp(`To ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  let link = '';
  await expect
    .poll(
      async () => {
        if ((await mails.count()) === 0) {
          await staff.reload();
          return '';
        }
        await mails.first().click();
        link =
          (await staff
            .frameLocator('iframe[title^="Mail:"]')
            .getByRole('link', { name: 'Review and sign' })
            .getAttribute('href', { timeout: 5_000 })
            .catch(() => null)) ?? '';
        return link;
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toMatch(/\/document-signature\//);
  return link;
}

/** A signer's link on `viewport`, past the robot check, on the document's fields. */
async function openDocumentLink(browser: Browser, link: string, phone: boolean) {
  const context = await browser.newContext(
    phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: DESKTOP },
  );
  const page = await context.newPage();
  await page.route(REVIEWS, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Reviews</h1>' }),
  );
  await page.goto(link);
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(TITLE) })).toBeVisible({
    timeout: 30_000,
  });
  return { context, page };
}

/** Adopts the typed signature the page proposes (the signer's name), then Agree and Finish. */
async function adoptSignatureAndFinish(page: Page, signerName: string, label: string) {
  const signature = page.getByRole('dialog', { name: 'Sign the agreement' });
  await expect(signature.getByLabel('Review and Update Your Signature')).toHaveValue(signerName);
  await signature.getByRole('button', { name: 'Save' }).click();
  await expect(signature).toHaveCount(0);
  await page.getByRole('button', { name: 'Agree and Finish' }).click();
  const finish = page.getByRole('dialog', { name: 'Agree and Finish' });
  await finish.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }).check();
  await page.screenshot({ path: shot(`${label}-finish`) });
  await finish.getByRole('button', { name: 'Agree and Finish' }).click();
}

test('a tagged PDF with a dragged field goes to two signers in order and the firm; the sealed copy holds every value', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const staff = await staffPage(browser);
  await staff.page.setViewportSize({ width: 1440, height: 2000 });
  const report = await upload(staff.page, {
    name: 'subcontract.pdf',
    mimeType: 'application/pdf',
    buffer: await taggedSubcontractPdf(),
  });
  await expect(report).toContainText('2 pages. 8 fields found: 0 from the form, 8 from tags');
  await report.getByRole('button', { name: 'Place fields' }).click();

  // The tags became fields, each for the signer it names.
  const fields = staff.page.getByRole('region', { name: 'subcontract.pdf, with its fields' });
  await expect(
    fields.getByRole('button', { name: 'Text field “Company name”, page 1, for Signer 1' }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(fields.getByRole('group', { name: 'Page 2 of 2' }).getByRole('button')).toHaveCount(
    4,
  );

  // The people, in signing order, and the firm's countersigner.
  await staff.page.getByRole('textbox', { name: 'Name of signer 1' }).fill(FIRST.name);
  await staff.page.getByRole('textbox', { name: 'E-mail of signer 1' }).fill(FIRST.email);
  await staff.page.getByRole('textbox', { name: 'Name of signer 2' }).fill(SECOND.name);
  await staff.page.getByRole('textbox', { name: 'E-mail of signer 2' }).fill(SECOND.email);
  await staff.page.getByRole('button', { name: /Select the countersigner/ }).click();
  await staff.page
    .getByRole('dialog', { name: 'Countersigner' })
    .getByRole('option', { name: 'Admin' })
    .click();
  await staff.page.getByRole('textbox', { name: 'Printed name (optional)' }).fill('Dana Whitfield');
  await staff.page.getByRole('textbox', { name: 'Title (optional)' }).fill('Principal');

  // A field the PDF did not ask for, dragged onto page 2 for the second signer.
  await staff.page
    .getByRole('combobox', { name: 'Placing for' })
    .selectOption({ label: SECOND.name });
  await dragFieldOnto(staff.page, 'Text field', 'Page 2 of 2', { x: 0.3, y: 0.66 });
  await expect(
    staff.page.getByRole('status').filter({ hasText: 'Dropped on page 2.' }),
  ).toBeVisible();
  await staff.page.getByRole('textbox', { name: 'Label' }).fill('Licence number');
  await expect(
    fields.getByRole('button', { name: `Text field “Licence number”, page 2, for ${SECOND.name}` }),
  ).toBeVisible();
  await expect(staff.page.getByRole('heading', { name: 'Ready to send' })).toBeVisible();
  await staff.page.screenshot({ path: shot('builder-ready'), fullPage: true });
  await expectNoSeriousAxeViolations(staff.page, 'document builder');

  await staff.page.getByRole('button', { name: 'Continue to send' }).click();
  await staff.page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
  await expect(
    staff.page.getByRole('radio', { name: 'One after the other, in the order listed' }),
  ).toBeChecked();
  await staff.page.screenshot({ path: shot('send'), fullPage: true });
  await staff.page.getByRole('button', { name: 'Send', exact: true }).click();
  const sent = staff.page.getByRole('region', { name: `“${TITLE}” was sent for signature` });
  await expect(sent).toBeVisible({ timeout: 60_000 });
  await expect(sent).toContainText(`${SECOND.name} <${SECOND.email}> — waiting for their turn`);
  const firstLink = (await sent.getByRole('link', { name: /document-signature/ }).textContent())!;
  await staff.page.screenshot({ path: shot('sent') });

  // The first signer, on a phone: her fields only, the guide, one attachment.
  const first = await openDocumentLink(browser, firstLink, true);
  const guide = first.page.getByRole('region', { name: 'Your fields' });
  await expect(guide.getByRole('status')).toHaveText('0 of 3 required');
  const pages = first.page.getByRole('region', { name: `The agreement: ${TITLE}` });
  await expect(pages.getByRole('group', { name: 'Page 2 of 2' })).toContainText(
    `text for ${SECOND.name}`,
  );
  expect(await noHorizontalScroll(first.page)).toBe(true);
  await first.page.screenshot({ path: shot('phone-fields') });
  // Agree and Finish before the fields are done names each one left.
  await first.page.getByRole('button', { name: 'Agree and Finish' }).click();
  await expect(guide.getByRole('alert')).toContainText('Fill in before you finish:');
  await expect(guide.getByRole('alert')).toContainText('“Company name” on page 1');
  // …and moves to the first of them.
  const company = pages.getByRole('textbox', { name: 'Company name, text, page 1, required' });
  await expect(company).toBeFocused();
  // The phone zoomed so the field reads at 16 px or more.
  expect(
    await company.evaluate((input) => parseFloat(getComputedStyle(input).fontSize)),
  ).toBeGreaterThanOrEqual(16);
  await first.page.screenshot({ path: shot('phone-zoomed') });
  await company.fill(COMPANY);
  await pages.getByLabel(/Choose a file for .*Insurance certificate/).setInputFiles({
    name: 'insurance-certificate.png',
    mimeType: 'image/png',
    buffer: INSURANCE_PNG,
  });
  await expect(pages).toContainText('insurance-certificate.png', { timeout: 30_000 });
  await expect(guide.getByRole('status')).toHaveText('2 of 3 required');
  await pages.getByRole('button', { name: 'Signature, page 1, required' }).click();
  await adoptSignatureAndFinish(first.page, FIRST.name, 'phone');
  await expect(first.page.getByRole('dialog', { name: /completed|signature is in/i })).toBeVisible({
    timeout: 60_000,
  });
  await first.page.screenshot({ path: shot('phone-done') });
  await first.context.close();

  // The second signer, on a desktop, from the link mailed once the first had signed.
  const secondLink = await signingLinkMailedTo(staff.page, SECOND.email);
  const second = await openDocumentLink(browser, secondLink, false);
  const secondPages = second.page.getByRole('region', { name: `The agreement: ${TITLE}` });
  await secondPages
    .getByRole('textbox', { name: 'Licence number, text, page 2, required' })
    .fill('PE-48213');
  await secondPages
    .getByRole('checkbox', { name: /I have read the site safety plan, checkbox, page 2, required/ })
    .check();
  await second.page.screenshot({ path: shot('desktop-fields'), fullPage: true });
  await expectNoSeriousAxeViolations(second.page, 'document signing (desktop)');
  await secondPages.getByRole('button', { name: 'Signature, page 2, required' }).click();
  await adoptSignatureAndFinish(second.page, SECOND.name, 'desktop');
  await expect(second.page.getByRole('dialog', { name: /completed|signature is in/i })).toBeVisible(
    {
      timeout: 60_000,
    },
  );
  await second.context.close();

  // The firm countersigns in the staff app.
  await staff.page.goto('/countersign');
  const item = staff.page
    .getByRole('list', { name: 'Waiting for my signature' })
    .getByRole('listitem')
    .filter({ hasText: TITLE });
  await expect(item).toHaveCount(1, { timeout: 60_000 });
  await item.getByRole('link', { name: 'Review and sign' }).click();
  await staff.page.getByRole('button', { name: 'Save signature' }).click();
  await expect(staff.page.getByText(/Your signature is saved/)).toBeVisible();
  await staff.page
    .getByRole('checkbox', {
      name: 'I have read the Electronic Signature Consent and Disclosure and agree to sign electronically.',
    })
    .check();
  await staff.page.getByRole('button', { name: 'Agree and Finish' }).click();
  await expect(
    staff.page.getByRole('heading', { name: 'You countersigned this agreement' }),
  ).toBeVisible({ timeout: 90_000 });
  const signedDocLink = (await staff.page
    .getByRole('link', { name: 'Download the signed agreement (PDF)' })
    .getAttribute('href'))!;
  const sealed = await staff.page.request.get(signedDocLink);
  expect(sealed.status()).toBe(200);
  const pdf = await sealed.body();
  // Kept beside the screenshots, to be looked at.
  writeFileSync(path.join(screenshots, 'documents-sealed.pdf'), pdf);

  // Poppler reads every value on its page, the tags gone, the attachment and the seal.
  const page1 = pdftotextPage(pdf, 1);
  const page2 = pdftotextPage(pdf, 2);
  expect(page1).toContain(COMPANY);
  expect(page1).toContain('insurance-certificate.png');
  expect(page2).toContain('PE-48213');
  for (const text of [page1, page2])
    for (const tag of TAGGED_PDF_TAGS) expect(text).not.toContain(tag);
  expect(page1 + page2).not.toContain('{{');
  expect(pdfdetachList(pdf)).toContain('insurance-certificate.png');
  // The certificate of completion lists the attachment with its SHA-256.
  const certificate = [3, 4]
    .map((n) => pdftotextPage(pdf, n))
    .join('\n')
    .replace(/\s+/g, '');
  expect(certificate).toContain('ATTACHMENTS(EMBEDDEDINTHISPDF)');
  expect(certificate).toContain('insurance-certificate.png');
  expect(certificate).toContain(createHash('sha256').update(INSURANCE_PNG).digest('hex'));
  const report2 = pdfsigReport(pdf);
  expect(report2).toContain('Signature Validation: Signature is Valid.');
  expect(report2).toContain('Total document signed');
  await staff.context.close();
});
