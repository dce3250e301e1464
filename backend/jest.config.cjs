// Three projects: unit tests (*.spec.ts, pure, no services), integration tests
// (*.integration-spec.ts, real MongoDB and Redis) and the fault suite (*.fault-spec.ts,
// run alone by `npm test`). Only the integration project
// has the global setup that makes sure both services are reachable, so
// `jest --selectProjects unit` runs anywhere.
const preset = require('../jest.preset.cjs');

const common = {
  ...preset,
  rootDir: __dirname,
  testEnvironment: 'node',
};

module.exports = {
  // Integration suites boot Nest apps against real services, and most first seed the whole
  // demo (signing three contracts for real): on a slower 2-core VM with the other Nx tasks
  // beside them, that set-up alone passed 30 s (the backend suites took 17 min there).
  testTimeout: 60000,
  // Integration suites wait on the database and Redis as much as they compute: Jest's default
  // (cores - 1) is one worker on a 2-core machine, and two took the backend suites from 9.1 to
  // 4.5 minutes there, all passing. Each suite has its own database, so they never share data.
  maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/src/**/*.integration-spec.ts',
        '<rootDir>/test/**/*.integration-spec.ts',
      ],
      globalSetup: '<rootDir>/test/global-setup.cjs',
      globalTeardown: '<rootDir>/test/global-teardown.cjs',
    },
    {
      // Fault injection (bench/faults --short): starts and kills its own processes for minutes,
      // so `npm test` runs it alone after the other suites, never beside them.
      ...common,
      displayName: 'faults',
      testMatch: ['<rootDir>/test/**/*.fault-spec.ts'],
    },
  ],
};
