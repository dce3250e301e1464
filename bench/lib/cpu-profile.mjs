#!/usr/bin/env node
// Where a process's CPU went, by what the product was doing: reads a V8 CPU profile
// (`node --cpu-prof`, e.g. the api's with BENCH_API_NODE_ARGS) and puts each sample under the
// first category any frame of its stack belongs to, in the order below. A step of the finish
// counts everything it calls (pdfkit under the audit trail is the audit trail); the database,
// Redis and HTTP categories hold what runs outside those steps (a driver's reply, decoded in a
// socket's callback, has no backend frame above it).
//
//   node bench/lib/cpu-profile.mjs <file.cpuprofile> [--last <seconds>] [--top <n>]
//
// --last keeps the profile's final seconds (the signing phase: the api stops when the bench
// ends); --top lists the heaviest functions (own time) of each category.
import { readFileSync } from 'node:fs';

export const CATEGORIES = [
  ['finish: audit trail (layout, QR code)', /audit-trail|qrcode-generator/],
  [
    'signature images (typed rendering, the finish stamp)',
    /stampSignatures|embed-pixels|trim-to-ink|signature-image/,
  ],
  ['finish: time-stamps (local TSA, token checks)', /\/integrations\/timestamp\//],
  ['finish: seal (CMS, PAdES LTV)', /\/modules\/documents\/pdf\//],
  ['documents (render, merge, store)', /\/modules\/documents\/|\/integrations\/documents\//],
  ['database (Mongoose, driver, BSON)', /node_modules\/(mongoose|mongodb|bson)\//],
  [
    'Redis (queues, rate limits, Socket.IO)',
    /node_modules\/(ioredis|bullmq|socket\.io|engine\.io|@socket\.io|msgpackr|@nestjs\/throttler)\//,
  ],
  ['logging (pino)', /node_modules\/(pino|nestjs-pino|pino-http|sonic-boom)\/|platform\/logging/],
  [
    'HTTP (Nest, Express, body parsing, validation)',
    /node_modules\/(@nestjs|express|router|body-parser|raw-body|class-validator|class-transformer|cookie-parser|finalhandler|on-finished|path-to-regexp)\//,
  ],
];

/** CPU time by category (and each category's heaviest functions) of a parsed V8 CPU profile. */
export function cpuByCategory(profile, { lastSeconds = Infinity } = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const categoryOfNode = new Map();
  const categoryOf = (id) => {
    if (categoryOfNode.has(id)) return categoryOfNode.get(id);
    const frames = [];
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const { url, functionName } = nodes.get(at).callFrame;
      frames.push(`${url} ${functionName}`);
    }
    const leaf = nodes.get(id).callFrame.functionName;
    const category =
      leaf === '(garbage collector)'
        ? 'garbage collector'
        : (CATEGORIES.find(([, pattern]) => frames.some((frame) => pattern.test(frame)))?.[0] ??
          'other');
    categoryOfNode.set(id, category);
    return category;
  };
  const from = profile.endTime - lastSeconds * 1e6;
  const byCategory = new Map();
  let at = profile.startTime;
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (at < from || functionName === '(idle)' || functionName === '(program)') return;
    busy += delta;
    const category = categoryOf(id);
    const entry = byCategory.get(category) ?? { micros: 0, functions: new Map() };
    entry.micros += delta;
    const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    entry.functions.set(name, (entry.functions.get(name) ?? 0) + delta);
    byCategory.set(category, entry);
  });
  return { busyMicros: busy, byCategory };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/lib/cpu-profile.mjs <file.cpuprofile> [--last S] [--top N]');
    process.exit(2);
  }
  const option = (name, fallback) => {
    const index = rest.indexOf(name);
    return index === -1 ? fallback : Number(rest[index + 1]);
  };
  const { busyMicros, byCategory } = cpuByCategory(JSON.parse(readFileSync(file, 'utf8')), {
    lastSeconds: option('--last', Infinity),
  });
  const top = option('--top', 0);
  console.log(`busy ${(busyMicros / 1e6).toFixed(2)} s`);
  for (const [category, { micros, functions }] of [...byCategory].sort(
    (a, b) => b[1].micros - a[1].micros,
  )) {
    const share = ((100 * micros) / busyMicros).toFixed(1).padStart(5);
    console.log(`${share} %  ${(micros / 1e6).toFixed(2).padStart(6)} s  ${category}`);
    for (const [name, own] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`           ${(own / 1e6).toFixed(2).padStart(6)} s  ${name}`);
    }
  }
}
