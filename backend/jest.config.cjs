// Unit tests (*.spec.ts) and integration tests (*.integration-spec.ts, real
// MongoDB and Redis) run together; the global setup makes sure both services
// are reachable before any suite starts.
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'backend',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.integration-spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.cjs',
  globalTeardown: '<rootDir>/test/global-teardown.cjs',
  // Integration suites boot Nest apps against real services.
  testTimeout: 30000,
};
