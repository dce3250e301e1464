// End-to-end tests drive Debian's Chromium (no browser download) against the
// stack that scripts/test.mjs starts; the URLs come from the environment.
import { defineConfig } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  // The dashboard tests act on whichever contracts the list shows (cancel, void…): they run
  // after the tests that create and sign contracts, so they never cancel one mid-signing.
  projects: [
    { name: 'product', testIgnore: /dashboard\.e2e\.ts$/ },
    { name: 'dashboard', testMatch: /dashboard\.e2e\.ts$/, dependencies: ['product'] },
  ],
  use: {
    baseURL: process.env.E2E_SHELL_URL ?? 'http://localhost:8080',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
