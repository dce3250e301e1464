// Shared by every jsdom test project (before its own jest.setup.ts). Testing
// Library's find*/waitFor give up after 1 s by default; a first render on a
// busy 2-core CI machine (lint, builds and other suites in parallel) can take
// longer, which failed tests at random. A missing element still fails, later.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 5000 });

// Jest's own 5 s per test is the same trap one level up: a test of a whole page (captcha,
// verify, a dialog, a save) takes 2–3 s on an idle machine and passed 5 s in CI beside the
// other suites. One limit for every jsdom project, not one per file.
jest.setTimeout(30_000);
