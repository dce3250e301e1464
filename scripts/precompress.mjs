#!/usr/bin/env node
// Writes a gzip (.gz) and a brotli (.br) copy beside every text asset of the
// built frontends, once, so the web servers send them as they are (Node's
// serve-frontend.mjs for `npm start` and the tests, nginx's gzip_static and
// brotli_static in the production web image) instead of compressing per request.
//
//   node scripts/precompress.mjs [DIST_DIR…]     (default: frontends/*/dist)
//
// Idempotent: a copy newer than its source is kept, so a second run costs a stat per file.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'contracts', 'sow-co', 'invoices', 'signing'];

/** Extensions worth compressing (source maps are left out: only developers fetch them). */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt']);
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const ENCODERS = [
  { suffix: '.gz', encode: (data) => gzip(data, { level: 9 }) },
  {
    suffix: '.br',
    encode: (data) =>
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
];

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function mtimeOf(file) {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return -1;
  }
}

/** The copies one dist directory lacks (or holds older than their source), as encode tasks. */
async function missingCopies(dir) {
  const tasks = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    const info = await stat(file);
    if (info.size < MIN_BYTES) continue;
    for (const { suffix, encode } of ENCODERS) {
      if ((await mtimeOf(file + suffix)) >= info.mtimeMs) continue;
      tasks.push({ file, target: file + suffix, encode });
    }
  }
  return tasks;
}

/**
 * Writes the copies, one per core at a time: zlib encodes on libuv's thread pool, and brotli at
 * its best quality is most of a fresh run's cost (about 48 s on two cores, one at a time).
 */
async function writeCopies(tasks) {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const { file, target, encode } = tasks[next++];
      await writeFile(target, await encode(await readFile(file)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), 4) }, lane));
  return tasks.length;
}

/** Compresses the assets of one dist directory; returns how many copies it wrote. */
export async function precompressDir(dir) {
  return writeCopies(await missingCopies(dir));
}

/** Every built frontend's dist (those not built are skipped). */
export async function precompressFrontends(dirs = APPS.map((app) => `frontends/${app}/dist`)) {
  const tasks = [];
  for (const dir of dirs) {
    const absolute = path.resolve(ROOT, dir);
    if ((await mtimeOf(absolute)) < 0) continue;
    tasks.push(...(await missingCopies(absolute)));
  }
  return writeCopies(tasks);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  const started = Date.now();
  const written = await precompressFrontends(dirs.length > 0 ? dirs : undefined);
  console.log(`[precompress] ${written} gzip/brotli copies written in ${Date.now() - started} ms`);
}
