// Installs whatever the two commands need and the machine lacks: npm packages, the
// embedded MongoDB build, redis-server, Chromium, poppler's pdfsig and nginx. Every step checks
// first, so a second run costs almost nothing. Node built-ins only: this runs
// before node_modules exists.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './processes.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DATA_DIR = process.env.DATA_DIR ?? path.join(ROOT, '.data');
export const MONGO_BINARY = path.join(ROOT, 'tools/embedded-mongo/bin/embedded-mongo');

// Go may be installed without being on PATH (e.g. /usr/local/go); children such as Nx's
// `go test` target need to find it too.
for (const dir of ['/usr/local/go/bin', path.join(process.env.HOME ?? '/root', 'go/bin')]) {
  if (existsSync(path.join(dir, 'go')) && !(process.env.PATH ?? '').split(':').includes(dir)) {
    process.env.PATH = `${process.env.PATH}:${dir}`;
  }
}

const log = (message) => console.log(`\x1b[1m▸\x1b[0m ${message}`);

function commandExists(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function fingerprint(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(existsSync(file) ? readFileSync(file) : '');
  return hash.digest('hex');
}

/**
 * Installs npm packages when node_modules is missing or the manifests changed
 * since the last install. `npm install` (which follows the lock file) rather
 * than `npm ci`: the registry mirror here lacks some other platforms' optional
 * binaries (e.g. darwin builds of @rspack/binding), and `npm ci` refuses a
 * lock file without them even though this platform needs none of them.
 */
export async function ensureNodeModules() {
  const marker = path.join(ROOT, 'node_modules/.prosign-install');
  const manifests = [path.join(ROOT, 'package-lock.json'), path.join(ROOT, 'package.json')];
  if (existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint(manifests)) return;
  log('Installing npm packages…');
  await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT });
  writeFileSync(marker, fingerprint(manifests));
}

let aptUpdated = false;

/** Installs Debian packages that are missing. Needs root (or sudo). */
async function ensureAptPackages(packages) {
  const missing = packages.filter((pkg) => !isDebPackageInstalled(pkg));
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && !commandExists('sudo')) {
    throw new Error(
      `Missing Debian packages: ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  const apt = (args) =>
    asRoot
      ? run('apt-get', args, { env: { DEBIAN_FRONTEND: 'noninteractive' } })
      : run('sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]);
  if (!aptUpdated) {
    log('Refreshing the Debian package lists (apt-get update)…');
    await apt(['update', '-qq']);
    aptUpdated = true;
  }
  log(`Installing ${missing.join(', ')} from Debian…`);
  await apt(['install', '-y', '-qq', ...missing]);
}

function isDebPackageInstalled(pkg) {
  try {
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], {
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
    return status.includes('install ok installed');
  } catch {
    return false;
  }
}

export async function ensureRedisServer() {
  if (commandExists('redis-server')) return;
  await ensureAptPackages(['redis-server']);
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  await ensureAptPackages(['chromium']);
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium was installed but ${CHROMIUM_PATH} is missing`);
}

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Debian's nginx: the balancer of the local cluster (bench/cluster), run as the invoking user. */
export async function ensureNginx() {
  if (existsSync(NGINX_PATH)) return;
  await ensureAptPackages(['nginx']);
  if (!existsSync(NGINX_PATH)) throw new Error(`nginx was installed but ${NGINX_PATH} is missing`);
}

/** poppler's `pdfsig`: the independent PDF signature validator the sealing tests run. */
export async function ensurePdfsig() {
  if (commandExists('pdfsig')) return;
  await ensureAptPackages(['poppler-utils']);
  if (!commandExists('pdfsig'))
    throw new Error('poppler-utils was installed but pdfsig is missing');
}

function goBinary() {
  if (commandExists('go')) return 'go';
  for (const candidate of ['/usr/local/go/bin/go', '/usr/lib/go/bin/go']) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    'The Go toolchain (1.24 or newer) is needed once to build the embedded MongoDB (tools/embedded-mongo). ' +
      'Install Go, or set MONGODB_URI to an existing MongoDB.',
  );
}

/**
 * The modules the embedded server builds from patched copies, by the prefix of their patches'
 * file names in tools/embedded-mongo/patches.
 */
const PATCHED_MODULES = [
  { prefix: 'ferretdb-', module: 'github.com/FerretDB/FerretDB', copy: 'ferretdb-src' },
  { prefix: 'libc-', module: 'modernc.org/libc', copy: 'libc-src' },
  { prefix: 'sqlite-', module: 'modernc.org/sqlite', copy: 'sqlite-src' },
  { prefix: 'memory-', module: 'modernc.org/memory', copy: 'memory-src' },
];

/**
 * Builds use patched copies of some modules (PATCHED_MODULES): tools/embedded-mongo/patches are
 * applied to a copy of each module's source in bin/ (never to the module cache) and an alternate
 * go.mod in bin/ replaces the modules with those copies. Returns the go.mod for `go build -modfile`
 * and `go test -modfile`.
 */
async function preparePatchedModules(dir) {
  const patchDir = path.join(dir, 'patches');
  const modfile = path.join(dir, 'bin/go.mod');
  const patches = readdirSync(patchDir).filter((f) => f.endsWith('.patch'));
  const unowned = patches.filter(
    (f) => !PATCHED_MODULES.some(({ prefix }) => f.startsWith(prefix)),
  );
  if (unowned.length) throw new Error(`patches for no known module: ${unowned.join(', ')}`);
  if (!commandExists('patch')) await ensureAptPackages(['patch']);
  const replaces = [];
  for (const { prefix, module: name, copy } of PATCHED_MODULES) {
    // The version go.mod asks for (the module cache copy is read-only and shared).
    const module = JSON.parse(
      execFileSync(goBinary(), ['mod', 'download', '-json', name], { cwd: dir, encoding: 'utf8' }),
    );
    if (!module.Dir)
      throw new Error(`go mod download gave no ${name} source: ${module.Error ?? ''}`);
    const sourceCopy = path.join(dir, 'bin', copy);
    rmSync(sourceCopy, { recursive: true, force: true });
    cpSync(module.Dir, sourceCopy, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', sourceCopy]);
    for (const patch of patches.filter((f) => f.startsWith(prefix))) {
      // --forward --batch: a patch that no longer applies to this module's version fails the build
      await run('patch', [
        '--forward',
        '--batch',
        '--quiet',
        '-p1',
        '-d',
        sourceCopy,
        '-i',
        path.join(patchDir, patch),
      ]);
    }
    replaces.push(`replace ${name} => ${sourceCopy}`);
  }
  const goMod = readFileSync(path.join(dir, 'go.mod'), 'utf8');
  writeFileSync(modfile, `${goMod}\n${replaces.join('\n')}\n`);
  copyFileSync(path.join(dir, 'go.sum'), path.join(dir, 'bin/go.sum'));
  return modfile;
}

/** Builds tools/embedded-mongo when its binary is missing or older than its sources or patches. */
export async function ensureMongoBinary() {
  const dir = path.join(ROOT, 'tools/embedded-mongo');
  const sources = [
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.go') || f === 'go.mod' || f === 'go.sum')
      .map((f) => path.join(dir, f)),
    ...readdirSync(path.join(dir, 'patches')).map((f) => path.join(dir, 'patches', f)),
  ];
  const newestSource = Math.max(...sources.map((f) => statSync(f).mtimeMs));
  const modfile = path.join(dir, 'bin/go.mod');
  if (
    existsSync(MONGO_BINARY) &&
    existsSync(modfile) &&
    statSync(MONGO_BINARY).mtimeMs >= newestSource
  )
    return;
  log('Building the embedded MongoDB (FerretDB, first run only; a few minutes)…');
  mkdirSync(path.dirname(MONGO_BINARY), { recursive: true });
  await preparePatchedModules(dir);
  await run(goBinary(), ['build', '-trimpath', '-modfile', modfile, '-o', MONGO_BINARY, '.'], {
    cwd: dir,
    env: { CGO_ENABLED: '0' },
  });
}
