/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'domain',
  testEnvironment: 'node',
  // Specs only: a __tests__ folder also holds the fixtures its specs share.
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
