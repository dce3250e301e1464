// Signing a Scope-of-Work as a community partner meets it, on a phone: a PM sends a
// Scope-of-Work; the partner opens the link from the mail, passes the robot
// check, reads the SOW, types a signature (a blank one is refused), saves it,
// agrees and finishes, and sees the completion notice; closing it leads to the
// reviews page. Then staff see the SOW signed and its signed PDF registered
// with the file service.
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PHONE, signFromLink } from './support/link-signing';
import { expectMailWithLink } from './support/mailbox';
import { SOW_PARTNER as PARTNER, SOW_PROJECT_ID as PROJECT_ID, sowBody } from './support/sow';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

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
  await expectMailWithLink(
    staff,
    PARTNER.email,
    signaturePageLink,
    path.join(screenshots, 'sow-signing-mailbox.png'),
  );
  const link = signaturePageLink;

  // A PM's open SOW dashboard shows the SOW waiting; it turns signed live, without reload.
  const boardContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const board = await boardContext.newPage();
  await signIn(board, DEMO.pm);
  await board.goto('/sow-dashboard');
  await board.getByRole('searchbox', { name: 'Search SOW contracts' }).fill(stamp);
  const boardCards = board.getByRole('list', { name: 'SOW contracts' }).getByRole('listitem');
  await expect(boardCards).toHaveCount(1, { timeout: 30_000 });
  await expect(boardCards.first()).toContainText('Not signed');

  // The partner, on a phone, without any staff session; the open dashboard turns signed live.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const partner = await phone.newPage();
  await signFromLink(partner, {
    family: 'sow',
    link,
    customId,
    signerName: PARTNER.name,
    title: /Scope of Work/,
    headingText: stamp,
    screenshots,
    label: 'SOW signing',
    whileCompleted: async () => {
      await expect(boardCards.first()).not.toContainText('Not signed', { timeout: 30_000 });
      await expect(boardCards.first()).toContainText('Signed');
      await board.screenshot({ path: path.join(screenshots, 'sow-signing-dashboard.png') });
      await boardContext.close();
    },
  });
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
  type Card = { customId: string; status: string; signedDocLink: string | null };
  let card: Card | undefined;
  // The worker seals after the finish answered: the card has the signed PDF once sealed.
  await expect
    .poll(
      async () => {
        const listed = await staff.request.get(`${apiUrl}/sow/get-contracts`, {
          params: { search: stamp, limit: 10, page: 1 },
        });
        expect(listed.status(), await listed.text()).toBe(200);
        const { filteredContracts } = (await listed.json()) as { filteredContracts: Card[] };
        card = filteredContracts.find((contract) => contract.customId === customId);
        return card?.signedDocLink ?? null;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  expect(card?.status).toBe('signed');

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
