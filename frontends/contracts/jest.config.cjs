/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'contracts',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
};
