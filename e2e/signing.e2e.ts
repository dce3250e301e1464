// Signing as a client meets it, on a phone: a contract sent by staff is opened
// from the mailbox page, the captcha passed, the agreement signed and finished;
// then the signed copy is mailed, the final PDF carries the signature and the
// audit trail, its seal checks out on /verify, and the CRM deal is signed.
import { expect, test as base, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expectAppOnCaptchaStep } from './support/captcha-step';
import { pdfPagesText } from './support/pdf-text';
import { expectReadingView, readingRegion, switchToPdf } from './support/reading-view';
import { createStandardDocument, standardClient } from './support/standard-contract';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

const PHONE = { width: 390, height: 844 };
const DEAL_ID = '40000003';
const REVIEWS = /^https:\/\/www\.google\.com\/search\?q=ProSign\+reviews/;

const test = base.extend<{ staff: Page }>({
  staff: async ({ page }, use) => {
    await signIn(page, DEMO.csm);
    await use(page);
  },
});

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test('a client signs a sent contract on a phone from the mailbox link; mail, PDF, seal and CRM follow', async ({
  staff,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const clientEmail = `e2e-signer-${stamp}@prosign.example`;
  const fullName = 'Maria Elena Alvarez';
  const apiOrigin = new URL(apiUrl).origin;

  // Staff (csm) creates the agreement document and sends it; both calls carry the same client.
  const clientRecord = standardClient(fullName, clientEmail);
  const docLink = await createStandardDocument(staff.request, clientRecord, {
    formData: { hs_deal_id: DEAL_ID },
  });
  const sent = await staff.request.post(`${apiUrl}/contracts/send`, {
    data: {
      ...clientRecord,
      docLink,
      cc_email: `e2e-cc-${stamp}@prosign.example`,
      form_type: 'Structural Engineering',
      contractTitle: 'Structural Engineering Agreement',
      hsDealId: DEAL_ID,
      subject: `Your agreement ${stamp}`,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { signingLink, _id: contractId } = (await sent.json()) as {
    signingLink: string;
    _id: string;
  };

  // The client's mail on the mailbox page (admin-only) carries the signing link.
  await signIn(staff, DEMO.admin);
  await staff.goto('/mailbox');
  const caught = staff.getByRole('list', { name: 'Caught mail' });
  const reviewMail = caught
    .getByRole('button', { name: new RegExp(`To ${clientEmail.replace(/[.+]/g, '\\$&')}`) })
    .filter({ hasText: `Your agreement ${stamp}` });
  await expect(reviewMail).toBeVisible({ timeout: 30_000 });
  await reviewMail.click();
  const reviewBody = staff.frameLocator('iframe[title^="Mail:"]');
  const open = reviewBody.getByRole('link', { name: 'Review and sign' });
  await expect(open).toHaveAttribute('href', signingLink);
  const link = (await open.getAttribute('href'))!;

  // A staff screen's socket (session cookie) receives the signer's presence.
  const cookie = (await staff.context().cookies(apiOrigin))
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  const staffSocket: Socket = io(apiOrigin, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { Cookie: cookie },
  });
  const presence: boolean[] = [];
  staffSocket.on('signer-presence', (event: { id: string; active: boolean }) => {
    // Staff hear of the contract by its id: events never carry the signing token.
    if (event.id === contractId) presence.push(event.active);
  });
  await expect.poll(() => staffSocket.connected).toBe(true);

  // An open dashboard (admin) shows the contract waiting; it turns signed live, without reload.
  const board = await staff.context().newPage();
  await board.goto('/dashboard');
  await board.getByRole('searchbox', { name: 'Search contracts' }).fill(clientEmail);
  const boardCards = board.getByRole('list', { name: 'Contracts' }).getByRole('listitem');
  await expect(boardCards).toHaveCount(1, { timeout: 15_000 });
  await expect(boardCards.first()).toContainText('Not signed');

  // The client, on a phone, without any staff session.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const client = await phone.newPage();
  await client.route(REVIEWS, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Reviews</h1>' }),
  );
  await client.goto(link);
  await expect(client.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeVisible();
  await expect(
    client.getByText(
      'To access the secure agreement, please confirm you are not a robot by selecting the checkbox below.',
    ),
  ).toBeVisible();
  await expectAppOnCaptchaStep(client);
  expect(await noHorizontalScroll(client)).toBe(true);
  await expectNoSeriousAxeViolations(client, 'signing: captcha step');
  await client.getByRole('checkbox', { name: "I'm not a robot" }).click();

  const title = client.getByRole('heading', { level: 1, name: /Structural Engineering Agreement/ });
  await expect(title).toBeVisible({ timeout: 30_000 });
  await expect(client).toHaveTitle(/Structural Engineering Agreement/);
  await expect(
    client.getByText(
      'Before proceeding, we encourage you to take a moment to review the entire agreement.',
    ),
  ).toBeVisible();
  // The phone reads the agreement's text at 16 px or more; PDF.js draws the PDF one tap away.
  await expectReadingView(client, path.join(screenshots, 'signing-phone-reading.png'));
  await expectNoSeriousAxeViolations(client, 'signing: reading view');
  await switchToPdf(client);
  expect(await noHorizontalScroll(client)).toBe(true);
  await client.screenshot({ path: path.join(screenshots, 'signing-phone.png') });
  await expectNoSeriousAxeViolations(client, 'signing: document');
  await client.getByRole('button', { name: 'Reading view' }).click();
  await expect.poll(() => presence.at(-1), { timeout: 15_000 }).toBe(true);

  await client.getByRole('button', { name: 'Electronic Signature Consent and Disclosure' }).click();
  const consent = client.getByRole('dialog', {
    name: 'Electronic Signature Consent and Disclosure',
  });
  await expect(consent).toContainText(/paper copy/i);
  await expectNoSeriousAxeViolations(client, 'signing: consent disclosure modal');
  await consent.getByRole('button', { name: 'Close' }).click();

  // Sign (typed), then initials with consent, then finish.
  await expect(client.getByRole('button', { name: 'Agree and Finish' })).toBeDisabled();
  await client.getByRole('button', { name: 'Sign & Add Initials' }).click();
  const signature = client.getByRole('dialog', { name: 'Sign the agreement' });
  await expect(signature.getByLabel('Review and Update Your Signature')).toHaveValue(fullName);
  await expect(signature.getByLabel('Review and Update Your Initials')).toHaveValue('M.E.A.');
  await expectNoSeriousAxeViolations(client, 'signing: signature modal');
  await signature.getByRole('button', { name: 'Save' }).click();
  await expect(client.getByText('Signature uploaded successfully!')).toBeVisible();
  await expect(client.getByRole('button', { name: 'Sign & Add Initials' })).toHaveCount(0);
  // The saved signature and initials show in their places in the reading view.
  await expect(readingRegion(client).locator('[data-mark="signature"]')).toHaveText(fullName);
  await expect(readingRegion(client).locator('[data-mark="initials"]').first()).toHaveText(
    'M.E.A.',
  );

  // Edit signature offers the Edit modal; Cancel (from the keyboard: Escape) leaves it saved.
  const editSignature = client.getByRole('button', { name: 'Edit signature' });
  await editSignature.click();
  const edit = client.getByRole('dialog', { name: 'Edit your signature' });
  await expect(edit).toContainText('Please click "Edit" to edit the signature and initials.');
  await expectNoSeriousAxeViolations(client, 'signing: edit modal');
  await client.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
  await expect(editSignature).toBeFocused();

  await client.getByRole('button', { name: 'Agree and Finish' }).click();
  const initials = client.getByRole('dialog', { name: 'Add your initials' });
  await expect(initials.getByRole('textbox', { name: 'Initials' })).toBeFocused();
  await expectNoSeriousAxeViolations(client, 'signing: initials modal');
  await initials.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }).check();
  await initials.getByRole('button', { name: 'Save Initials' }).click();
  const done = client.getByRole('dialog', { name: 'Agreement completed' });
  await expect(done).toContainText(
    'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
    { timeout: 60_000 },
  );
  await client.screenshot({ path: path.join(screenshots, 'signing-completed.png') });
  await expectNoSeriousAxeViolations(client, 'signing: completion modal');
  // The dashboard opened before signing shows it signed, with the sealed PDF in its preview.
  await expect(boardCards.first()).toContainText('Signed', { timeout: 15_000 });
  await expect(boardCards.first()).not.toContainText('Not signed');
  await boardCards
    .first()
    .getByRole('button', { name: /^Preview document/ })
    .click();
  const preview = board.getByRole('dialog', { name: /^Signed contract — / });
  // The preview names the signed contract once the card has the final sealed PDF, drawn on canvas.
  await expect(preview.getByRole('img', { name: /^Page 1 of \d+$/ }).locator('canvas')).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  const previewSrc = await preview.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const previewPdf = await board.request.get(previewSrc!);
  expect(previewPdf.headers()['content-type']).toContain('application/pdf');
  expect(pdfPagesText(await previewPdf.body()).some((page) => /AUDIT TRAIL/i.test(page))).toBe(
    true,
  );
  await board.close();
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(client).toHaveURL(REVIEWS);

  // The link now says it is signed and leads to the sealed copy and its verification page.
  await client.goto(link);
  await expect(
    client.getByRole('heading', {
      level: 1,
      name: 'Agreement already signed',
    }),
  ).toBeVisible({ timeout: 30_000 });
  const download = client.getByRole('link', { name: 'Download the signed copy (PDF)' });
  const sealedResponse = await client.request.get((await download.getAttribute('href'))!);
  expect(sealedResponse.status()).toBe(200);
  const sealed = await sealedResponse.body();
  expect(sealed.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = pdfPagesText(sealed);
  expect(pages[0]).toMatch(/PROFESSIONAL ENGINEERING SERVICES AGREEMENT/);
  // The audit trail is merged after the agreement and names the signer (the signature
  // itself is an image in the agreement).
  const trail = pages.filter((page) => /AUDIT TRAIL/i.test(page)).join('\n');
  expect(trail).not.toBe('');
  expect(trail).toContain(fullName);
  expect(pages.indexOf(pages.find((page) => /AUDIT TRAIL/i.test(page))!)).toBeGreaterThan(0);

  // The seal: the sealed copy matches on /verify, an altered copy does not.
  await client.getByRole('link', { name: "Check the signed copy's seal" }).click();
  await expect(
    client.getByRole('heading', { level: 1, name: 'Verify a signed document' }),
  ).toBeVisible();
  await expect(client.getByText(/^Signer$/)).toBeVisible();
  await expect(client.locator('dd').filter({ hasText: /^Signed$/ })).toBeVisible();
  await expect(client.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await client.getByLabel('Choose a PDF').setInputFiles({
    name: 'signed.pdf',
    mimeType: 'application/pdf',
    buffer: sealed,
  });
  await expect(
    client.getByText('This PDF matches the sealed original: it has not been altered.'),
  ).toBeVisible();
  const altered = Buffer.concat([sealed, Buffer.from('\n% altered\n')]);
  await client.getByLabel('Choose a PDF').setInputFiles({
    name: 'altered.pdf',
    mimeType: 'application/pdf',
    buffer: altered,
  });
  await expect(client.getByText(/does not match the sealed original/)).toBeVisible();
  expect(await noHorizontalScroll(client)).toBe(true);
  await expectNoSeriousAxeViolations(client, 'verify');
  await client.screenshot({ path: path.join(screenshots, 'signing-verify.png'), fullPage: true });
  await phone.close();
  // Once finished and gone, the signer is reported inactive.
  await expect.poll(() => presence.at(-1), { timeout: 15_000 }).toBe(false);
  staffSocket.disconnect();

  // The signed copy reached the client's mailbox, with the sealed PDF attached.
  await staff.goto('/mailbox');
  const signedMail = caught
    .getByRole('button', { name: new RegExp(`To ${clientEmail.replace(/[.+]/g, '\\$&')}`) })
    .filter({ hasText: 'Your signed agreement' });
  await expect(signedMail).toBeVisible({ timeout: 30_000 });
  const list = (await (
    await staff.request.get(`${apiUrl}/mailbox`, { params: { limit: 100 } })
  ).json()) as {
    messages: Array<{ to: string[]; subject: string; attachments?: Array<{ filename: string }> }>;
  };
  const signedCopy = list.messages.find(
    (message) =>
      message.to.includes(clientEmail) && message.subject.startsWith('Your signed agreement'),
  );
  expect(signedCopy?.attachments?.some((file) => file.filename.endsWith('.pdf'))).toBe(true);

  // The CRM deal reaches the signed stage (the worker moves it from the `crm` queue).
  await signIn(staff, DEMO.csm);
  await expect
    .poll(async () => {
      const deal = await staff.request.post(`${apiUrl}/hubspot/fetch-deal-by-id`, {
        data: { hsObjectId: DEAL_ID },
      });
      const { deal: record } = (await deal.json()) as {
        deal: { properties: Record<string, string | null> };
      };
      return record.properties.dealstage;
    })
    .toBe('closedwon');
});
