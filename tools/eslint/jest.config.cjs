/** @type {import('jest').Config} */
module.exports = {
  displayName: 'eslint-rules',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.spec.cjs'],
  moduleFileExtensions: ['cjs', 'js', 'json'],
  transform: {},
};
