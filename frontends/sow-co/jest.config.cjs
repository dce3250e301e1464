/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'sow-co',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
};
