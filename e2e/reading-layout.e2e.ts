// A signer on a phone taps "Sign & Add Initials" while the reading view is still loading: the
// text arriving must not push the button away between the finger going down and coming up (a
// run in CI lost exactly that tap: the click landed on the notice above). The viewer's frame
// keeps its height from loading to loaded, so the buttons below it stay where they were.
import { expect, test } from '@playwright/test';
import { PHONE } from './support/link-signing';
import {
  createStandardDocument,
  sendStandardContract,
  standardClient,
} from './support/standard-contract';
import { DEMO, signIn } from './support/staff';

test('the signing buttons stay put while the reading view loads, and the tap opens the signature', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const client = standardClient('Ines Carvalho', `e2e-reading-layout-${stamp}@prosign.example`);
  await signIn(page, DEMO.admin);
  const docLink = await createStandardDocument(page.request, client);
  const signingLink = await sendStandardContract(page.request, client, docLink, stamp);

  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const signer = await phone.newPage();
  // The reading view's text is held back until the test lets it through.
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await signer.route(/\/api\/documents\/d\/[^/]+\/reading$/, async (route) => {
    await released;
    await route.continue();
  });
  await signer.goto(signingLink);
  await signer.getByRole('checkbox', { name: "I'm not a robot" }).click({ timeout: 30_000 });

  const sign = signer.getByRole('button', { name: 'Sign & Add Initials' });
  await expect(signer.getByText('Preparing the agreement for reading…')).toBeVisible({
    timeout: 30_000,
  });
  const whileLoading = await sign.boundingBox();
  release();
  await expect(signer.locator('.sg-reading__paragraph').first()).toBeVisible({ timeout: 30_000 });
  const loaded = await sign.boundingBox();
  expect(whileLoading, 'the button is on the page while the text loads').not.toBeNull();
  expect(loaded?.y, 'the button did not move when the text arrived').toBe(whileLoading?.y);

  await sign.click();
  await expect(signer.getByRole('dialog', { name: 'Sign the agreement' })).toBeVisible();
  await phone.close();
});
