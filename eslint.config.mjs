// One lint configuration for every project. Type-aware rules catch floating
// promises; import restrictions keep projects from reaching into each other's
// internals (libraries are imported by package name only).
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import docReferences from './tools/eslint/doc-references.cjs';
import modelOwners from './tools/eslint/model-owners.cjs';
import moduleBoundaries from './tools/eslint/module-boundaries.cjs';
import uiPrimitivesOnly from './tools/eslint/ui-primitives-only.cjs';

/** Our own rules (tools/eslint), one plugin object for every block that uses them. */
const prosign = {
  rules: {
    'doc-references': docReferences,
    'model-owners': modelOwners,
    'module-boundaries': moduleBoundaries,
    'ui-primitives-only': uiPrimitivesOnly,
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.data/**',
      '.nx/**',
      'tools/embedded-mongo/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@prosign/*/src', '@prosign/*/src/**', '@prosign/*/dist/**'],
              message: 'Import workspace libraries by package name only.',
            },
            {
              group: ['**/libs/*', '**/libs/**', '**/frontends/**', '**/backend/**'],
              message: 'Do not reach into another project by relative path; import its package.',
            },
          ],
        },
      ],
    },
  },
  {
    // Backend modules and integrations import each other only through their index.ts or
    // their *.module files; imports only run down the layers and units form no loop;
    // controllers never use an adapter's internals (tools/eslint/module-boundaries.cjs).
    // Tests may reach into internals.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts', 'backend/src/**/*.integration-spec.ts'],
    plugins: { prosign },
    rules: {
      'prosign/module-boundaries': [
        'error',
        { sourceRoot: path.join(import.meta.dirname, 'backend/src') },
      ],
    },
  },
  {
    // A Mongoose model is injected only into its collection's repository (*.repository.ts),
    // which keeps it private; others call its named methods (tools/eslint/model-owners.cjs).
    // Tests may read collections directly.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts', 'backend/src/**/*.integration-spec.ts'],
    plugins: { prosign },
    rules: { 'prosign/model-owners': 'error' },
  },
  {
    files: ['frontends/**/*.{ts,tsx}', 'libs/ui/**/*.{ts,tsx}', 'libs/api-client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Files a person can hold in their head: no source file of the backend, a front end or a
    // library over 400 lines, every line counted as `wc -l` counts them (blank lines and
    // comments too), and no function over 150 lines of code (blank lines and comments left
    // out). Pages compose feature hooks and parts, services compose steps, a store keeps one
    // concern. Tests and generated files are left out (a describe block is long by nature).
    files: ['backend/src/**/*.ts', 'frontends/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.spec.{ts,tsx}',
      '**/*.test.{ts,tsx}',
      '**/*.integration-spec.ts',
      '**/__tests__/**',
      '**/test/**',
      '**/e2e/**',
      '**/generated/**',
      '**/*.generated.{ts,tsx}',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Front ends use React Aria / React Stately only through @prosign/ui and
    // @prosign/ui/controls (tools/eslint/ui-primitives-only.cjs).
    files: ['frontends/**/*.{ts,tsx,js,jsx,cjs,mjs}'],
    plugins: { prosign },
    rules: { 'prosign/ui-primitives-only': 'error' },
  },
  {
    // Comments cite the specification (docs/spec/) and the architecture page by what is there
    // (tools/eslint/doc-references.cjs).
    files: ['**/*.{ts,tsx,js,jsx,cjs,mjs}'],
    plugins: { prosign },
    rules: { 'prosign/doc-references': 'error' },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // As in TypeScript: a parameter kept for its position is named `_…`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
