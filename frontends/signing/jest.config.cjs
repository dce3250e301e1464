/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'signing',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
};
