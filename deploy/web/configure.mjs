#!/usr/bin/env node
// Start-up step of the production web image (deploy/web/entrypoint.sh): writes
// the parts of nginx's configuration that come from the environment, built by
// the same code as `npm start`'s server (scripts/serve-frontend.mjs):
//   <run dir>/runtime-config.json  the frontend's runtime configuration
//   <run dir>/site.conf            listen port, dist directory, Content-Security-Policy,
//                                  the app's referrer, robots and page caching (linkHardening)
//
//   node deploy/web/configure.mjs <shell|contracts|sow-co|invoices|signing>
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildRuntimeConfig,
  contentSecurityPolicy,
  defaultPort,
  FRONTEND_APPS,
  inlineScriptHashes,
  linkHardening,
} from '../../scripts/serve-frontend.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN_DIR = process.env.WEB_RUN_DIR || '/tmp/prosign-web';

/** An nginx string literal; refuses what would break out of it or read a variable. */
function quoted(value) {
  if (/["\\$\n]/.test(value)) throw new Error(`Cannot put into the nginx config: ${value}`);
  return `"${value}"`;
}

export async function configure(app, env = process.env) {
  if (!FRONTEND_APPS[app]) {
    throw new Error(`Unknown app "${app}" (${Object.keys(FRONTEND_APPS).join(', ')})`);
  }
  const dist = path.resolve(env.WEB_DIST_DIR || path.join(ROOT, 'frontends', app, 'dist'));
  const port = env.PORT ? Number(env.PORT) : defaultPort(app, env);
  const runtime = buildRuntimeConfig(env);
  const hardening = linkHardening(app);
  const page = await readFile(path.join(dist, 'index.html'), 'utf8');
  for (const dir of ['', 'client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(path.join(RUN_DIR, dir), { recursive: true });
  }
  await writeFile(path.join(RUN_DIR, 'runtime-config.json'), JSON.stringify(runtime));
  const site = [
    `listen ${port};`,
    `root ${quoted(dist)};`,
    `set $prosign_csp ${quoted(contentSecurityPolicy(runtime))};`,
    `set $prosign_page_csp ${quoted(contentSecurityPolicy(runtime, { scriptHashes: inlineScriptHashes(page) }))};`,
    `set $prosign_referrer_policy ${quoted(hardening.referrerPolicy)};`,
    // Empty for the apps that send no X-Robots-Tag: nginx leaves out a header whose value is empty.
    `set $prosign_robots ${quoted(hardening.robots)};`,
    `set $prosign_page_cache ${quoted(hardening.pageCacheControl)};`,
  ];
  await writeFile(path.join(RUN_DIR, 'site.conf'), `${site.join('\n')}\n`);
  return { port, dist, runDir: RUN_DIR };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { port, dist } = await configure(process.argv[2] ?? 'shell');
  console.log(`[web] ${process.argv[2] ?? 'shell'}: nginx on port ${port}, serving ${dist}`);
}
