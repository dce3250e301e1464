#!/usr/bin/env node
// Static server for one built frontend (shell or a remote), with no
// dependencies beyond node:http. Used by `npm start` and the tests; the production
// web image serves with nginx (deploy/web) and builds its runtime-config.json and
// CSP at start with this file's exports:
//
//   node scripts/serve-frontend.mjs <app> [--port N] [--dist DIR]
//
// Serves frontends/<app>/dist with an SPA fallback to index.html, the build's
// brotli/gzip copies when the client accepts them (scripts/precompress.mjs),
// CORS on every response (remotes are fetched cross-origin by the shell) and
// GET /runtime-config.json built from the environment at request time, so one
// build runs in every environment (remote URLs are never baked into a bundle).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPRESSIBLE } from './precompress.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Apps and the environment variable naming each one's port, with its default. */
export const FRONTEND_APPS = {
  shell: { portVar: 'SHELL_PORT', port: 8080 },
  contracts: { portVar: 'CONTRACTS_PORT', port: 8081 },
  'sow-co': { portVar: 'SOW_CO_PORT', port: 8082 },
  invoices: { portVar: 'INVOICES_PORT', port: 8083 },
  signing: { portVar: 'SIGNING_PORT', port: 8084, signingLinks: true },
};

/** Remote key in runtime-config.json → environment variable and default origin. */
const REMOTE_URLS = {
  contracts: { urlVar: 'CONTRACTS_REMOTE_URL', fallback: 'http://localhost:8081' },
  sowCo: { urlVar: 'SOW_CO_REMOTE_URL', fallback: 'http://localhost:8082' },
  invoices: { urlVar: 'INVOICES_REMOTE_URL', fallback: 'http://localhost:8083' },
  signing: { urlVar: 'SIGNING_REMOTE_URL', fallback: 'http://localhost:8084' },
};

const MANIFEST_FILE = 'mf-manifest.json';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/** Precompressed copies written at build (scripts/precompress.mjs), in order of preference. */
const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
];

/** Content codings the client accepts (q > 0) from its Accept-Encoding header. */
function acceptedCodings(header = '') {
  const codings = new Set();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) codings.add(name);
  }
  return codings;
}

const NO_CACHE = 'no-cache';
const NO_STORE = 'no-store';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Webpack's content hashes: `main.3f2a9c1b.js`, `123.abcdef0123456789.css`. */
const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

function manifestUrl(value) {
  const trimmed = value.trim().replace(/\/+$/, '');
  return trimmed.endsWith('.json') ? trimmed : `${trimmed}/${MANIFEST_FILE}`;
}

/** A set variable's trimmed value; undefined when unset or blank. */
function setting(env, name) {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * The runtime configuration every frontend reads at start-up. Maps and captcha
 * come from the same variables the api reads; only public keys ever appear here
 * (a Google Maps browser key and the reCAPTCHA site key, never a secret).
 */
export function buildRuntimeConfig(env = process.env) {
  const remotes = {};
  for (const [key, { urlVar, fallback }] of Object.entries(REMOTE_URLS)) {
    remotes[key] = manifestUrl(env[urlVar] || fallback);
  }
  const mapsAdapter = setting(env, 'MAPS_ADAPTER') ?? 'local';
  const mapsKey = mapsAdapter === 'google' ? setting(env, 'GOOGLE_MAPS_API_KEY') : undefined;
  const captchaAdapter = setting(env, 'CAPTCHA_ADAPTER') ?? 'local';
  const siteKey = captchaAdapter === 'recaptcha' ? setting(env, 'RECAPTCHA_SITE_KEY') : undefined;
  // Where the signing page's completion modal leads (spec 1 §2.4); the app has a default.
  const reviewsUrl = setting(env, 'CUSTOMER_REVIEWS_URL');
  return {
    apiUrl: (env.PUBLIC_API_URL || 'http://localhost:3000').replace(/\/+$/, ''),
    remotes,
    maps: mapsKey ? { adapter: mapsAdapter, apiKey: mapsKey } : { adapter: mapsAdapter },
    captcha: siteKey ? { adapter: captchaAdapter, siteKey } : { adapter: captchaAdapter },
    ...(reviewsUrl ? { reviewsUrl } : {}),
  };
}

// Third-party hosts, only when their adapter is on (Google's published CSP guidance).
const RECAPTCHA_HOSTS = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  img: ['https://www.gstatic.com/recaptcha/'],
};
const GOOGLE_MAPS_HOSTS = {
  script: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  connect: ['https://maps.googleapis.com', 'https://places.googleapis.com'],
  img: ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.ggpht.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

/** `'sha256-…'` sources of the inline `<script>` elements of an HTML page. */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || !body) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of every frontend, from the same runtime
 * configuration the page reads: scripts, styles and workers from this server
 * and the remotes (module federation loads their chunks; the PDF.js worker of
 * the signing remote runs from a blob), API calls, its Socket.IO endpoint and
 * framed PDFs on the API's origin, and Google's reCAPTCHA and Maps hosts only
 * when those adapters are on. An HTML page's own inline scripts (the signing
 * page's runtime-config prefetch) are allowed by their hashes only. Nothing
 * may frame the apps but themselves; inline styles are allowed (component
 * styles, caught mail shown in /mailbox).
 */
export function contentSecurityPolicy(runtime, { scriptHashes = [] } = {}) {
  const api = originOf(runtime.apiUrl);
  const apiSocket = api?.replace(/^http/, 'ws');
  const remotes = Object.values(runtime.remotes ?? {}).map(originOf);
  const recaptcha = runtime.captcha?.adapter === 'recaptcha';
  const maps = runtime.maps?.adapter === 'google';
  const pick = (hosts, on, kind) => (on ? (hosts[kind] ?? []) : []);
  const sources = (...lists) => [...new Set(lists.flat().filter(Boolean))].join(' ');
  const directives = {
    'default-src': sources("'self'"),
    'script-src': sources(
      "'self'",
      scriptHashes,
      remotes,
      pick(RECAPTCHA_HOSTS, recaptcha, 'script'),
      pick(GOOGLE_MAPS_HOSTS, maps, 'script'),
    ),
    'style-src': sources(
      "'self'",
      "'unsafe-inline'",
      remotes,
      pick(GOOGLE_MAPS_HOSTS, maps, 'style'),
    ),
    'img-src': sources(
      "'self'",
      'data:',
      'blob:',
      api,
      remotes,
      pick(RECAPTCHA_HOSTS, recaptcha, 'img'),
      pick(GOOGLE_MAPS_HOSTS, maps, 'img'),
    ),
    'font-src': sources("'self'", 'data:', remotes, pick(GOOGLE_MAPS_HOSTS, maps, 'font')),
    'connect-src': sources(
      "'self'",
      api,
      apiSocket,
      remotes,
      pick(GOOGLE_MAPS_HOSTS, maps, 'connect'),
    ),
    'frame-src': sources("'self'", api, pick(RECAPTCHA_HOSTS, recaptcha, 'frame')),
    'worker-src': sources("'self'", 'blob:', remotes),
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'self'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

export function defaultPort(app, env = process.env) {
  const spec = FRONTEND_APPS[app];
  const raw = spec ? env[spec.portVar] : undefined;
  if (raw !== undefined && raw !== '') return parsePort(raw, spec.portVar);
  return spec ? spec.port : 8080;
}

function parsePort(raw, what) {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${what} is not a port: ${raw}`);
  return port;
}

/**
 * How an app's responses are kept from search engines, referrers and caches.
 * Every app: no path in cross-origin referrers, pages revalidated. The signing
 * app (link hardening): its pages carry the signing link's token in
 * their path and show the agreement, so no response is indexed
 * (`X-Robots-Tag: noindex`) or names the page in any referrer, and its pages
 * are never stored (`no-store`), as the API's signer calls answer. deploy/web
 * gives nginx the same values (configure.mjs).
 */
export function linkHardening(app) {
  return FRONTEND_APPS[app]?.signingLinks
    ? { referrerPolicy: 'no-referrer', robots: 'noindex', pageCacheControl: NO_STORE }
    : { referrerPolicy: 'strict-origin-when-cross-origin', robots: '', pageCacheControl: NO_CACHE };
}

function cacheControlFor(filePath) {
  const ext = path.extname(filePath).toLowerCase();
  if (ext === '.html' || ext === '.json') return NO_CACHE;
  return HASHED_ASSET.test(path.basename(filePath)) ? IMMUTABLE : NO_CACHE;
}

/**
 * Headers of every response (with the CSP and the app's `linkHardening`
 * headers, set per request): CORS (the shell fetches remotes cross-origin) and
 * nosniff.
 */
function baseHeaders(extra = {}) {
  return {
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  };
}

function sendText(res, status, text, headers = {}) {
  res.writeHead(
    status,
    baseHeaders({
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': NO_CACHE,
      ...headers,
    }),
  );
  res.end(text);
}

async function fileAt(filePath) {
  try {
    const info = await stat(filePath);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/** Maps a URL path to a file inside distDir, or null when it would leave it. */
function resolveInside(distDir, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const target = path.resolve(distDir, `.${path.posix.normalize(`/${decoded}`)}`);
  return target === distDir || target.startsWith(`${distDir}${path.sep}`) ? target : null;
}

function createHandler({ app, distDir, env }) {
  const indexFile = path.join(distDir, 'index.html');
  const hardening = linkHardening(app);

  async function sendFile(req, res, filePath, info) {
    const ext = path.extname(filePath).toLowerCase();
    if (ext === '.html') {
      // A page's inline scripts run under the CSP by their hashes.
      const scriptHashes = inlineScriptHashes(await readFile(filePath, 'utf8'));
      if (scriptHashes.length > 0) {
        res.setHeader(
          'Content-Security-Policy',
          contentSecurityPolicy(buildRuntimeConfig(env), { scriptHashes }),
        );
      }
    }
    // The build's brotli or gzip copy when the client takes it.
    let body = { filePath, info, headers: {} };
    if (COMPRESSIBLE.has(ext)) {
      const accepted = acceptedCodings(req.headers['accept-encoding']);
      for (const { coding, suffix } of PRECOMPRESSED) {
        const copy = accepted.has(coding) ? await fileAt(filePath + suffix) : null;
        if (!copy) continue;
        body = { filePath: filePath + suffix, info: copy, headers: { 'Content-Encoding': coding } };
        break;
      }
    }
    res.writeHead(
      200,
      baseHeaders({
        'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
        'Content-Length': body.info.size,
        'Cache-Control': ext === '.html' ? hardening.pageCacheControl : cacheControlFor(filePath),
        'Last-Modified': info.mtime.toUTCString(),
        ...(COMPRESSIBLE.has(ext) ? { Vary: 'Accept-Encoding' } : {}),
        ...body.headers,
      }),
    );
    if (req.method === 'HEAD') return res.end();
    const stream = createReadStream(body.filePath);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  return async function handle(req, res) {
    // From the environment at request time, like /runtime-config.json.
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(buildRuntimeConfig(env)));
    res.setHeader('Referrer-Policy', hardening.referrerPolicy);
    if (hardening.robots) res.setHeader('X-Robots-Tag', hardening.robots);
    if (req.method === 'OPTIONS') {
      res.writeHead(
        204,
        baseHeaders({
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
          'Access-Control-Max-Age': '600',
        }),
      );
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD, OPTIONS' });
    }

    const { pathname } = new URL(req.url ?? '/', 'http://localhost');

    if (pathname === '/runtime-config.json') {
      const body = JSON.stringify(buildRuntimeConfig(env));
      res.writeHead(
        200,
        baseHeaders({
          'Content-Type': CONTENT_TYPES['.json'],
          'Content-Length': Buffer.byteLength(body),
          'Cache-Control': 'no-store',
        }),
      );
      return res.end(req.method === 'HEAD' ? undefined : body);
    }

    const target = resolveInside(distDir, pathname);
    if (!target) return sendText(res, 400, 'Bad Request');

    const direct = pathname.endsWith('/')
      ? await fileAt(path.join(target, 'index.html'))
      : await fileAt(target);
    if (direct)
      return sendFile(
        req,
        res,
        pathname.endsWith('/') ? path.join(target, 'index.html') : target,
        direct,
      );

    // Client-side routes (no file extension) get the app's index.html.
    const lastSegment = pathname.split('/').pop() ?? '';
    if (!path.extname(lastSegment)) {
      const index = await fileAt(indexFile);
      if (index) return sendFile(req, res, indexFile, index);
      return sendText(
        res,
        503,
        `The ${app} frontend is not built (${indexFile} is missing). Run: npm run build -w @prosign/${app}`,
      );
    }
    return sendText(res, 404, 'Not Found');
  };
}

/**
 * Starts a static server for one frontend and returns the http.Server (already
 * bound when it returns for a free port; wait for 'listening' to be sure).
 * @param {{ app: string, port?: number, distDir?: string, env?: Record<string, string | undefined>, host?: string }} options
 * @returns {import('node:http').Server}
 */
export function startFrontendServer({ app, port, distDir, env = process.env, host } = {}) {
  if (!app)
    throw new Error(
      'startFrontendServer: app is required (shell, contracts, sow-co, invoices, signing)',
    );
  const dist = path.resolve(distDir ?? path.join(ROOT, 'frontends', app, 'dist'));
  const handler = createHandler({ app, distDir: dist, env });
  const server = http.createServer((req, res) => {
    handler(req, res).catch((error) => {
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
      else res.destroy();
      console.error(`[serve-frontend] ${app}: ${req.method} ${req.url} failed:`, error);
    });
  });
  const listenPort = port ?? defaultPort(app, env);
  if (host) server.listen(listenPort, host);
  else server.listen(listenPort);
  return server;
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') ? arg.split('=', 2) : [arg];
    const value = () => inline ?? argv[++i];
    if (flag === '--port') options.port = parsePort(value(), '--port');
    else if (flag === '--dist') options.distDir = value();
    else if (flag === '--host') options.host = value();
    else if (flag === '--help' || flag === '-h') options.help = true;
    else if (!flag.startsWith('-') && !options.app) options.app = flag;
    else throw new Error(`Unknown argument: ${arg}`);
  }
  return options;
}

async function main() {
  const usage = `Usage: node scripts/serve-frontend.mjs <${Object.keys(FRONTEND_APPS).join('|')}> [--port N] [--dist DIR]`;
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
  if (options.help || !options.app) {
    console.log(usage);
    process.exit(options.help ? 0 : 2);
  }
  if (!FRONTEND_APPS[options.app] && !options.distDir) {
    console.error(
      `Unknown app "${options.app}" (give --dist DIR to serve another directory).\n${usage}`,
    );
    process.exit(2);
  }

  const server = startFrontendServer(options);
  server.on('error', (error) => {
    console.error(`[serve-frontend] ${options.app}: ${error.message}`);
    process.exit(1);
  });
  server.on('listening', () => {
    const { port } = server.address();
    const dist = path.resolve(options.distDir ?? path.join(ROOT, 'frontends', options.app, 'dist'));
    console.log(
      `[serve-frontend] ${options.app} on http://localhost:${port} (serving ${path.relative(ROOT, dist) || dist})`,
    );
  });

  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
