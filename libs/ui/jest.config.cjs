const path = require('node:path');
const preset = require('../../jest.preset.cjs');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  displayName: 'ui',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../jest.dom-setup.cjs', '<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '^@prosign/ui/agreements$': path.join(__dirname, 'src/agreements/index.ts'),
    ...preset.moduleNameMapper,
  },
};
