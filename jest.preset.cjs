// Shared Jest settings: SWC compiles TypeScript (with decorator metadata for
// NestJS), and workspace libraries resolve to their sources so tests never
// depend on a previous build.
const path = require('node:path');

const root = __dirname;

module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: true,
            react: { runtime: 'automatic' },
          },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@prosign/domain$': path.join(root, 'libs/domain/src/index.ts'),
    '^@prosign/api-client$': path.join(root, 'libs/api-client/src/index.ts'),
    '^@prosign/api-client/testing$': path.join(
      root,
      'libs/api-client/src/testing/fake-api-client.ts',
    ),
    '^@prosign/ui$': path.join(root, 'libs/ui/src/index.ts'),
    '^@prosign/ui/testing$': path.join(root, 'libs/ui/src/test-support/index.ts'),
    '^@prosign/ui/controls$': path.join(root, 'libs/ui/src/controls/index.ts'),
    '^@prosign/ui/forms$': path.join(root, 'libs/ui/src/forms/index.ts'),
    '\\.(css)$': 'identity-obj-proxy',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
