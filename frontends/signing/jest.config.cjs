const preset = require('../../jest.preset.cjs');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  displayName: 'signing',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../../jest.dom-setup.cjs', '<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    // webpack's context module of the message catalogues, read from disk under Jest.
    '^\\./catalogue-folder$': require.resolve('./src/i18n/catalogue-folder.node.ts'),
    ...preset.moduleNameMapper,
  },
};
