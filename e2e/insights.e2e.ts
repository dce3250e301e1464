// Insights as a contract desk's lead meets it: agreements sent through the product's
// own calls by the CSM (standard contracts) and the PM (a SOW), on top of the demo agreements
// of the last weeks and months. Every chart's bar labels are its table's cells and its CSV is
// that table, at 1440 and 390 px; the owner and period filters live in the address; a client's
// signature moves the funnel without a reload; a reminder goes out from the stalled list.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { openLinkOnPhone, signAndFinish } from './support/customer-signing';
import { PHONE, noHorizontalScroll } from './support/link-signing';
import { sendSow } from './support/sow';
import { DEMO, signIn } from './support/staff';
import {
  createStandardDocument,
  sendStandardContract,
  standardClient,
} from './support/standard-contract';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });
const shot = (name: string) => path.join(screenshots, `insights-${name}.png`);
const DESKTOP = { width: 1440, height: 900 };
const CSM_EMAIL = 'csm@prosign.example';

/** Every chart of the page, by its heading. */
const CHARTS = [
  'Funnel',
  'Time to sign',
  'Time to sign by family',
  'Time to sign by owner',
  'Value waiting by age',
  'Value waiting by stage',
  'Volume per week',
  'Decline reasons',
  'Invoices',
];

const panel = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** RFC 4180 fields of a CSV text. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

async function tableOf(region: Locator): Promise<string[][]> {
  return region
    .locator('table tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? ''),
      ),
    );
}

/** The file Download CSV saves, parsed. */
async function csvOf(page: Page, region: Locator, title: string): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    region.getByRole('link', { name: `Download CSV (${title})` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^insights-[a-z-]+\.csv$/);
  return parseCsv(readFileSync(await download.path(), 'utf8'));
}

/**
 * One chart against its table and CSV: each bar's label is a cell of the table (an annotated
 * label, "96 (80%)", is two), and the CSV is the table, header included. Answers the table.
 */
async function checkChart(page: Page, title: string): Promise<string[][] | null> {
  const region = panel(page, title);
  await expect(region).toBeVisible();
  if ((await region.getByRole('button', { name: 'Table' }).count()) === 0) {
    // Its empty state, in its own words ("No agreement was declined in the period.").
    await expect(region.locator('.in-chart__empty')).toBeVisible();
    return null;
  }
  // The page is live: another browser test's signature may change the figures between two
  // reads. Chart, table and CSV are compared as read while the table stayed the same.
  let table: string[][] = [];
  await expect(async () => {
    await region.getByRole('button', { name: 'Chart' }).click();
    await expect(region.getByRole('img', { name: title })).toBeVisible();
    const labels = await region.locator('svg .in-chart__value').allTextContents();
    await region.getByRole('button', { name: 'Table' }).click();
    table = await tableOf(region);
    const csv = await csvOf(page, region, title);
    const tableAfter = await tableOf(region);
    await region.getByRole('button', { name: 'Chart' }).click();
    expect(tableAfter, `${title}: the figures did not change while read`).toEqual(table);
    const cells = new Set(table.slice(1).flat());
    for (const label of labels) {
      const [, value, annotation] = /^(.*?)(?: \((.*)\))?$/.exec(label) ?? [];
      expect(cells, `${title}: the bar label "${label}" is in the table`).toContain(value);
      if (annotation !== undefined) expect(cells).toContain(annotation);
    }
    expect(csv, `${title}: the CSV is the table`).toEqual(table);
  }).toPass({ timeout: 30_000 });
  return table;
}

/** The funnel's count of a step, from its table. */
function funnelCount(table: string[][] | null, step: string): number {
  const row = table?.find((cells) => cells[0] === step);
  return row ? Number(row[1].replace(/,/g, '')) : 0;
}

async function funnelTable(page: Page): Promise<string[][]> {
  const region = panel(page, 'Funnel');
  await region.getByRole('button', { name: 'Table' }).click();
  const table = await tableOf(region);
  await region.getByRole('button', { name: 'Chart' }).click();
  return table;
}

test('Insights: charts equal their tables and CSVs, filters by owner and period, a signature moves the funnel live', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

  // The CSM sends two standard contracts, the PM a SOW: the product's own calls.
  const csmContext = await browser.newContext();
  const csm = await csmContext.newPage();
  await signIn(csm, DEMO.csm);
  const clients = [
    standardClient('Ines Marchetti', `e2e-insights-a-${stamp}@prosign.example`),
    standardClient('Tobias Renner', `e2e-insights-b-${stamp}@prosign.example`),
  ];
  const links: string[] = [];
  for (const client of clients) {
    const docLink = await createStandardDocument(csm.request, client);
    links.push(await sendStandardContract(csm.request, client, docLink, stamp));
  }
  await csmContext.close();
  const pmContext = await browser.newContext();
  const pm = await pmContext.newPage();
  await signIn(pm, DEMO.pm);
  await sendSow(pm.request, `${stamp} Insights Lane`);
  await pmContext.close();

  // The admin opens Insights from the navigation: every chart against its table and CSV.
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const page = await adminContext.newPage();
  await signIn(page, DEMO.admin);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Staff navigation' })
    .getByRole('link', { name: 'Insights' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(panel(page, 'Funnel')).toBeVisible({ timeout: 30_000 });
  for (const title of CHARTS) await checkChart(page, title);
  await expectNoSeriousAxeViolations(page, 'insights');
  await page.screenshot({ path: shot('desktop'), fullPage: true });

  // By owner: the CSM's agreements, in the address; both sends are in the funnel.
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Owner').selectOption(CSM_EMAIL);
  await expect(page).toHaveURL(/[?&]owner=csm%40prosign\.example/);
  await expect(filters.getByLabel('Owner')).toHaveValue(CSM_EMAIL);
  await expect(page.getByRole('status').filter({ hasText: 'Figures as of' })).toBeVisible();
  const before = await checkChart(page, 'Funnel');
  expect(funnelCount(before, 'Sent')).toBeGreaterThanOrEqual(2);

  // A client signs on a phone: the open page's funnel counts one more signature, no reload.
  const { phone, page: signer } = await openLinkOnPhone(browser, links[0]);
  await signAndFinish(signer, clients[0].full_name);
  await expect(signer.getByRole('dialog', { name: 'Agreement completed' })).toBeVisible({
    timeout: 60_000,
  });
  await phone.close();
  await expect
    .poll(async () => funnelCount(await funnelTable(page), 'Signed'), { timeout: 60_000 })
    .toBe(funnelCount(before, 'Signed') + 1);
  await checkChart(page, 'Funnel');

  // The same view on a phone: the charts stack, nothing scrolls sideways, same figures.
  const phoneContext = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const phonePage = await phoneContext.newPage();
  await signIn(phonePage, DEMO.admin);
  await phonePage.goto(page.url());
  await expect(panel(phonePage, 'Funnel')).toBeVisible({ timeout: 30_000 });
  expect(await noHorizontalScroll(phonePage), 'no sideways scrolling at 390 px').toBe(true);
  await phonePage.screenshot({ path: shot('phone'), fullPage: true });
  expect(await checkChart(phonePage, 'Funnel')).toEqual(await funnelTable(page));
  for (const title of CHARTS.slice(1)) await checkChart(phonePage, title);
  await phoneContext.close();

  // By period: a month with none of these sends has no funnel.
  await filters.getByLabel('Period').selectOption('Last 30 days');
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await filters.getByLabel('From').fill('2025-01-01');
  await filters.getByLabel('To').fill('2025-01-31');
  await expect(page).toHaveURL(/from=2025-01-01&to=2025-01-31/);
  await expect(
    page
      .getByText(/Nothing to show for these filters\.|No agreements match these filters yet/)
      .first(),
  ).toBeVisible();

  await adminContext.close();
});

// The demo's agreements sent days ago (a viewed contract quiet for six days) are the ones old
// enough to stall: agreements sent through the product's calls are sent now. The demo seeder
// imports them whole, with their Insights facts (agreement-record-creation.repository.ts). The
// oldest stalled one is reminded: the dashboard test reminds the newest not-signed card.
test('Insights: a reminder goes out from the stalled list in one click', async ({ browser }) => {
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const page = await adminContext.newPage();
  await signIn(page, DEMO.admin);
  await page.goto('/insights');
  // Stalled for 3 days or more (the demo's, sent days ago): Remind where the action table allows.
  const stalled = panel(page, 'Stalled agreements');
  await stalled.getByLabel('Quiet for').selectOption('3');
  await expect(page).toHaveURL(/stalledDays=3/);
  const remind = stalled.getByRole('button', { name: /^Remind /, disabled: false }).first();
  await expect(remind).toBeVisible({ timeout: 30_000 });
  await remind.click();
  await expect(page.getByText('Reminder sent.')).toBeVisible();
  await page.screenshot({ path: shot('stalled-reminded'), fullPage: true });
  await adminContext.close();
});
