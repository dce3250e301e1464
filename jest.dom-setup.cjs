// Shared by every jsdom test project (before its own jest.setup.ts). Testing
// Library's find*/waitFor give up after 1 s by default; a first render on a
// busy 2-core CI machine (lint, builds and other suites in parallel) can take
// longer, which failed tests at random. A missing element still fails, later.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 5000 });
