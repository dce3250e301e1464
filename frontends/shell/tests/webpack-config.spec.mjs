/**
 * @jest-environment node
 */
// frontends/webpack.common.cjs: which source maps each build carries. Production builds are what
// the public frontends serve, so they carry none unless FRONTEND_SOURCE_MAPS=1 asks.
import { afterEach, expect, test } from '@jest/globals';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { createHostOptions } = require('../../federation.cjs');
const { createWebpackConfig } = require('../../webpack.common.cjs');

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const saved = process.env.FRONTEND_SOURCE_MAPS;

afterEach(() => {
  if (saved === undefined) delete process.env.FRONTEND_SOURCE_MAPS;
  else process.env.FRONTEND_SOURCE_MAPS = saved;
});

function devtoolOf(mode) {
  const config = createWebpackConfig({
    appDir,
    title: 'ProSign',
    federation: createHostOptions({ appDir, name: 'shell' }),
  });
  return config({}, { mode }).devtool;
}

test('a production build carries no source maps', () => {
  delete process.env.FRONTEND_SOURCE_MAPS;
  expect(devtoolOf('production')).toBe(false);
  process.env.FRONTEND_SOURCE_MAPS = '0';
  expect(devtoolOf('production')).toBe(false);
});

test('FRONTEND_SOURCE_MAPS=1 asks for them', () => {
  process.env.FRONTEND_SOURCE_MAPS = '1';
  expect(devtoolOf('production')).toBe('source-map');
});

test('a development build keeps its fast source maps', () => {
  delete process.env.FRONTEND_SOURCE_MAPS;
  expect(devtoolOf('development')).toBe('eval-cheap-module-source-map');
});
