// Dashboard and signer lookups on the database, by size: for each of
// BENCH_SIZES (default 500, 2,000 and 5,000 standard agreements) seeds a
// database of its own (bench_dashboard_<n>) with agreements shaped as the server
// writes them on the agreement core (bench/lib/agreements.mjs: form with the full
// clause texts of the standard template, event log, searchText, agreement_links),
// starts the built api on it and measures p50/p95 through HTTP of the dashboard
// list (GET /api/user/details, signed in as the admin), a search, a filter, and a
// signer's token lookup (captcha verify + POST /api/verifyToken on a random
// link, each signer from its own address). `BENCH_ALL_SCENARIOS=1` adds page 40,
// a rare search and every filter. See bench/README.md.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  freePort,
  startProcess,
  stopAll,
  stopProcess,
  waitForPort,
} from '../../scripts/lib/processes.mjs';
import { seedDemoData } from '../../scripts/lib/seed.mjs';
import { ROOT } from '../../scripts/lib/setup.mjs';
import { stackEnv, stackPorts } from '../../scripts/lib/stack.mjs';
import { benchServices, loadavg } from '../lib/services.mjs';
import { startWireProfiler } from '../lib/wire-profiler.mjs';
import {
  BENCH_DATA_VERSION,
  benchForm,
  insertBenchAgreements,
  removeBenchAgreements,
} from '../lib/agreements.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));
const { STANDARD_AGREEMENT_TEMPLATE } = require(
  path.join(ROOT, 'backend/dist/modules/documents/templates/standard-agreement.template.js'),
);

const SIZES = (process.env.BENCH_SIZES ?? process.env.BENCH_CONTRACTS ?? '500,2000,5000')
  .split(',')
  .map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const ALL_SCENARIOS = process.env.BENCH_ALL_SCENARIOS === '1';
/** BENCH_SIGNER_ONLY=1: only the signer's calls (the staff list takes long on big sizes). */
const SIGNER_ONLY = process.env.BENCH_SIGNER_ONLY === '1';
/** BENCH_PROFILE=1: time every database command of the signer's calls by filter shape. */
const PROFILE = process.env.BENCH_PROFILE === '1';
const SIGNER_TARGET_MS = 300;
const ADMIN = 'admin@prosign.example';

/** The standard template's clause texts, in the form fields the creation screen stores them in. */
function templateClauses() {
  const field = {
    start: 'contractIntro',
    projectDescription: 'contractDescription',
    engineerBasicService: 'contractEngineerBasicService',
    engineerAdditionalService: 'contractEngineerAddService',
    engineerFee: 'contractPayment',
    licensingAndInsurance: 'contractLicense',
    termsAndConditions: 'contractTermsAndConditions',
  };
  return Object.fromEntries(
    STANDARD_AGREEMENT_TEMPLATE.content.sections
      .filter((section) => field[section.key])
      .map((section) => [field[section.key], section.body]),
  );
}

async function seedAgreements(mongoUri, env, count, db) {
  const client = new MongoClient(mongoUri);
  await client.connect();
  const database = client.db(db);
  // A marker, not a count: counting is itself slow on the embedded FerretDB.
  const marker = await database.collection('bench_meta').findOne({ _id: 'agreements' });
  if (marker?.count === count && marker.version === BENCH_DATA_VERSION) {
    console.log(`▸ ${count} agreements already seeded in ${db}`);
  } else {
    await removeBenchAgreements(database, 'bench');
    const started = performance.now();
    await insertBenchAgreements(database, {
      count,
      prefix: 'bench',
      publicUrls: { api: env.PUBLIC_API_URL, signing: env.PUBLIC_SIGNING_URL },
      clauses: templateClauses(),
    });
    await database
      .collection('bench_meta')
      .updateOne(
        { _id: 'agreements' },
        { $set: { count, version: BENCH_DATA_VERSION } },
        { upsert: true },
      );
    console.log(
      `▸ Seeded ${count} agreements in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await client.close();
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(times, label, request) {
  const started = performance.now();
  const res = await request();
  const body = await res.json();
  if (!res.ok) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
  times?.push(performance.now() - started);
  return body;
}

/** One size: seed, start the api, measure every scenario, stop the api. */
async function measure(count, { mongoBase, redisUrl }) {
  const db = `bench_dashboard_${count}`;
  const ports = { ...stackPorts(), api: await freePort(), mailCatcher: await freePort() };
  const mongoUri = `${mongoBase.replace(/\/$/, '')}/${db}`;
  const profiler = PROFILE ? await startWireProfiler(new URL(mongoBase).host) : null;
  const apiMongoUri = profiler ? `mongodb://127.0.0.1:${profiler.port}/${db}` : mongoUri;
  const env = {
    ...stackEnv(ports, { mongoUri: apiMongoUri, redisUrl }),
    QUEUE_PREFIX: `bench-dashboard-${count}`,
    LOG_LEVEL: 'warn',
    // Each signer from its own address (the signer rate limit is per address).
    TRUST_PROXY_HOPS: '1',
  };
  // Users and templates first: the api creates the indexes on start.
  await seedDemoData(env);
  await seedAgreements(mongoUri, env, count, db);

  const api = startProcess('api', process.execPath, ['dist/main.api.js'], {
    cwd: path.join(ROOT, 'backend'),
    env,
  });
  try {
    await waitForPort(ports.api, { timeoutMs: 120_000, child: api });
    const base = `http://127.0.0.1:${ports.api}`;
    const origin = env.CORS_ORIGINS.split(',')[0];
    const signingOrigin = new URL(env.PUBLIC_SIGNING_URL).origin;
    const login = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: ADMIN }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers.get('set-cookie').split(';')[0];

    const list = (query) => () =>
      fetch(`${base}/api/user/details?limit=25&${query}`, { headers: { cookie, origin } });
    const scenarios = [
      ['dashboard list (page 1)', list('')],
      ['search "larkin"', list('search=larkin')],
      ['filter signed', list('filters=signed')],
      ...(ALL_SCENARIOS
        ? [
            ['list page 40', list('page=40')],
            [
              'search rare name',
              list(`search=${encodeURIComponent(benchForm(count - 10).full_name)}`),
            ],
            ...['viewed', 'notViewed', 'notSigned', 'cancelled', 'expired'].map((f) => [
              `filter ${f}`,
              list(`filters=${f}`),
            ]),
          ]
        : []),
    ];
    const rows = [];
    const row = (scenario, times, extra = {}) => {
      times.sort((a, b) => a - b);
      rows.push({
        scenario,
        p50: Math.round(percentile(times, 50)),
        p95: Math.round(percentile(times, 95)),
        ...extra,
      });
      console.log(`  ${scenario}: p50 ${rows.at(-1).p50} ms, p95 ${rows.at(-1).p95} ms`);
    };
    for (const [label, request] of SIGNER_ONLY ? [] : scenarios) {
      await timed(null, label, request); // warm-up
      const times = [];
      let total = 0;
      for (let n = 0; n < REQUESTS; n++) total = (await timed(times, label, request)).total;
      row(label, times, { matches: total });
    }

    profiler?.reset();
    // A signer opening a link: the captcha pass for the link, then the contract by its token.
    const verify = [];
    const lookup = [];
    for (let n = 0; n <= REQUESTS; n++) {
      const token = `bench-${Math.floor(Math.random() * count)}`;
      const headers = {
        'content-type': 'application/json',
        origin: signingOrigin,
        'x-forwarded-for': `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      };
      const config = await timed(null, 'captcha config', () =>
        fetch(`${base}/api/captcha/config`, { headers }),
      );
      const { pass } = await timed(n ? verify : null, 'captcha verify', () =>
        fetch(`${base}/api/captcha/verify`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ response: config.challenge, linkToken: token }),
        }),
      );
      await timed(n ? lookup : null, 'verifyToken', () =>
        fetch(`${base}/api/verifyToken`, {
          method: 'POST',
          headers: { ...headers, 'X-Captcha-Pass': pass },
          body: JSON.stringify({ token }),
        }),
      );
    }
    row('signer: captcha verify (link)', verify);
    row('signer: verifyToken (token lookup)', lookup);
    if (profiler) {
      console.log(`  database commands of the signer's calls (${count} agreements):`);
      console.table(
        profiler
          .report()
          .slice(0, 12)
          .map((r) => ({ ...r, totalS: r.totalS.toFixed(2), p50Ms: r.p50Ms.toFixed(1) })),
      );
    }
    return rows;
  } finally {
    await stopProcess(api);
    profiler?.close();
  }
}

async function main() {
  const { mongoBase, redisUrl } = await benchServices('dashboard');
  const summary = [];
  for (const count of SIZES) {
    const before = loadavg();
    console.log(`\n▸ ${count} agreements (load average ${before})`);
    const rows = await measure(count, { mongoBase, redisUrl });
    const after = loadavg();
    for (const r of rows) summary.push({ agreements: count, ...r, load: `${before} → ${after}` });
  }
  console.log(
    `\nThrough HTTP, ${REQUESTS} requests each after a warm-up (ms); signer calls target < ${SIGNER_TARGET_MS} ms:`,
  );
  console.table(summary);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
