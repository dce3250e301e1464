const path = require('node:path');
const preset = require('../../jest.preset.cjs');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  displayName: 'invoices',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../jest.dom-setup.cjs', '<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    // The dashboard parts' entry of @prosign/ui, from its sources like the others.
    '^@prosign/ui/agreements$': path.join(__dirname, '../../libs/ui/src/agreements/index.ts'),
    '^@prosign/ui/controls$': path.join(__dirname, '../../libs/ui/src/controls/index.ts'),
    ...preset.moduleNameMapper,
  },
};
