// Issue 17 item 1 as a community partner meets it, on a phone: a PM sends a
// Scope-of-Work; the partner opens the link from the mail, passes the robot
// check, reads the SOW, types a signature (a blank one is refused), saves it,
// agrees and finishes, and sees the completion notice; closing it leads to the
// reviews page. Then staff see the SOW signed and its signed PDF registered
// with the file service.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

const PHONE = { width: 390, height: 844 };
const REVIEWS = /^https:\/\/www\.google\.com\/search\?q=ProSign\+reviews/;
/** A demo project of the local CRM and a demo partner (Mei Lin: OSE, SSS). */
const PROJECT_ID = '60000003';
const PARTNER = { id: '55000003', name: 'Mei Lin', email: 'mei.lin@partners.example.com' };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** A valid SOW for Mei Lin on the demo project (as backend/test/support/sow-fixtures.ts). */
function sowBody(projectAddress: string) {
  const at = new Date(Date.now() + 7 * 24 * 3600_000);
  return {
    templateName: 'Residential',
    cp_name: PARTNER.name,
    cp_email: PARTNER.email,
    cp_phone: '+14085550203',
    cp_roles: ['designer_cp', 'ose_cp'],
    fees: { designer_fee_test: '1200', ose_fee_test: '350.50' },
    cc_emails: ['pm@prosign.example'],
    project_type: 'Residential',
    project_id: PROJECT_ID,
    project_address: projectAddress,
    project_overview: 'Second-storey addition over the garage.',
    timeline: { kind: 'duration', amount: 1, unit: 'weeks' },
    site_visit_date_time: `${at.toISOString().slice(0, 10)}T10:30`,
    pm_email: 'pm@prosign.example',
    selectedCpId: PARTNER.id,
    selectedHSProjectId: PROJECT_ID,
  };
}

test('a partner signs a SOW on a phone from the mailbox link; staff see it signed and filed', async ({
  page: staff,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const address = `88 Orchard Lane Unit ${stamp}, San Jose, CA 95112`;

  // A PM (sowAccess) creates and sends the SOW through the API, as the /sow screen does.
  await signIn(staff, DEMO.pm);
  const body = sowBody(address);
  const created = await staff.request.post(`${apiUrl}/sow/create-contract`, { data: body });
  expect(created.status(), await created.text()).toBe(200);
  const { docLink } = (await created.json()) as { docLink: string };
  const sent = await staff.request.post(`${apiUrl}/sow/send-contract`, {
    data: { ...body, docLink },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { signaturePageLink, customId } = (await sent.json()) as {
    signaturePageLink: string;
    customId: string;
  };
  expect(new URL(signaturePageLink).pathname).toBe(`/sow-signature/${customId}`);

  // The partner's mail on the mailbox page (admin-only) carries this SOW's link.
  await signIn(staff, DEMO.admin);
  await staff.goto('/mailbox');
  const mails = staff
    .getByRole('list', { name: 'Caught mail' })
    .getByRole('button', { name: new RegExp(`To ${escaped(PARTNER.email)}`) });
  await expect(mails.first()).toBeVisible({ timeout: 30_000 });
  const mailBody = staff.frameLocator('iframe[title^="Mail:"]');
  let link = '';
  // The partner may have mail from earlier runs: the one with this SOW's link is ours.
  await expect
    .poll(
      async () => {
        const count = Math.min(await mails.count(), 8);
        for (let index = 0; index < count; index++) {
          await mails.nth(index).click();
          const href = await mailBody
            .getByRole('link', { name: 'Review and sign' })
            .getAttribute('href', { timeout: 5_000 })
            .catch(() => null);
          if (href === signaturePageLink) {
            link = href;
            return true;
          }
        }
        return false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);

  // A PM's open SOW dashboard shows the SOW waiting; it turns signed live, without reload.
  const boardContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const board = await boardContext.newPage();
  await signIn(board, DEMO.pm);
  await board.goto('/sow-dashboard');
  await board.getByRole('searchbox', { name: 'Search SOW contracts' }).fill(stamp);
  const boardCards = board.getByRole('list', { name: 'SOW contracts' }).getByRole('listitem');
  await expect(boardCards).toHaveCount(1, { timeout: 30_000 });
  await expect(boardCards.first()).toContainText('Not signed');

  // The partner, on a phone, without any staff session.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const partner = await phone.newPage();
  await partner.route(REVIEWS, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Reviews</h1>' }),
  );
  const calls: string[] = [];
  partner.on('request', (request) => {
    const url = new URL(request.url());
    if (!['GET', 'POST'].includes(request.method())) return;
    if (url.pathname.startsWith('/api/sow/') || url.pathname === '/api/captcha/verify') {
      calls.push(`${request.method()} ${url.pathname}`);
    }
  });
  await partner.goto(link);
  await expect(
    partner.getByText(
      'To access the secure agreement, please confirm you are not a robot by selecting the checkbox below.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect(partner.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeVisible();
  // The link was checked before the robot check, and nothing else was asked.
  expect(calls).toEqual([`GET /api/sow/verify-link/${customId}`]);
  expect(await noHorizontalScroll(partner)).toBe(true);
  await partner.screenshot({ path: path.join(screenshots, 'sow-signing-captcha.png') });
  await expectNoSeriousAxeViolations(partner, 'SOW signing: captcha step');
  await partner.getByRole('checkbox', { name: "I'm not a robot" }).click();

  const title = partner.getByRole('heading', { level: 1, name: /Scope of Work/ });
  await expect(title).toBeVisible({ timeout: 30_000 });
  await expect(title).toContainText(stamp);
  await expect(partner).toHaveTitle(/Scope of Work/);
  await expect(
    partner.getByText(
      'Before proceeding, we encourage you to take a moment to review the entire agreement.',
    ),
  ).toBeVisible();
  // PDF.js draws the SOW in the shared viewer.
  await expect(partner.getByRole('img', { name: /^Page 1 of \d+$/ }).locator('canvas')).toBeVisible(
    { timeout: 30_000 },
  );
  expect(calls.filter((call) => call.includes('/increase-viewed-times/'))).toHaveLength(1);
  expect(await noHorizontalScroll(partner)).toBe(true);
  await partner.screenshot({ path: path.join(screenshots, 'sow-signing-phone.png') });
  await expectNoSeriousAxeViolations(partner, 'SOW signing: document');

  await partner
    .getByRole('button', { name: 'Electronic Signature Consent and Disclosure' })
    .click();
  const consent = partner.getByRole('dialog', {
    name: 'Electronic Signature Consent and Disclosure',
  });
  await expect(consent).toContainText(/paper copy/i);
  await consent.getByRole('button', { name: 'Close' }).click();

  // A typed signature: blank is refused, the name is saved.
  const agree = partner.getByRole('button', { name: 'Agree and Finish' });
  await expect(agree).toBeDisabled();
  await partner.getByRole('button', { name: 'Sign', exact: true }).click();
  const signature = partner.getByRole('dialog', { name: 'Sign the agreement' });
  const field = signature.getByLabel('Review and Update Your Signature');
  await expect(field).toHaveValue(PARTNER.name);
  await expect(signature.getByRole('img', { name: 'Signature preview' })).toHaveCSS(
    'font-size',
    '35px',
  );
  await field.fill('   ');
  await signature.getByRole('button', { name: 'Save' }).click();
  await expect(signature.getByRole('alert')).toHaveText('Please add your signature');
  await field.fill(PARTNER.name);
  await expectNoSeriousAxeViolations(partner, 'SOW signing: signature modal');
  await partner.screenshot({ path: path.join(screenshots, 'sow-signing-signature.png') });
  await signature.getByRole('button', { name: 'Save' }).click();
  await expect(partner.getByText('Signature uploaded successfully!')).toBeVisible();
  await expect(signature).toHaveCount(0);
  await expect(partner.getByRole('button', { name: 'Change signature' })).toBeVisible();

  // Agree and Finish, with the consent.
  await agree.click();
  const finish = partner.getByRole('dialog', { name: 'Agree and Finish' });
  await expectNoSeriousAxeViolations(partner, 'SOW signing: agree and finish');
  await finish.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }).check();
  await finish.getByRole('button', { name: 'Agree and Finish' }).click();
  const done = partner.getByRole('dialog', { name: 'Agreement completed' });
  await expect(done).toContainText(
    'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
    { timeout: 60_000 },
  );
  expect(calls.filter((call) => call.includes('/finish/'))).toHaveLength(1);
  await partner.screenshot({ path: path.join(screenshots, 'sow-signing-completed.png') });
  await expectNoSeriousAxeViolations(partner, 'SOW signing: completion notice');
  await expect(boardCards.first()).not.toContainText('Not signed', { timeout: 30_000 });
  await expect(boardCards.first()).toContainText('Signed');
  await board.screenshot({ path: path.join(screenshots, 'sow-signing-dashboard.png') });
  await boardContext.close();
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(partner).toHaveURL(REVIEWS);

  // The link now says the agreement is signed, as the customer page does.
  await partner.goto(link);
  await expect(
    partner.getByRole('heading', {
      level: 1,
      name: 'Agreement already signed',
    }),
  ).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(partner, 'SOW signing: signed link');
  // The same page as the shell's remote, on the staff app's origin.
  const shellOrigin = test.info().project.use.baseURL;
  if (shellOrigin && new URL(shellOrigin).origin !== new URL(link).origin) {
    await partner.goto(new URL(`/sow-signature/${customId}`, shellOrigin).href);
    await expect(
      partner.getByRole('heading', {
        level: 1,
        name: 'Agreement already signed',
      }),
    ).toBeVisible({ timeout: 30_000 });
  }
  await phone.close();

  // Staff: the SOW is signed on the SOW list (pm has sowDashboardAccess) ...
  await signIn(staff, DEMO.pm);
  const listed = await staff.request.get(`${apiUrl}/sow/get-contracts`, {
    params: { search: stamp, limit: 10, page: 1 },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const { filteredContracts } = (await listed.json()) as {
    filteredContracts: Array<{ customId: string; status: string; signedDocLink: string | null }>;
  };
  const card = filteredContracts.find((contract) => contract.customId === customId);
  expect(card?.status).toBe('signed');
  expect(card?.signedDocLink).toBeTruthy();

  // ... and the signed PDF is registered with the file service (admins see the records).
  await signIn(staff, DEMO.admin);
  await expect
    .poll(
      async () => {
        const response = await staff.request.get(`${apiUrl}/file-service/records`, {
          params: { page: 1, limit: 50 },
        });
        const { records } = (await response.json()) as {
          records: Array<{ projectId: string; driveLink: string; originalName: string }>;
        };
        return (
          records.find(
            (record) =>
              record.driveLink === card?.signedDocLink || record.originalName.includes(stamp),
          ) ?? null
        );
      },
      { timeout: 30_000 },
    )
    .toMatchObject({
      projectId: PROJECT_ID,
      originalName: expect.stringContaining('(signed).pdf'),
    });
});
