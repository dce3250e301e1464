/**
 * @jest-environment node
 */
// scripts/serve-frontend.mjs, started in-process on a free port against a
// throw-away dist directory, answering real HTTP requests.
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFrontendServer } from '../../../scripts/serve-frontend.mjs';

const INDEX = '<!doctype html><title>ProSign</title><div id="root"></div>';

let distDir;
let secretDir;

function serve(env = {}, app = 'shell') {
  const server = startFrontendServer({ app, port: 0, distDir, env });
  return once(server, 'listening').then(() => ({
    server,
    url: (p) => `http://127.0.0.1:${server.address().port}${p}`,
  }));
}

let running;
afterEach(async () => {
  if (running) await new Promise((resolve) => running.server.close(resolve));
  running = undefined;
});

beforeAll(() => {
  secretDir = mkdtempSync(path.join(tmpdir(), 'serve-frontend-'));
  distDir = path.join(secretDir, 'dist');
  mkdirSync(distDir);
  writeFileSync(path.join(secretDir, 'secret.txt'), 'do not serve');
  writeFileSync(path.join(distDir, 'index.html'), INDEX);
  writeFileSync(path.join(distDir, 'main.0123456789abcdef.js'), 'console.log("main")');
  writeFileSync(path.join(distDir, 'remoteEntry.js'), 'var contracts;');
  writeFileSync(path.join(distDir, 'mf-manifest.json'), '{"id":"contracts"}');
});

afterAll(() => rmSync(secretDir, { recursive: true, force: true }));

test('serves index.html for client-side routes (SPA fallback), never cached', async () => {
  running = await serve();
  for (const route of ['/', '/dashboard', '/verify/abc', '/some-token?docLink=x']) {
    const response = await fetch(running.url(route));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  }
});

test('serves assets with their content type, CORS and long cache for hashed names', async () => {
  running = await serve();
  const hashed = await fetch(running.url('/main.0123456789abcdef.js'));
  expect(hashed.status).toBe(200);
  expect(hashed.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(hashed.headers.get('access-control-allow-origin')).toBe('*');
  expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

  const entry = await fetch(running.url('/remoteEntry.js'));
  expect(entry.headers.get('cache-control')).toBe('no-cache');
  expect(entry.headers.get('access-control-allow-origin')).toBe('*');

  const manifest = await fetch(running.url('/mf-manifest.json'), {
    headers: { Origin: 'http://localhost:8080' },
  });
  expect(manifest.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
  expect(await manifest.json()).toEqual({ id: 'contracts' });
});

test('answers a missing asset with 404 and never leaves the dist directory', async () => {
  running = await serve();
  expect((await fetch(running.url('/missing.0123456789abcdef.js'))).status).toBe(404);
  for (const escape of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
    const response = await fetch(running.url(escape));
    expect(response.status).not.toBe(200);
    expect(await response.text()).not.toContain('do not serve');
  }
});

test('builds /runtime-config.json from the environment at request time', async () => {
  const env = {
    PUBLIC_API_URL: 'https://api.prosign.example/',
    CONTRACTS_REMOTE_URL: 'https://cdn.example/contracts',
    INVOICES_REMOTE_URL: 'https://cdn.example/invoices/v2/mf-manifest.json',
  };
  running = await serve(env);
  const first = await fetch(running.url('/runtime-config.json'));
  expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(first.headers.get('access-control-allow-origin')).toBe('*');
  expect(await first.json()).toEqual({
    apiUrl: 'https://api.prosign.example',
    remotes: {
      contracts: 'https://cdn.example/contracts/mf-manifest.json',
      sowCo: 'http://localhost:8082/mf-manifest.json',
      invoices: 'https://cdn.example/invoices/v2/mf-manifest.json',
      signing: 'http://localhost:8084/mf-manifest.json',
    },
    maps: { adapter: 'local' },
    captcha: { adapter: 'local' },
  });

  env.SIGNING_REMOTE_URL = 'https://sign.example';
  const second = await (await fetch(running.url('/runtime-config.json'))).json();
  expect(second.remotes.signing).toBe('https://sign.example/mf-manifest.json');
});

test('defaults the API to http://localhost:3000 and remotes to ports 8081–8084', async () => {
  running = await serve({});
  expect(await (await fetch(running.url('/runtime-config.json'))).json()).toEqual({
    apiUrl: 'http://localhost:3000',
    remotes: {
      contracts: 'http://localhost:8081/mf-manifest.json',
      sowCo: 'http://localhost:8082/mf-manifest.json',
      invoices: 'http://localhost:8083/mf-manifest.json',
      signing: 'http://localhost:8084/mf-manifest.json',
    },
    maps: { adapter: 'local' },
    captcha: { adapter: 'local' },
  });
});

test('serves the maps and captcha public keys of the configured adapters, never a secret', async () => {
  running = await serve({
    MAPS_ADAPTER: 'google',
    GOOGLE_MAPS_API_KEY: 'browser-maps-key',
    CAPTCHA_ADAPTER: 'recaptcha',
    RECAPTCHA_SITE_KEY: 'public-site-key',
    RECAPTCHA_SECRET: 'server-only-secret',
    CAPTCHA_PASS_SECRET: 'another-server-only-secret-of-32-chars',
  });
  const response = await fetch(running.url('/runtime-config.json'));
  const text = await response.text();
  expect(JSON.parse(text)).toMatchObject({
    maps: { adapter: 'google', apiKey: 'browser-maps-key' },
    captcha: { adapter: 'recaptcha', siteKey: 'public-site-key' },
  });
  expect(text).not.toContain('server-only-secret');
});

test('leaves out keys the active adapter does not use', async () => {
  running = await serve({
    MAPS_ADAPTER: 'local',
    GOOGLE_MAPS_API_KEY: 'unused-maps-key',
    CAPTCHA_ADAPTER: ' ',
    RECAPTCHA_SITE_KEY: 'unused-site-key',
  });
  const config = await (await fetch(running.url('/runtime-config.json'))).json();
  expect(config.maps).toEqual({ adapter: 'local' });
  expect(config.captcha).toEqual({ adapter: 'local' });
});

test('answers CORS preflight requests', async () => {
  running = await serve();
  const response = await fetch(running.url('/remoteEntry.js'), {
    method: 'OPTIONS',
    headers: { Origin: 'http://localhost:8080', 'Access-Control-Request-Method': 'GET' },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
});

/** The directives of a Content-Security-Policy header, by name. */
function cspOf(response) {
  return Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

test('sends a CSP under which the shell loads its remotes and reaches the API, and nothing else', async () => {
  running = await serve({
    PUBLIC_API_URL: 'https://api.firm.com',
    CONTRACTS_REMOTE_URL: 'https://contracts.firm.com',
  });
  for (const route of ['/', '/dashboard', '/runtime-config.json', '/main.0123456789abcdef.js']) {
    const response = await fetch(running.url(route));
    await response.text();
    const csp = cspOf(response);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://contracts.firm.com']),
    );
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining([
        'https://api.firm.com',
        'wss://api.firm.com',
        'https://contracts.firm.com',
      ]),
    );
    expect(csp['frame-src']).toContain('https://api.firm.com');
    expect(csp['worker-src']).toEqual(
      expect.arrayContaining(['blob:', 'https://contracts.firm.com']),
    );
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    // No Google host unless its adapter is on.
    expect(JSON.stringify(csp)).not.toMatch(/google|gstatic/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  }
});

test('opens the CSP to reCAPTCHA and Google Maps only when those adapters are on', async () => {
  running = await serve({
    CAPTCHA_ADAPTER: 'recaptcha',
    RECAPTCHA_SITE_KEY: 'site-key',
    MAPS_ADAPTER: 'google',
    GOOGLE_MAPS_API_KEY: 'browser-key',
  });
  const response = await fetch(running.url('/'));
  await response.text();
  const csp = cspOf(response);
  expect(csp['script-src']).toEqual(
    expect.arrayContaining([
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
      'https://maps.googleapis.com',
    ]),
  );
  expect(csp['frame-src']).toEqual(
    expect.arrayContaining([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]),
  );
  expect(csp['connect-src']).toContain('https://places.googleapis.com');
});

test("allows a page's own inline scripts by hash, and no other inline script", async () => {
  const inline = "window.__prefetch = fetch('/runtime-config.json');";
  writeFileSync(
    path.join(distDir, 'inline.html'),
    `<!doctype html><script>${inline}</script><script defer src="/main.js"></script>`,
  );
  running = await serve();
  const page = await fetch(running.url('/inline.html'));
  await page.text();
  const expected = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
  expect(cspOf(page)['script-src']).toContain(expected);
  expect(cspOf(page)['script-src']).not.toContain("'unsafe-inline'");
  const index = await fetch(running.url('/'));
  await index.text();
  expect(cspOf(index)['script-src']).not.toContain(expected);
});

test('keeps the signing pages out of search engines, referrers and caches (link hardening)', async () => {
  running = await serve({}, 'signing');
  // The customer, SOW and CO signing pages and the verify page: the app's page, never stored.
  for (const route of [
    '/',
    '/some-link-token?docLink=x',
    '/sow-signature/some-custom-id',
    '/co-signature/some-custom-id',
    '/verify/some-verify-id',
  ]) {
    const page = await fetch(running.url(route));
    expect(await page.text()).toBe(INDEX);
    expect({ route, cache: page.headers.get('cache-control') }).toEqual({
      route,
      cache: 'no-store',
    });
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  }
  // Everything else the app serves is not indexed and names no page in a referrer either;
  // content-hashed files keep their long cache.
  for (const [route, cache] of [
    ['/main.0123456789abcdef.js', 'public, max-age=31536000, immutable'],
    ['/mf-manifest.json', 'no-cache'],
    ['/runtime-config.json', 'no-store'],
    ['/missing.0123456789abcdef.js', 'no-cache'],
  ]) {
    const response = await fetch(running.url(route));
    await response.text();
    expect({ route, cache: response.headers.get('cache-control') }).toEqual({ route, cache });
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  }
});

test.each(['shell', 'contracts', 'sow-co', 'invoices'])(
  'leaves the %s app as it was: pages revalidated, no robots header, origin-only referrers',
  async (app) => {
    running = await serve({}, app);
    const page = await fetch(running.url('/some-path'));
    await page.text();
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-robots-tag')).toBeNull();
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  },
);
