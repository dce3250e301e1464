/**
 * @jest-environment node
 */
// scripts/precompress.mjs over a throw-away dist, then scripts/serve-frontend.mjs
// answering with the precompressed copies the client accepts, and the cache
// headers of hashed assets, pages and the module-federation runtime files.
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { mkdtempSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../../../scripts/precompress.mjs';
import { startFrontendServer } from '../../../scripts/serve-frontend.mjs';

const BUNDLE = `console.log(${JSON.stringify('a bundle of the signing app '.repeat(200))});`;
const INDEX = `<!doctype html><title>ProSign</title>${'<div class="spacer"></div>'.repeat(60)}`;
let dir;
let running;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'serve-compressed-'));
  mkdirSync(path.join(dir, 'fonts'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'main.0123456789abcdef.js'), BUNDLE);
  writeFileSync(path.join(dir, 'remoteEntry.js'), BUNDLE);
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'x'.repeat(2000) }));
  writeFileSync(path.join(dir, 'tiny.0123456789abcdef.js'), 'var a;');
  writeFileSync(path.join(dir, 'fonts', 'whisper.0123456789abcdef.woff2'), Buffer.alloc(4096, 1));
  expect(await precompressDir(dir)).toBe(8); // 4 text files over 1 KB, gzip and brotli each
  expect(await precompressDir(dir)).toBe(0); // nothing newer: nothing written again
});

afterEach(async () => {
  if (running) await new Promise((resolve) => running.close(resolve));
  running = undefined;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A raw GET (fetch would decode the body and hide the encoding). */
async function get(pathname, acceptEncoding) {
  if (!running) {
    running = startFrontendServer({ app: 'signing', port: 0, distDir: dir, env: {} });
    await once(running, 'listening');
  }
  const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
  const request = http.get({ port: running.address().port, path: pathname, headers });
  const [response] = await once(request, 'response');
  const chunks = [];
  for await (const chunk of response) chunks.push(chunk);
  return { headers: response.headers, body: Buffer.concat(chunks) };
}

test('precompress writes .gz and .br beside text assets over 1 KB only', () => {
  for (const name of ['main.0123456789abcdef.js', 'remoteEntry.js', 'index.html']) {
    expect(statSync(path.join(dir, `${name}.br`)).size).toBeLessThan(BUNDLE.length / 5);
    expect(statSync(path.join(dir, `${name}.gz`)).isFile()).toBe(true);
  }
  expect(() => statSync(path.join(dir, 'tiny.0123456789abcdef.js.gz'))).toThrow();
  expect(() => statSync(path.join(dir, 'fonts', 'whisper.0123456789abcdef.woff2.br'))).toThrow();
});

test('a .js is answered in brotli, else gzip, else as it is, and varies on Accept-Encoding', async () => {
  const br = await get('/main.0123456789abcdef.js', 'gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toBe('Accept-Encoding');
  expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(Number(br.headers['content-length'])).toBe(br.body.length);
  expect(brotliDecompressSync(br.body).toString()).toBe(BUNDLE);

  const gz = await get('/main.0123456789abcdef.js', 'gzip, br;q=0');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).toString()).toBe(BUNDLE);

  const plain = await get('/main.0123456789abcdef.js', undefined);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toBe('Accept-Encoding');
  expect(plain.body.toString()).toBe(BUNDLE);

  const small = await get('/tiny.0123456789abcdef.js', 'br');
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.body.toString()).toBe('var a;');
});

test('hashed files are cached for good; the federation runtime files are revalidated, the signing pages never stored', async () => {
  const hashed = await get('/main.0123456789abcdef.js', 'br');
  expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const font = await get('/fonts/whisper.0123456789abcdef.woff2', 'br');
  expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(font.headers['content-encoding']).toBeUndefined();

  for (const [pathname, cache] of [
    ['/', 'no-store'],
    ['/index.html', 'no-store'],
    ['/sign/some-token', 'no-store'],
    ['/remoteEntry.js', 'no-cache'],
  ]) {
    const response = await get(pathname, 'br');
    expect({ pathname, cache: response.headers['cache-control'] }).toEqual({ pathname, cache });
    expect(response.headers['content-encoding']).toBe('br');
  }
  const manifest = await get('/mf-manifest.json', 'gzip');
  expect(manifest.headers['cache-control']).toBe('no-cache');
  expect(manifest.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(manifest.body).toString()).id).toHaveLength(2000);
  const page = await get('/sign/some-token', 'br');
  expect(brotliDecompressSync(page.body).toString()).toBe(INDEX);
});
