// Signing a change order as a client signatory and the staff meet it: a CSM sends a change
// order on a demo CO deal; the signatory opens the link from the mail on a
// phone, passes the robot check, reads the change order, types a signature (a
// blank one is refused), agrees and finishes, and sees the completion notice.
// A CSM's open /dashboard with Show CO on sees it turn signed without reload;
// the deal moved to the signed stage and the signed copy was mailed.
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PHONE, signFromLink } from './support/link-signing';
import { expectMailWithLink } from './support/mailbox';
import { apiUrl, DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

/**
 * A demo CO deal of the local CRM (local-crm.demo-data.ts) that no other browser
 * test sends on: Change Order 1 of project 60000003, one linked client signatory.
 */
const DEAL = '40000104';
const PROJECT = '60000003';

interface DealView {
  deal: { properties: Record<string, string | null> };
  clientSignatories: Array<{
    id: string;
    email: string | null;
    firstname: string | null;
    lastname: string | null;
  }>;
}

test('a client signs a change order on a phone from the mailbox link; Show CO turns it signed live', async ({
  page: staff,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const address = `12 Cedar Row Unit ${stamp}, Fresno, CA 93704`;

  // A CSM creates and sends the change order through the API, as the /co screen does.
  await signIn(staff, DEMO.csm);
  const templates = await staff.request.get(`${apiUrl}/co/get-templates`);
  expect(templates.status(), await templates.text()).toBe(200);
  const templateId = ((await templates.json()) as { templates: Array<{ _id: string }> })
    .templates[0]._id;
  const dealResponse = await staff.request.get(`${apiUrl}/co/get-deal/${DEAL}`);
  expect(dealResponse.status(), await dealResponse.text()).toBe(200);
  const [contact] = ((await dealResponse.json()) as DealView).clientSignatories;
  const signatory = {
    id: contact.id,
    email: contact.email as string,
    name: [contact.firstname, contact.lastname].filter(Boolean).join(' '),
  };
  const body = {
    templateId,
    deal_id: DEAL,
    project_id: `Project ${PROJECT}`,
    project_address: address,
    signatory_name: signatory.name,
    signatory_email: signatory.email,
    signatory_phone: '+15595550104',
    description: 'Relocate the water heater and add a seismic strap.',
    fee: 1200,
    payment_terms: 'Split Payment',
    firstPayment: 700,
    secondPayment: 500,
    specifications_provisions: 'Per the revised plumbing plan.',
    main_contract_signed_date: null,
    csm_email: 'csm@prosign.example',
    pm_email: 'pm@prosign.example',
    cc_emails: ['pm@prosign.example'],
    associationLabel: null,
    selectedHSSignatoryId: signatory.id,
    selectedHSProjectId: PROJECT,
    duplicateDealId: null,
  };
  const created = await staff.request.post(`${apiUrl}/co/create-contract`, { data: body });
  expect(created.status(), await created.text()).toBe(200);
  const { docLink } = (await created.json()) as { docLink: string };
  const sent = await staff.request.post(`${apiUrl}/co/send-contract`, {
    data: { ...body, docLink },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { signaturePageLink, customId } = (await sent.json()) as {
    signaturePageLink: string;
    customId: string;
  };
  expect(new URL(signaturePageLink).pathname).toBe(`/co-signature/${customId}`);

  // The signatory's mail on the mailbox page (admin-only) carries this change order's link.
  await expectMailWithLink(
    staff,
    signatory.email,
    signaturePageLink,
    path.join(screenshots, 'co-signing-mailbox.png'),
  );

  // A CSM's /dashboard with Show CO on lists the change order, waiting.
  const boardContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const board = await boardContext.newPage();
  await signIn(board, DEMO.csm);
  await board.goto('/dashboard');
  await board.getByRole('checkbox', { name: 'Show CO' }).check();
  await board.getByRole('searchbox', { name: 'Search change orders' }).fill(stamp);
  const boardCards = board.getByRole('list', { name: 'Change orders' }).getByRole('listitem');
  await expect(boardCards).toHaveCount(1, { timeout: 30_000 });
  await expect(boardCards.first()).toContainText('Not signed');
  await expect(boardCards.first()).toContainText(stamp.slice(0, 10));
  await board.screenshot({ path: path.join(screenshots, 'co-dashboard.png'), fullPage: true });

  // The signatory, on a phone, without any staff session.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const client = await phone.newPage();
  await signFromLink(client, {
    family: 'co',
    link: signaturePageLink,
    customId,
    signerName: signatory.name,
    title: /Change Order/,
    headingText: stamp,
    screenshots,
    label: 'CO signing',
    whileCompleted: async () => {
      await expect(boardCards.first()).not.toContainText('Not signed', { timeout: 30_000 });
      await expect(boardCards.first()).toContainText('Signed');
      await board.screenshot({ path: path.join(screenshots, 'co-signing-dashboard.png') });
      await boardContext.close();
    },
  });
  await phone.close();

  // The signed copy reached the signatory, and the deal moved to the signed stage.
  await signIn(staff, DEMO.admin);
  await expect
    .poll(
      async () => {
        const response = await staff.request.get(`${apiUrl}/mailbox`, {
          params: { page: 1, limit: 50 },
        });
        if (!response.ok()) return [];
        const { messages } = (await response.json()) as {
          messages: Array<{ subject: string; to: string[] }>;
        };
        return messages
          .filter((message) => message.to.includes(signatory.email))
          .map((message) => message.subject);
      },
      { timeout: 60_000 },
    )
    .toContainEqual(expect.stringMatching(/^Your signed agreement: Change Order/));
  await signIn(staff, DEMO.csm);
  await expect
    .poll(
      async () => {
        const deal = await staff.request.get(`${apiUrl}/co/get-deal/${DEAL}`);
        return ((await deal.json()) as DealView).deal.properties.dealstage ?? null;
      },
      { timeout: 30_000 },
    )
    .toBe('co_signed');
});
