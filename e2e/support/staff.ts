// Signing in for end-to-end tests: the same POST /api/auth/local the login
// page uses, made through the page's request context so the browser holds
// the httpOnly session cookie afterwards.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const apiUrl = process.env.E2E_API_URL ?? 'http://localhost:3000/api';

/** The demo users the seed creates (backend/src/seed/access-demo.seeder.ts). */
export const DEMO = { admin: 'admin', csm: 'csm', pm: 'pm' } as const;

export async function signInWithRequest(
  request: APIRequestContext,
  userName: string,
): Promise<void> {
  const response = await request.post(`${apiUrl}/auth/local`, { data: { email: userName } });
  expect(response.status(), `sign-in as ${userName}`).toBe(200);
}

export function signIn(page: Page, userName: string): Promise<void> {
  return signInWithRequest(page.request, userName);
}

/** Signs in through the login page, as a person does. */
export async function signInThroughPortal(page: Page, userName: string): Promise<void> {
  await page.goto('/portal');
  await page.getByLabel('User name').fill(userName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Staff navigation' })).toBeVisible();
}

/** The labels of the staff navigation, groups shown as "SOW Management", without counts. */
export async function navEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Staff navigation' });
  await expect(nav).toBeVisible();
  const entry = '.navbar__entries > li:not(.navbar__account)';
  const items = nav.locator(`${entry} > a, ${entry} > .navgroup > button`);
  // An entry's name without the count beside it ("Waiting for my signature" and its badge).
  const labels = await items.evaluateAll((nodes) =>
    nodes.map((node) => {
      const copy = node.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.navbar__badge').forEach((badge) => badge.remove());
      return copy.textContent ?? '';
    }),
  );
  return labels.map((text) => text.trim());
}
