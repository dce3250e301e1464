// Several signers in order, as two homeowners and the firm meet it: a contract sent to both, one
// after the other, then countersigned by the firm. Each homeowner opens their own
// mail's link on a phone, reads, signs and finishes, told who is still asked; the
// card follows live; the principal countersigns in the staff app and that seals
// it; the sealed PDF (pdf.js text, poppler's pdfsig) names all three and its audit
// trail lists all three; staff see each party's progress in the details.
import { expect, test, type Browser } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectMailWithLink } from './support/mailbox';
import { openLinkOnPhone, signAndFinish } from './support/customer-signing';
import { pdfPagesText, pdfsigReport } from './support/pdf-text';
import { expectReadingView } from './support/reading-view';
import {
  createStandardDocument,
  sendStandardContract,
  standardClient,
} from './support/standard-contract';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });
/** The demo admin countersigns for the firm as its principal engineer. */
const FIRM = {
  email: 'admin@prosign.example',
  name: 'Dana Whitfield',
  title: 'Principal Engineer',
};

async function signOnPhone(browser: Browser, link: string, name: string, shot: string) {
  const { phone, page } = await openLinkOnPhone(browser, link);
  await expectReadingView(page, path.join(screenshots, `several-signers-${shot}-reading.png`));
  // The reading view gives each signer their own block; the other's is named, not theirs to sign.
  const block = page.getByRole('region', { name: 'Signatures' });
  await expect(block.locator('[data-mark="signature"]')).toHaveCount(1);
  await expect(block.locator('[data-mark="signature"]').locator('..')).toContainText(name);
  await signAndFinish(page, name);
  return { page, phone };
}

test('two homeowners sign one after the other, each from their own mail on a phone; the firm countersigns last in the staff app and seals it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const maria = { name: 'Maria Alvarez', email: `e2e-maria-${stamp}@prosign.example` };
  const luis = { name: 'Luis Alvarez', email: `e2e-luis-${stamp}@prosign.example` };
  await signIn(page, DEMO.csm);
  const client = standardClient(maria.name, maria.email);
  const docLink = await createStandardDocument(page.request, client, {
    body: { additional_signers: [luis], countersigner: FIRM },
  });
  const signingLink = await sendStandardContract(page.request, client, docLink, stamp, {
    additional_signers: [luis],
    signing_order: 'sequential',
    countersigner: FIRM,
  });

  // Maria's mail carries her link; she signs first and is told Luis still signs.
  await expectMailWithLink(
    page,
    maria.email,
    signingLink,
    path.join(screenshots, 'several-signers-mail-1.png'),
  );
  const first = await signOnPhone(browser, signingLink, maria.name, 'first');
  const part = first.page.getByRole('dialog', { name: 'Your signature is in' });
  await expect(part).toContainText('1 of 3 signed — waiting for Luis Alvarez', { timeout: 60_000 });
  await first.page.screenshot({ path: path.join(screenshots, 'several-signers-first-done.png') });
  await first.phone.close();

  // Only now is Luis asked: his own mail, his own link.
  await signIn(page, DEMO.admin);
  await page.goto('/mailbox');
  const luisMail = page
    .getByRole('list', { name: 'Caught mail' })
    .getByRole('button', { name: new RegExp(`To ${luis.email.replace(/[.+]/g, '\\$&')}`) });
  await expect(luisMail.first()).toBeVisible({ timeout: 60_000 });
  await luisMail.first().click();
  const luisLink = (await page
    .frameLocator('iframe[title^="Mail:"]')
    .getByRole('link', { name: 'Review and sign' })
    .getAttribute('href'))!;
  expect(luisLink).not.toBe(signingLink);

  // The card, open on the dashboard, follows the signatures live (no reload).
  await page.goto('/dashboard');
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill(maria.email);
  const cards = page.getByRole('list', { name: 'Contracts' }).getByRole('listitem');
  // Only this contract matches the search (other tests' contracts are listed before it applies).
  await expect(cards).toHaveCount(1, { timeout: 15_000 });
  const card = cards.first();
  await expect(card).toContainText('1 of 3 signed — waiting for Luis Alvarez');

  const second = await signOnPhone(browser, luisLink, luis.name, 'second');
  await expect(second.page.getByRole('dialog', { name: 'Your signature is in' })).toContainText(
    '2 of 3 signed — waiting for the firm',
    { timeout: 60_000 },
  );
  await second.phone.close();
  await expect(card).toContainText('2 of 3 signed — waiting for the firm', { timeout: 30_000 });
  await page.screenshot({ path: path.join(screenshots, 'several-signers-card-live.png') });

  // The firm: the principal (the demo admin) countersigns in the staff app, from their queue.
  await page.goto('/countersign');
  const item = page
    .getByRole('list', { name: 'Waiting for my signature' })
    .getByRole('listitem')
    .filter({ hasText: maria.name });
  await expect(item).toHaveCount(1, { timeout: 30_000 });
  await expect(item).toContainText(`Signed by ${maria.name} and ${luis.name}`);
  await item.getByRole('link', { name: 'Review and sign' }).click();
  await expect(page.getByText('2 of 3 signed — waiting for the firm')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('textbox', { name: /Your signature/ })).toHaveValue(FIRM.name);
  await page.getByRole('button', { name: 'Save signature' }).click();
  await expect(page.getByText(/Your signature is saved/)).toBeVisible();
  await page
    .getByRole('checkbox', {
      name: 'I have read the Electronic Signature Consent and Disclosure and agree to sign electronically.',
    })
    .check();
  await page.getByRole('button', { name: 'Agree and Finish' }).click();
  await expect(page.getByRole('heading', { name: 'You countersigned this agreement' })).toBeVisible(
    {
      timeout: 90_000,
    },
  );
  await page.screenshot({ path: path.join(screenshots, 'several-signers-countersigned.png') });

  // Staff: the details list every party signed; the sealed PDF names all three, its trail too.
  await page.goto('/dashboard');
  await page.getByRole('searchbox', { name: 'Search contracts' }).fill(maria.email);
  await expect(cards).toHaveCount(1, { timeout: 15_000 });
  await expect(cards.first()).toContainText('Signed', { timeout: 30_000 });
  await cards
    .first()
    .getByRole('button', { name: /details/i })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: /details/ });
  const recipients = details.getByRole('table', { name: 'Recipients' });
  // The header, Maria, Luis and the firm.
  await expect(recipients.getByRole('row')).toHaveCount(4);
  await expect(recipients).toContainText(luis.email);
  await expect(recipients).toContainText('Countersigner (firm)');
  await expect(details).toContainText('All 3 signed');
  await page.screenshot({ path: path.join(screenshots, 'several-signers-details.png') });

  // The worker seals after the last signature's finish answered.
  let signedDocLink = '';
  await expect
    .poll(
      async () => {
        const cardJson = await page.request.get(
          `${apiUrl}/contracts/by-token/${new URL(signingLink).pathname.split('/').pop()}`,
        );
        signedDocLink =
          ((await cardJson.json()) as { signedDocLink: string | null }).signedDocLink ?? '';
        return signedDocLink;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const sealed = await page.request.get(signedDocLink);
  const pdf = await sealed.body();
  const pages = pdfPagesText(pdf);
  const text = pages.join('\n');
  expect(text).toContain(maria.name);
  expect(text).toContain(luis.name);
  expect(text).toContain(FIRM.name);
  expect(text).toContain(FIRM.title);
  // The trail lists every recipient and names each on their own events (long addresses wrap).
  const trail = pages
    .filter((p) => /AUDIT TRAIL/i.test(p))
    .join('\n')
    .replace(/\s+/g, '');
  expect(trail).toContain('RECIPIENTS');
  expect(trail).toContain(`Signedby${luis.email}`);
  expect(trail).toContain(`Signedby${maria.email}`);
  expect(trail).toContain(`Signedby${FIRM.email}`);
  // poppler validates the seal over the whole signed document.
  const report = pdfsigReport(pdf);
  expect(report).toContain('Signature Validation: Signature is Valid.');
});
