/** @type {import('jest').Config} */
const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'shell',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../jest.dom-setup.cjs', '<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    // The dashboard parts' entry of @prosign/ui (a registered family's generic dashboard).
    '^@prosign/ui/agreements$': path.join(__dirname, '../../libs/ui/src/agreements/index.ts'),
    ...preset.moduleNameMapper,
  },
  // tests/serve-frontend.spec.mjs drives scripts/serve-frontend.mjs in-process as
  // native ESM (the test script enables Node's VM modules for it).
  moduleFileExtensions: [...preset.moduleFileExtensions, 'mjs'],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}', '<rootDir>/tests/**/*.spec.mjs'],
};
