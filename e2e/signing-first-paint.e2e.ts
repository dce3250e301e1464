// A signer's link paints its robot check at once, on every family's link (a
// customer's contract, a partner's SOW, a client's change order): the first
// HTML response carries the prompt and the checkbox with their CSS, nothing in
// its head holds the paint back, and Chromium shows them with the page's
// scripts blocked. Once the app's JavaScript runs it takes the step over in the
// very same boxes (no layout shift, one prompt, one checkbox), and a tick given
// before it ran is not lost: the signer goes on to the agreement.
import { expect, test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import { CAPTCHA_PROMPT, expectAppOnCaptchaStep, holdScripts } from './support/captcha-step';
import { PHONE, noHorizontalScroll } from './support/link-signing';
import { sendSow } from './support/sow';
import {
  createStandardDocument,
  sendStandardContract,
  standardClient,
} from './support/standard-contract';
import { apiUrl, DEMO, signInWithRequest } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
/** The demo CO deal with a change order waiting for its signatory (backend/src/seed/co-demo.seeder.ts). */
const DEMO_CO_DEAL = '40000105';
type Family = 'customer' | 'sow' | 'co';
const links = {} as Record<Family, string>;
/** What the page is headed once the robot check is passed. */
const AGREEMENT_HEADING = {
  customer: /Structural Engineering Agreement/,
  sow: /Scope of Work/,
};

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const staff = await playwright.request.newContext();
  try {
    // A customer's contract and a partner's SOW, sent as staff send them.
    await signInWithRequest(staff, DEMO.csm);
    // A name of its own: the dashboard's browser test tells cards apart by their client's name.
    const client = standardClient('Teodora Vance', `e2e-first-paint-${stamp}@prosign.example`);
    const docLink = await createStandardDocument(staff, client);
    links.customer = await sendStandardContract(staff, client, docLink, stamp);
    await signInWithRequest(staff, DEMO.pm);
    links.sow = (await sendSow(staff, `31 Alder Court Unit ${stamp}, San Jose, CA 95112`)).link;
    // A change order the demo data sent and nobody opened (no browser test sends on its deal);
    // its robot check is not passed here, so it stays as it was.
    await signInWithRequest(staff, DEMO.csm);
    const listed = await staff.get(`${apiUrl}/co/get-contracts`, {
      params: { search: DEMO_CO_DEAL, limit: 10, page: 1 },
    });
    expect(listed.status(), await listed.text()).toBe(200);
    const { filteredContracts } = (await listed.json()) as {
      filteredContracts: Array<{ customId: string; status: string }>;
    };
    const open = filteredContracts.find((co) => co.status === 'not-signed');
    expect(open, 'the demo change order waiting for its signatory').toBeTruthy();
    links.co = new URL(`/co-signature/${open!.customId}`, links.sow).href;
  } finally {
    await staff.dispose();
  }
});

const FAMILIES: Family[] = ['customer', 'sow', 'co'];

async function phonePage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    ...options,
  });
  return { context, page: await context.newPage() };
}

test('the first HTML response of each link carries the prompt and the checkbox, their CSS inline, nothing render-blocking', async ({
  request,
}) => {
  for (const family of FAMILIES) {
    const response = await request.get(links[family], { headers: { Accept: 'text/html' } });
    expect(response.status(), family).toBe(200);
    const html = await response.text();
    const [head, body] = html.split(/<body[^>]*>/);
    expect(body, `${family}: the prompt`).toMatch(
      new RegExp(`<p [^>]*class="ps-captcha__prompt"[^>]*>${CAPTCHA_PROMPT}</p>`),
    );
    const label =
      /<label class="ps-captcha__checkbox"><input type="checkbox"[^>]*>([^<]*)<\/label>/;
    expect(body.match(label)?.[1], `${family}: the checkbox and its label`).toMatch(
      /^I(&#x27;|')m not a robot$/,
    );
    // Their look is in the page: no stylesheet to wait for, every script deferred.
    expect(head, `${family}: the step's CSS inline`).toMatch(
      /<style>[^<]*\.ps-captcha__checkbox\{/,
    );
    expect(head, `${family}: no stylesheet link`).not.toMatch(/<link[^>]*rel="?stylesheet/);
    for (const [script] of head.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)) {
      expect(script, `${family}: scripts do not block the paint`).toMatch(
        /\b(defer|async)\b|type="?module/,
      );
    }
  }
});

test('with its scripts off, Chromium paints the prompt and the checkbox of each link on a phone', async ({
  browser,
}) => {
  const { context, page } = await phonePage(browser, { javaScriptEnabled: false });
  for (const family of FAMILIES) {
    await page.goto(links[family]);
    await expect(page.getByText(CAPTCHA_PROMPT), family).toBeVisible();
    const checkbox = page.getByRole('checkbox', { name: "I'm not a robot" });
    await expect(checkbox, family).toBeVisible();
    await expect(checkbox).toHaveAccessibleDescription(CAPTCHA_PROMPT);
    // Styled by the page's own CSS: the bordered tap target, 44 px and more.
    const box = await page.locator('label', { has: checkbox }).boundingBox();
    expect(box!.height, family).toBeGreaterThanOrEqual(44);
    expect(await noHorizontalScroll(page), family).toBe(true);
    await page.screenshot({ path: path.join(screenshots, `first-paint-no-js-${family}.png`) });
  }
  await context.close();
});

/** Boxes of the step in every frame: the last ones of the HTML's step, the first of the app's. */
const RECORD_BOXES = `
  (() => {
    const boxes = (window.__stepBoxes = { prerendered: null, app: null, shifts: [] });
    const box = (element) => {
      const rect = element.getBoundingClientRect();
      return [rect.x, rect.y, rect.width, rect.height].map((n) => Math.round(n * 10) / 10);
    };
    const frame = () => {
      const prompt = document.querySelector('.ps-captcha__prompt');
      const checkbox = document.querySelector('.ps-captcha input[type=checkbox]');
      if (prompt && checkbox) {
        const now = {
          heading: box(document.querySelector('h1')),
          prompt: box(prompt),
          label: box(checkbox.closest('label')),
          checkbox: box(checkbox),
          footer: box(document.querySelector('footer')),
        };
        if (document.querySelector('#root[data-prerendered]')) boxes.prerendered = now;
        else boxes.app = now;
      }
      if (!boxes.app) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) boxes.shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  })();
`;

interface StepBoxes {
  prerendered: Record<string, number[]> | null;
  app: Record<string, number[]> | null;
  shifts: number[];
}

/** The link opened on a phone with the app held back until the HTML's step has been painted. */
async function openHeldBack(page: Page, link: string) {
  await page.addInitScript(RECORD_BOXES);
  const release = await holdScripts(page);
  await page.goto(link, { waitUntil: 'commit' });
  const checkbox = page.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(checkbox).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => (window as never as { __stepBoxes: StepBoxes }).__stepBoxes.prerendered),
    )
    .not.toBeNull();
  return { checkbox, release };
}

test('with JavaScript on, the app takes the step over in the same boxes: one prompt, one checkbox, no layout shift', async ({
  browser,
}) => {
  for (const family of FAMILIES) {
    const { context, page } = await phonePage(browser);
    const { release } = await openHeldBack(page, links[family]);
    release();
    await expectAppOnCaptchaStep(page);
    const boxes = await page.evaluate(
      () => (window as never as { __stepBoxes: StepBoxes }).__stepBoxes,
    );
    expect(boxes.app, `${family}: the app's step`).not.toBeNull();
    expect(boxes.app, `${family}: the app's step where the HTML's was`).toEqual(boxes.prerendered);
    expect(boxes.shifts, `${family}: layout shifts`).toEqual([]);
    await expect(page.getByText(CAPTCHA_PROMPT)).toHaveCount(1);
    await expect(page.getByRole('checkbox')).toHaveCount(1);
    await context.close();
  }
});

test('a tick on the checkbox before the app has run is kept: the signer goes on to the agreement', async ({
  browser,
}) => {
  for (const family of ['customer', 'sow'] as const) {
    const { context, page } = await phonePage(browser);
    const { checkbox, release } = await openHeldBack(page, links[family]);
    await checkbox.click();
    await expect(checkbox).toBeChecked();
    release();
    await expect(
      page.getByRole('heading', { level: 1, name: AGREEMENT_HEADING[family] }),
    ).toBeVisible({ timeout: 30_000 });
    await context.close();
  }
});
