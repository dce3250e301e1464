// Services and default terms as the admin meets them (spec 1 §2.5, §2.6): a
// new service is added at the end of the sidebar, dragged to the top (and
// moved back down from the keyboard), copied into a "_copy" draft, the
// default terms are changed and reach every "Default tnc" service, and a
// service is deleted behind the delete password. A CSM without servicesAccess
// neither sees the section nor gets past the API.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { DEMO, apiUrl, navEntries, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

/** The development default of SERVICE_DELETE_PASSWORD (the e2e stack sets none). */
const DELETE_PASSWORD = 'prosign-demo';

interface ServiceRow {
  _id: string;
  serviceName: string;
  position: string;
  defaultTnC: boolean;
  termsAndConditions: string;
}

async function storedServices(page: Page): Promise<ServiceRow[]> {
  const response = await page.request.get(`${apiUrl}/service/get-services`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ServiceRow[];
}

function sidebar(page: Page): Locator {
  return page.getByRole('main').getByRole('complementary', { name: 'Services' });
}

/** The sidebar rows' full names (the title of each name button), in shown order. */
async function shownOrder(page: Page): Promise<string[]> {
  const names = sidebar(page).locator('[data-testid="service-item"] button[title]');
  return names.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('title') ?? ''));
}

function row(page: Page, serviceName: string): Locator {
  return sidebar(page)
    .getByTestId('service-item')
    .filter({ has: page.getByTitle(serviceName, { exact: true }) });
}

/**
 * Drags `handle` onto the top half of `target` as a hand does, waiting at each
 * step for what dnd-kit announces to screen readers (the pick-up, then "… is
 * over position 1 of …"): it measures the rows a frame after the pick-up, so a drag
 * finished within one frame (as `dragTo`'s jump can be under load) drops nowhere.
 */
async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  const announcement = page.locator('[id^="DndLiveRegion"]');
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  if (!from) throw new Error('the drag handle is not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  // Picked up (announced, then at once "… is over position n" as the pointer moves).
  await expect(announcement).toContainText(/Picked up|is over position/);
  const to = await target.boundingBox();
  if (!to) throw new Error('the drop target is not on screen');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 4, { steps: 12 });
  await expect(announcement).toContainText(/is over position 1 of \d+\./);
  await page.mouse.up();
}

function toast(page: Page, text: string): Locator {
  return page.locator('.ps-toast').filter({ hasText: text });
}

test('the admin creates, reorders, copies and deletes a service and edits the default terms', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  const suffix = Date.now().toString(36);
  const name = `Geotechnical Review ${suffix}`;

  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add New Service' });
  await expect(form).toBeVisible();

  // Create: appended at the end; the long name is shortened in the sidebar with the full one on hover.
  await form.getByLabel('Service Name').fill(name);
  await form.getByLabel('Agreement Title').fill('Geotechnical Review Agreement');
  await form.getByLabel('Overview').fill('Agreement dated $agreement_date with $client_name.');
  await form.getByRole('button', { name: 'Add Service' }).click();
  await expect(toast(page, 'New service created successfully')).toBeVisible();
  await expect(page.getByRole('form', { name: `Update Service ${name}` })).toBeVisible();
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, name).getByTitle(name)).toHaveText(`${name.slice(0, 15)}…`);
  expect((await shownOrder(page)).at(-1)).toBe(name);

  // Drag it by its handle onto the first row: it becomes first, on the server too.
  const firstBefore = (await shownOrder(page))[0];
  await dragOnto(
    page,
    row(page, name).locator('.service-drag-handle'),
    sidebar(page).getByTestId('service-item').first(),
  );
  await expect(toast(page, 'Service order saved')).toBeVisible();
  await expect.poll(async () => (await shownOrder(page))[0]).toBe(name);
  let stored = await storedServices(page);
  expect(stored.map((s) => s.serviceName)).toEqual(await shownOrder(page));
  expect(stored.map((s) => s.position)).toEqual(stored.map((_, i) => String(i + 1)));
  await page.reload();
  await expect(row(page, name)).toBeVisible();
  expect((await shownOrder(page)).slice(0, 2)).toEqual([name, firstBefore]);

  // The keyboard path: focus "move down" and press Enter.
  await row(page, name)
    .getByRole('button', { name: `Move ${name} down` })
    .focus();
  await page.keyboard.press('Enter');
  // The list shows the new order at once (optimistic); the server has it once the call returns.
  await expect.poll(async () => (await shownOrder(page)).slice(0, 2)).toEqual([firstBefore, name]);
  await expect
    .poll(async () => (await storedServices(page)).slice(0, 2).map((s) => s.serviceName))
    .toEqual([firstBefore, name]);

  // Copy: a create-mode draft named "…_copy" with the default terms.
  await row(page, name)
    .getByRole('button', { name: `Copy ${name}` })
    .click();
  const copyForm = page.getByRole('form', { name: 'Add New Service' });
  await expect(copyForm.getByLabel('Service Name')).toHaveValue(`${name}_copy`);
  await expect(copyForm.getByLabel('Agreement Title')).toHaveValue('Geotechnical Review Agreement');
  await expect(copyForm.getByRole('checkbox', { name: 'Default tnc' })).toBeChecked();
  await copyForm.getByRole('button', { name: 'Add Service' }).click();
  await expect(toast(page, 'New service created successfully')).toBeVisible();
  await expect(row(page, `${name}_copy`)).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'services.png'), fullPage: true });
  await expectNoSeriousAxeViolations(page, 'services');

  // Default terms: saved on /terms, applied by the server to every "Default tnc" service.
  const ownTerms = (await storedServices(page)).filter((s) => !s.defaultTnC);
  const terms = `1. Terms revised by the browser test ${suffix}.`;
  await page
    .getByRole('navigation', { name: 'Staff navigation' })
    .getByRole('link', { name: 'Terms', exact: true })
    .click();
  const textarea = page.getByLabel('Default Terms and Conditions');
  await expect(textarea).not.toHaveValue('');
  await expectNoSeriousAxeViolations(page, 'terms');
  await textarea.fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Terms and Conditions cannot be empty!')).toBeVisible();
  await textarea.fill(terms);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    toast(page, 'Terms updated for all services with defaultTnC enabled!'),
  ).toBeVisible();
  stored = await storedServices(page);
  for (const service of stored) {
    const own = ownTerms.find((s) => s._id === service._id);
    expect(service.termsAndConditions, service.serviceName).toBe(
      own ? own.termsAndConditions : terms,
    );
  }
  await page
    .getByRole('navigation', { name: 'Staff navigation' })
    .getByRole('link', { name: 'Services', exact: true })
    .click();
  await row(page, name).getByTitle(name).click();
  await expect(page.getByRole('form', { name: `Update Service ${name}` })).toBeVisible();
  await expect(page.getByLabel('Terms and Conditions', { exact: true })).toHaveValue(terms);

  // Delete behind the password: a wrong one keeps the service, the right one removes it.
  const copyName = `${name}_copy`;
  await row(page, copyName)
    .getByRole('button', { name: `Delete ${copyName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Delete ${copyName}?` });
  await expect(dialog.getByLabel('Password')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'services: delete dialog');
  await dialog.getByLabel('Password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect password. Please try again.');
  expect((await storedServices(page)).some((s) => s.serviceName === copyName)).toBe(true);
  await dialog.getByLabel('Password').fill(DELETE_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Service deleted successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, copyName)).toHaveCount(0);
  expect((await storedServices(page)).some((s) => s.serviceName === copyName)).toBe(false);
});

test('a CSM without servicesAccess sees no Services and cannot create one', async ({ page }) => {
  await signIn(page, DEMO.csm);
  await page.goto('/dashboard');
  expect(await navEntries(page)).not.toContain('Services');
  const response = await page.request.post(`${apiUrl}/service/create`, {
    data: { serviceName: 'Not Allowed', agreementTitle: 'Not Allowed' },
  });
  expect(response.status()).toBe(403);
  expect((await response.json()).message).toContain('servicesAccess');
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
});
