// Every staff page and every state of the signing page, on a phone (390×844) and a desktop
// (1440×900): no horizontal scroll, no serious or critical axe-core violation, phone tap
// targets of at least 44 px where people tap most, and modals that open with their title in
// view. A screenshot of each lands in e2e/screenshots/screens-*.png to be looked at.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { DEMO, apiUrl, signIn, signInWithRequest } from './support/staff';
import { expectReadingView, readingRegion, switchToPdf } from './support/reading-view';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, mobile: false },
] as const;
type Size = (typeof SIZES)[number];

/** Staff pages as the admin sees them, each with what says it has finished loading. */
const STAFF_PAGES: ReadonlyArray<{ path: string; name: string; ready: (page: Page) => Locator }> = [
  {
    path: '/',
    name: 'create',
    ready: (page) => page.getByRole('heading', { level: 1 }).first(),
  },
  {
    path: '/dashboard',
    name: 'dashboard',
    ready: (page) => page.getByRole('list', { name: 'Contracts' }),
  },
  {
    path: '/services',
    name: 'services',
    ready: (page) => page.getByTestId('service-item').first(),
  },
  { path: '/terms', name: 'terms', ready: (page) => page.getByRole('textbox').first() },
  {
    path: '/user-access',
    name: 'user-access',
    ready: (page) => page.getByRole('table'),
  },
  { path: '/sow', name: 'sow', ready: (page) => page.getByRole('heading', { level: 1 }).first() },
  {
    path: '/sow-dashboard',
    name: 'sow-dashboard',
    ready: (page) => page.getByRole('heading', { level: 1 }).first(),
  },
  {
    path: '/sow-template-edit',
    name: 'sow-template-edit',
    ready: (page) => page.getByRole('heading', { level: 1 }).first(),
  },
  {
    path: '/invoices',
    name: 'invoices',
    ready: (page) => page.getByRole('heading', { level: 1 }).first(),
  },
  {
    path: '/error?status=404&message=No%20such%20contract.',
    name: 'error',
    ready: (page) => page.getByRole('heading', { level: 1, name: '404 Error' }),
  },
  {
    path: '/no/such/page',
    name: 'not-found',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Page not found' }),
  },
];

interface ContractCard {
  status: string;
  signingLink: string;
  recipients?: Array<{ id: string; role: string }>;
}

async function newPage(browser: Browser, size: Size): Promise<Page> {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.mobile,
    hasTouch: size.mobile,
  });
  return context.newPage();
}

/** Fails when the page scrolls sideways, naming the widest elements. */
async function expectNoHorizontalScroll(page: Page, screen: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
  expect(overflow, `${screen} scrolls sideways`).toBeNull();
}

/** Fails when a modal's title is not inside the viewport and the dialog as it opens. */
async function expectModalTitleInView(dialog: Locator, screen: string): Promise<void> {
  await expect(dialog).toBeVisible();
  const place = await dialog.evaluate((element) => {
    const title = element.querySelector('h2, h1, [id][class*="title"]');
    if (!title) return { ok: false, why: 'no title' };
    const box = title.getBoundingClientRect();
    const frame = element.getBoundingClientRect();
    const body = element.querySelector('.ps-dialog__body');
    const ok =
      box.top >= 0 &&
      box.bottom <= window.innerHeight &&
      box.top >= frame.top - 1 &&
      box.bottom <= frame.bottom + 1 &&
      element.scrollTop === 0 &&
      (body ? body.scrollTop === 0 : true);
    return { ok, why: `title ${box.top}–${box.bottom}, dialog ${frame.top}–${frame.bottom}` };
  });
  expect(place.ok, `${screen}: the modal opens with its title in view (${place.why})`).toBe(true);
  await expect(
    dialog.locator('.ps-dialog__header').getByRole('button', { name: 'Dismiss dialog' }),
    `${screen}: the modal has a close control in its header`,
  ).toBeVisible();
  await expectNoSeriousAxeViolations(dialog.page(), screen);
}

/** Fails when one of the targets is smaller than 44×44 px (its label counts for a checkbox). */
async function expectTapTargets(targets: Locator, screen: string): Promise<void> {
  const small = await targets.evaluateAll((elements) =>
    elements
      .map((element) => {
        const target = element.closest('label') ?? element;
        const box = target.getBoundingClientRect();
        return {
          what: element.getAttribute('aria-label') ?? element.textContent ?? '',
          width: Math.round(box.width),
          height: Math.round(box.height),
        };
      })
      .filter((box) => box.width < 44 || box.height < 44),
  );
  expect(small, `${screen}: tap targets under 44 px`).toEqual([]);
}

async function checkScreen(page: Page, screen: string): Promise<void> {
  await expectNoHorizontalScroll(page, screen);
  // What a person sees first, and the whole page.
  await page.screenshot({ path: path.join(screenshots, `screens-${screen}.png`) });
  await page.screenshot({
    path: path.join(screenshots, `screens-${screen}-full.png`),
    fullPage: true,
  });
  await expectNoSeriousAxeViolations(page, screen);
}

async function contractsByStatus(page: Page): Promise<Map<string, ContractCard>> {
  const listed = await page.request.get(`${apiUrl}/user/details`, {
    params: { filters: 'all', limit: 100 },
  });
  expect(listed.status()).toBe(200);
  const { filteredClients } = (await listed.json()) as { filteredClients: ContractCard[] };
  const byStatus = new Map<string, ContractCard>();
  // One-signer demos: the states of a link are its one signer's (the two-signer demo's first
  // signer has signed her part while its status reads signature_saved).
  const oneSigner = (card: ContractCard) =>
    (card.recipients ?? []).filter((r) => r.role !== 'cc').length <= 1;
  // The oldest of each status: a seeded demo, never a contract another test is signing now
  // (the list is newest first, and a test's contract passes through signature_saved).
  for (const card of filteredClients.filter(oneSigner).reverse())
    if (!byStatus.has(card.status)) byStatus.set(card.status, card);
  return byStatus;
}

for (const size of SIZES) {
  test.describe(`screens at ${size.viewport.width}×${size.viewport.height}`, () => {
    test(`staff pages (${size.name})`, async ({ browser }) => {
      test.setTimeout(240_000);
      const page = await newPage(browser, size);
      await page.goto('/portal');
      await expect(page.getByRole('heading', { level: 1, name: 'Staff Sign-in' })).toBeVisible();
      await checkScreen(page, `portal-${size.name}`);

      await signIn(page, DEMO.admin);
      for (const staffPage of STAFF_PAGES) {
        await test.step(staffPage.path, async () => {
          await page.goto(staffPage.path);
          await expect(staffPage.ready(page)).toBeVisible({ timeout: 30_000 });
          if (staffPage.name !== 'not-found') {
            await expect(page.getByRole('navigation', { name: 'Staff navigation' })).toBeAttached();
          }
          await checkScreen(page, `${staffPage.name}-${size.name}`);
          if (size.mobile) {
            // Every button and checkbox a person can tap on the page, at least 44 px.
            await expectTapTargets(
              page.locator('main').locator('button:visible, input[type="checkbox"]:visible'),
              `${staffPage.name} (phone)`,
            );
          }
        });
      }

      await test.step('dashboard: filters and a modal', async () => {
        await page.goto('/dashboard');
        const cards = page.getByRole('list', { name: 'Contracts' }).getByRole('listitem');
        await expect(cards.first()).toBeVisible({ timeout: 30_000 });
        const toggle = page.getByRole('button', { name: /^Filters/ });
        if (size.mobile) {
          await expect(toggle).toBeVisible();
          await expect(page.getByRole('checkbox', { name: 'Signed', exact: true })).toBeHidden();
          await expectTapTargets(toggle, 'dashboard filters button');
          await toggle.click();
          await expect(page.getByRole('checkbox', { name: 'Signed', exact: true })).toBeVisible();
          await expectTapTargets(page.locator('.dash-filters input'), 'dashboard filters');
        } else {
          await expect(toggle).toBeHidden();
          await expect(page.getByRole('checkbox', { name: 'Signed', exact: true })).toBeVisible();
        }
        await cards
          .first()
          .getByRole('button', { name: /details/i })
          .first()
          .click();
        const details = page.getByRole('dialog');
        await expectModalTitleInView(details, `dashboard details (${size.name})`);
        await page.screenshot({ path: path.join(screenshots, `screens-details-${size.name}.png`) });
        await details.locator('.ps-dialog__header').getByRole('button').click();
        await expect(details).toBeHidden();
      });

      await test.step('services: tap targets and the delete dialog', async () => {
        await page.goto('/services');
        const rows = page.getByTestId('service-item');
        await expect(rows.first()).toBeVisible({ timeout: 30_000 });
        if (size.mobile) {
          await expectTapTargets(rows.first().getByRole('button'), 'services row');
          // Every button and checkbox label on the page, the form's too, not only the row's.
          await expectTapTargets(page.locator('main button:visible'), 'services buttons');
          await expectTapTargets(page.locator('main .ps-check:visible'), 'services checkboxes');
        }
        await rows
          .first()
          .getByRole('button', { name: /^Delete / })
          .click();
        const dialog = page.getByRole('dialog');
        await expectModalTitleInView(dialog, `services delete (${size.name})`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      await test.step('user access: tap targets', async () => {
        await page.goto('/user-access');
        await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
        if (size.mobile) {
          await expectTapTargets(
            page.getByRole('table').getByRole('checkbox').first(),
            'user access checkbox',
          );
          await expectTapTargets(page.locator('main button:visible'), 'user access buttons');
          await expectTapTargets(
            page.locator('main input[type="checkbox"]:visible'),
            'user access checkboxes',
          );
        }
      });
      await page.context().close();
    });

    test(`signing page states (${size.name})`, async ({ browser }) => {
      test.setTimeout(240_000);
      const staff = await browser.newContext();
      await signInWithRequest(staff.request, DEMO.admin);
      const staffPage = await staff.newPage();
      const byStatus = await contractsByStatus(staffPage);
      await staff.close();

      const page = await newPage(browser, size);
      const passCaptcha = async () => {
        const robot = page.getByRole('checkbox', { name: "I'm not a robot" });
        await expect(robot).toBeVisible({ timeout: 30_000 });
        await robot.click();
      };

      await test.step('an open agreement with a saved signature, and the consent modal', async () => {
        const saved = byStatus.get('signature_saved');
        expect(saved, 'a demo contract with a saved signature').toBeTruthy();
        await page.goto(saved!.signingLink);
        await passCaptcha();
        await expect(page.getByRole('button', { name: 'Clear signature' })).toBeVisible({
          timeout: 30_000,
        });
        if (size.mobile) {
          // A phone reads the text, the saved marks in their places; then the PDF, one tap away.
          await expectReadingView(
            page,
            path.join(screenshots, `screens-signing-reading-${size.name}.png`),
          );
          await expect(readingRegion(page).locator('[data-mark="signature"]')).toHaveText(/\S/);
          await switchToPdf(page);
        } else {
          // A desktop opens the PDF, with the reading view one tap away.
          await expect(page.getByRole('button', { name: 'View as PDF' })).toHaveAttribute(
            'aria-pressed',
            'true',
          );
          await page.getByRole('button', { name: 'Reading view' }).click();
          await expect(readingRegion(page).locator('[data-mark="signature"]')).toHaveText(/\S/, {
            timeout: 30_000,
          });
          await page.screenshot({
            path: path.join(screenshots, `screens-signing-reading-${size.name}.png`),
          });
          await page.getByRole('button', { name: 'View as PDF' }).click();
        }
        await expect(page.getByRole('img', { name: /^Page 1 of \d+$/ }).first()).toBeVisible({
          timeout: 30_000,
        });
        const title = await page.title();
        expect(title).not.toContain('ProSign');
        await checkScreen(page, `signing-saved-${size.name}`);
        // The saved signature and initials are shown where they will be stamped.
        const signature = page.locator('[data-mark="signature"]').first();
        await signature.scrollIntoViewIfNeeded();
        await expect(signature).toBeVisible();
        await expect(signature).toHaveText(/\S/);
        await expect(page.locator('[data-mark="initials"]').first()).toHaveText(/\S/);
        await page
          .locator('.ps-pdf-viewer')
          .screenshot({ path: path.join(screenshots, `screens-signing-marks-${size.name}.png`) });
        await page
          .getByRole('button', { name: 'Electronic Signature Consent and Disclosure' })
          .click();
        const consent = page.getByRole('dialog', {
          name: 'Electronic Signature Consent and Disclosure',
        });
        await expectModalTitleInView(consent, `consent disclosure (${size.name})`);
        await page.screenshot({ path: path.join(screenshots, `screens-consent-${size.name}.png`) });
        await consent.getByRole('button', { name: 'Close', exact: true }).click();
        await expect(consent).toBeHidden();
      });

      const states: Array<[string, string]> = [
        ['signed', 'Agreement already signed'],
        ['cancelled', 'Agreement cancelled'],
        ['void', 'Agreement voided'],
        ['expired', 'Link expired'],
      ];
      for (const [status, heading] of states) {
        await test.step(`${status} link`, async () => {
          const card = byStatus.get(status);
          expect(card, `a demo contract that is ${status}`).toBeTruthy();
          await page.goto(card!.signingLink);
          const shown = page.getByRole('heading', { level: 1, name: heading });
          // The captcha pass is kept for the browser session; a new link may ask again.
          await expect(
            shown.or(page.getByRole('checkbox', { name: "I'm not a robot" })),
          ).toBeVisible({ timeout: 30_000 });
          if (!(await shown.isVisible())) await passCaptcha();
          await expect(shown).toBeVisible({ timeout: 30_000 });
          const panel = page.getByRole('region', { name: 'What to do next' });
          await expect(panel).toContainText('Document');
          await expect(panel).toContainText('Contact');
          await expect(panel.getByRole('link', { name: /@/ })).toBeVisible();
          await checkScreen(page, `signing-${status}-${size.name}`);
        });
      }

      await test.step('an unknown link', async () => {
        const signed = byStatus.get('signed')!;
        const url = new URL(signed.signingLink);
        url.pathname = '/unknown-token-0000000000000000000000';
        await page.goto(url.href);
        const shown = page.getByRole('heading', { level: 1, name: 'Link not recognised' });
        await expect(shown.or(page.getByRole('checkbox', { name: "I'm not a robot" }))).toBeVisible(
          { timeout: 30_000 },
        );
        if (!(await shown.isVisible())) await passCaptcha();
        await expect(shown).toBeVisible({ timeout: 30_000 });
        await checkScreen(page, `signing-invalid-${size.name}`);
      });

      await test.step('a link without its document', async () => {
        const signed = byStatus.get('signed')!;
        const url = new URL(signed.signingLink);
        url.search = '';
        await page.goto(url.href);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          'Invalid or expired link. Please request a new one.',
        );
        await checkScreen(page, `signing-missing-link-${size.name}`);
      });

      await test.step('the verification page of a signed copy', async () => {
        const signed = byStatus.get('signed')!;
        await page.goto(signed.signingLink);
        const seal = page.getByRole('link', { name: "Check the signed copy's seal" });
        await expect(seal.or(page.getByRole('checkbox', { name: "I'm not a robot" }))).toBeVisible({
          timeout: 30_000,
        });
        if (!(await seal.isVisible())) await passCaptcha();
        await seal.click();
        await expect(page.getByTestId('seal-badge')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByText('Choose a PDF')).toBeVisible();
        // The seal as the time-stamp authority, the level and the chains say.
        const sealSection = page.getByRole('region', { name: 'Seal' });
        await expect(sealSection.getByTestId('seal-level')).toHaveText(/^PAdES B-LTA — /);
        await expect(sealSection.getByText('Signed at', { exact: true })).toBeVisible();
        await expect(
          sealSection.getByRole('list', { name: 'Seal certificate chain' }),
        ).toBeVisible();
        await expect(sealSection.getByTestId('local-root-note')).toBeVisible();
        await checkScreen(page, `verify-${size.name}`);
      });
      await page.context().close();
    });
  });
}
