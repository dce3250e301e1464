// A signer reads in Spanish (libs/domain/src/i18n): the link with `?lang=es` opens, after the
// robot check, a page whose words come from the Spanish catalogue, loaded as its own chunk by the
// built app, saying that the English text governs; on a phone nothing scrolls sideways.
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { noHorizontalScroll } from './support/link-signing';
import {
  createStandardDocument,
  sendStandardContract,
  standardClient,
} from './support/standard-contract';
import { DEMO, signIn } from './support/staff';

const screenshots = path.join(__dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

test('a signing link with ?lang=es reads in Spanish on a phone and a desktop', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, DEMO.csm);
  const client = standardClient('Lucía Ortega', `e2e-spanish-${stamp}@prosign.example`);
  const docLink = await createStandardDocument(page.request, client);
  const link = new URL(await sendStandardContract(page.request, client, docLink, stamp));
  link.searchParams.set('lang', 'es');

  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const signer = await context.newPage();
    await signer.goto(link.toString());
    await signer.getByRole('checkbox').first().click({ timeout: 30_000 });
    await expect(signer.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es', {
      timeout: 30_000,
    });
    await expect(signer.locator('html')).toHaveAttribute('lang', 'es');
    await expect(signer.getByText(/Prevalece el texto en inglés/)).toBeVisible();
    await expect(signer.getByRole('button', { name: 'Vista de lectura' })).toBeVisible();
    expect(await noHorizontalScroll(signer)).toBe(true);
    await signer.screenshot({ path: path.join(screenshots, `signer-language-${name}.png`) });
    await context.close();
  }
});
