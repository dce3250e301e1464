/** @type {import('jest').Config} */
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'shell',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../jest.dom-setup.cjs', '<rootDir>/jest.setup.ts'],
  // tests/serve-frontend.spec.mjs drives scripts/serve-frontend.mjs in-process as
  // native ESM (the test script enables Node's VM modules for it).
  moduleFileExtensions: [...preset.moduleFileExtensions, 'mjs'],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}', '<rootDir>/tests/**/*.spec.mjs'],
};
