// The Insights page's aggregations on the embedded server, before and after: builds the embedded
// MongoDB of a base revision (INSIGHTS_BEFORE_REF, `main` by default; its scripts/lib and
// tools/embedded-mongo only, in the system temp directory) beside this checkout's, starts each on
// a temp data directory, inserts the same 30,000 fact records (3 families × 10,000, 5 owners,
// sentDay over 10 months, an invoices array on a third) with the facts' indexes, and times the
// repository's pipelines (agreement-insights.repository.ts, copied: this branch's request and
// main's) for a 90-day and a 365-day range: each request's queries all at once, as
// insights.service.ts runs them, the request and each query timed from the request's start.
// Both builds' answers must be equal. See bench/README.md.
//
//   node bench/insights-db/run.mjs   (INSIGHTS_REPS=20: requests a range after; 1 before;
//                                     INSIGHTS_BEFORE_BINARY=<path>: that build as the before)
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, sleep, startProcess, stopProcess } from '../../scripts/lib/processes.mjs';
import { ensureMongoBinary, MONGO_BINARY, ROOT } from '../../scripts/lib/setup.mjs';
import { loadavg } from '../lib/services.mjs';
import { facts } from './facts.mjs';
import { RANGES, requests } from './pipelines.mjs';

const AFTER_REPS = Number(process.env.INSIGHTS_REPS ?? 20);
const BEFORE_REF = process.env.INSIGHTS_BEFORE_REF ?? 'main';
// A query of the before build taking longer is stopped (maxTimeMS): a year's took many minutes.
const BEFORE_CAP_MS = Number(process.env.INSIGHTS_BEFORE_CAP_MS ?? 120_000);
const FAMILIES = ['contracts', 'sow', 'co'];

/** Builds the base revision's embedded server (once per commit) and returns its binary. */
function beforeBinary() {
  const given = process.env.INSIGHTS_BEFORE_BINARY;
  if (given) return { binary: given, label: given };
  const commit = execFileSync('git', ['rev-parse', '--verify', `${BEFORE_REF}^{commit}`], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  const dir = path.join(os.tmpdir(), `insights-db-before-${commit.slice(0, 10)}`);
  const binary = path.join(dir, 'tools/embedded-mongo/bin/embedded-mongo');
  if (!existsSync(binary)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${commit} scripts/lib tools/embedded-mongo | tar -x -C ${dir}`, {
      cwd: ROOT,
    });
    execFileSync(
      process.execPath,
      ['-e', `import('${dir}/scripts/lib/setup.mjs').then((m) => m.ensureMongoBinary())`],
      { stdio: 'inherit' },
    );
  }
  return { binary, label: `${BEFORE_REF} (${commit.slice(0, 10)})` };
}

/** Starts an embedded server on a temp directory; returns the client, its process and the dir. */
async function startServer(binary) {
  const { MongoClient } = await import('mongodb');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insights-db-data-'));
  const port = await freePort();
  const child = startProcess('mongo', binary, ['-listen', `127.0.0.1:${port}`, '-data', dataDir], {
    logFile: path.join(dataDir, 'server.log'),
  });
  const client = new MongoClient(`mongodb://127.0.0.1:${port}`, {
    serverSelectionTimeoutMS: 60_000,
  });
  for (let tries = 0; ; tries++) {
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      break;
    } catch (error) {
      if (tries > 100 || child.exitCode !== null) throw error;
      await sleep(300);
    }
  }
  return { client, child, dataDir };
}

const INDEXES = [
  { listed: 1, family: 1, sentDay: 1 },
  { listed: 1, family: 1, signedDay: 1 },
  { listed: 1, family: 1, declinedDay: 1 },
  { listed: 1, family: 1, open: 1, idleSince: 1 },
  { listed: 1, family: 1, invoiced: 1 },
  { listed: 1, family: 1, lastIssuedDay: 1 },
  { listed: 1, owner: 1, family: 1, sentDay: 1 },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
const canonical = (rows) =>
  JSON.stringify(rows.map((row) => JSON.stringify(row)).sort((a, b) => a.localeCompare(b)));

/**
 * Times one build: `reps` requests a range, each pipeline's answer timed from the request's
 * start (the answers of the first kept; a query stopped at `capMs` counts as Infinity, its
 * answer unknown); returns the times and answers.
 */
async function measure(label, binary, records, reps, capMs) {
  const options = capMs ? { maxTimeMS: capMs } : {};
  const { client, child, dataDir } = await startServer(binary);
  try {
    const coll = client.db('insights_bench').collection('agreement_insights');
    await coll.createIndexes(INDEXES.map((key) => ({ key })));
    const insertStart = performance.now();
    for (let i = 0; i < records.length; i += 1000) {
      await coll.insertMany(records.slice(i, i + 1000).map((r) => ({ ...r })));
    }
    const inserted = Math.round(performance.now() - insertStart);
    console.log(`${label}: inserted ${records.length} in ${inserted} ms`);
    const result = { pipelines: {}, requests: {}, answers: {} };
    for (const [range, days] of Object.entries(RANGES)) {
      for (const [request, named] of Object.entries(requests(days, FAMILIES))) {
        const key = `${range}, ${request}`;
        result.pipelines[key] = {};
        result.requests[key] = [];
        for (let rep = 0; rep < reps; rep++) {
          const started = performance.now();
          await Promise.all(
            Object.entries(named).map(async ([name, runOne]) => {
              let rows;
              try {
                rows = await runOne(coll, options);
              } catch (error) {
                // 50: MaxTimeMSExpired; 43: CursorNotFound (expired after its first batch)
                if (!capMs || ![50, 43].includes(error.code)) throw error;
              }
              const ms = rows ? performance.now() - started : Infinity;
              (result.pipelines[key][name] ??= []).push(ms);
              if (rep === 0 && rows) result.answers[`${key} ${name}`] = canonical(rows);
            }),
          );
          const stopped = Object.values(result.pipelines[key]).some((ms) => ms.includes(Infinity));
          result.requests[key].push(stopped ? Infinity : performance.now() - started);
        }
        const ms = result.requests[key].map(Math.round);
        console.log(`${label} ${key}: request ${ms.join(', ')} ms (load ${loadavg()})`);
      }
    }
    return result;
  } finally {
    await client.close();
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const before = beforeBinary();
  await ensureMongoBinary();
  const records = facts(FAMILIES, 10_000);
  console.log(`load average at start: ${loadavg()}`);
  const old = await measure(before.label, before.binary, records, 1, BEFORE_CAP_MS);
  const now = await measure('this checkout', MONGO_BINARY, records, AFTER_REPS, 0);
  let differ = 0;
  let compared = 0;
  for (const [key, answer] of Object.entries(now.answers)) {
    if (old.answers[key] === undefined) continue;
    compared++;
    if (old.answers[key] !== answer) {
      differ++;
      console.log(`ANSWERS DIFFER: ${key}`);
    }
  }
  for (const key of Object.keys(now.requests)) {
    console.log(`\n${key}: ms before → after (ratio)`);
    const row = (name, b, a, note = '') => {
      const before = b === Infinity ? `>${BEFORE_CAP_MS}` : b.toFixed(0);
      const ratio = b === Infinity ? `>${(BEFORE_CAP_MS / a).toFixed(0)}` : (b / a).toFixed(0);
      console.log(
        `  ${name.padEnd(16)} ${before.padStart(8)} → ${a.toFixed(1).padStart(7)}  (${ratio}×)${note}`,
      );
    };
    for (const name of Object.keys(now.pipelines[key]))
      row(name, median(old.pipelines[key][name]), median(now.pipelines[key][name]));
    const tail = p95(now.requests[key]).toFixed(0);
    row(
      'request',
      median(old.requests[key]),
      median(now.requests[key]),
      ` after: median of ${AFTER_REPS}, p95 ${tail} ms`,
    );
  }
  console.log(
    `\nload average at end: ${loadavg()}; ${compared - differ} of ${compared} answers equal ` +
      `(a before query over ${BEFORE_CAP_MS} ms: stopped, shown as > that)`,
  );
  if (differ) process.exitCode = 1;
}

await main();
