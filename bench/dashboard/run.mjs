// Staff lists and signer lookups on the database, by size: for each size
// (--sizes 1000,5000,10000,20000 or BENCH_SIZES; that many standard agreements, and
// --family-share of it, default 1, SOW contracts and as many change orders) seeds a
// database of its own (bench_dashboard_<n>) with agreements shaped as the server
// writes them on the agreement core (bench/lib/agreements.mjs, bench/dashboard/families.mjs:
// forms with full clause or template texts, event log, searchText, agreement_links),
// starts the built api on it and measures p50/p95 through HTTP of each list the staff
// opens: the dashboard (GET /api/user/details, signed in as the admin), the SOW
// dashboard and Show CO (GET /api/{sow,co}/get-contracts), each with its first page,
// a search, the signed filter and its last page, and the invoices list (signed
// contracts, 10 a page: first and last page); every list answer carries its count.
// Then a signer's token lookup (captcha verify + POST /api/verifyToken on a random
// link, each signer from its own address). `BENCH_ALL_SCENARIOS=1` adds page 40,
// a rare search, every filter of the dashboard, two at once, and the SOW's
// signature filter. Exits 1 when a list's p95 is over 300 ms at 10,000 or fewer
// agreements. See bench/README.md.
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
import { BACKEND_NODE_ARGS, stackEnv, stackPorts } from '../../scripts/lib/stack.mjs';
import { benchServices, loadavg } from '../lib/services.mjs';
import { startWireProfiler } from '../lib/wire-profiler.mjs';
import {
  BENCH_DATA_VERSION,
  benchForm,
  insertBenchAgreements,
  recountInsightTotals,
  removeBenchAgreements,
} from '../lib/agreements.mjs';
import { familyForm, insertFamilyAgreements } from './families.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));
const {
  STANDARD_AGREEMENT_TEMPLATE,
} = require('../../backend/dist/modules/documents/templates/standard-agreement.template.js');

/** `--name value` or `--name=value` from the command line. */
function flag(name) {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
}

const SIZES = (
  flag('sizes') ??
  process.env.BENCH_SIZES ??
  process.env.BENCH_CONTRACTS ??
  '1000,5000,10000,20000'
)
  .split(',')
  .map(Number);
/** SOW contracts (and as many change orders) per standard agreement seeded. */
const FAMILY_SHARE = Number(flag('family-share') ?? process.env.BENCH_FAMILY_SHARE ?? 1);
/** The target of every list case at up to 10,000 agreements. */
const LIST_TARGET_MS = 300;
const LIST_TARGET_UP_TO = 10_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const ALL_SCENARIOS = process.env.BENCH_ALL_SCENARIOS === '1';
/** BENCH_SIGNER_ONLY=1: only the signer's calls (the staff list takes long on big sizes). */
const SIGNER_ONLY = process.env.BENCH_SIGNER_ONLY === '1';
/** BENCH_INSIGHTS_ONLY=1: only the Insights page's requests (no lists, no signer calls). */
const INSIGHTS_ONLY = process.env.BENCH_INSIGHTS_ONLY === '1';
/** BENCH_PROFILE=1: time every database command of the signer's calls by filter shape. */
const PROFILE = process.env.BENCH_PROFILE === '1';
const SIGNER_TARGET_MS = 300;
const ADMIN = 'admin@prosign.example';
/**
 * Between two agreements' sends, per family: 10,000 span about 10 months (Insights reads
 * periods, weeks and ages), the newest sent now.
 */
const SPACING_MS = 45 * 60_000;

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
  // A marker, not a count: counting was itself slow on the embedded FerretDB.
  const marker = await database.collection('bench_meta').findOne({ _id: 'agreements' });
  const families = Math.round(count * FAMILY_SHARE);
  const publicUrls = { api: env.PUBLIC_API_URL, signing: env.PUBLIC_SIGNING_URL };
  if (
    marker?.count === count &&
    marker.families === families &&
    marker.version === BENCH_DATA_VERSION
  ) {
    console.log(
      `▸ ${count} agreements (+ ${families} SOW, ${families} CO) already seeded in ${db}`,
    );
  } else {
    for (const prefix of ['bench', 'bench-sow', 'bench-co']) {
      await removeBenchAgreements(database, prefix);
    }
    const started = performance.now();
    const clauses = templateClauses();
    await insertBenchAgreements(database, {
      count,
      prefix: 'bench',
      publicUrls,
      clauses,
      spacingMs: SPACING_MS,
    });
    for (const family of ['sow', 'co']) {
      await insertFamilyAgreements(database, {
        family,
        count: families,
        prefix: `bench-${family}`,
        publicUrls,
        clauses,
        spacingMs: SPACING_MS,
      });
    }
    // Inserted beside the agreement core: Insights' totals counted afresh, as its migration does.
    await recountInsightTotals(database);
    await database
      .collection('bench_meta')
      .updateOne(
        { _id: 'agreements' },
        { $set: { count, families, version: BENCH_DATA_VERSION } },
        { upsert: true },
      );
    console.log(
      `▸ Seeded ${count} agreements, ${families} SOW and ${families} CO in ${((performance.now() - started) / 1000).toFixed(1)} s`,
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

  const api = startProcess('api', process.execPath, [...BACKEND_NODE_ARGS, 'dist/main.api.js'], {
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

    const get = (route, query) => () =>
      fetch(`${base}/api/${route}?${query}`, { headers: { cookie, origin } });
    const list = (query) => get('user/details', `limit=25&${query}`);
    const paged = (query) => (query.includes('page=') ? query : `page=1&${query}`);
    const sow = (query) => get('sow/get-contracts', `limit=25&${paged(query)}`);
    const co = (query) => get('co/get-contracts', `limit=25&${paged(query)}`);
    const invoices = (query) => get('user/details', `filters=signed&limit=10&${paged(query)}`);
    /** The last page of a list, from its first page's count. */
    const lastPage = async (request, limit) => {
      const { total } = await timed(null, 'count', request);
      return `page=${Math.max(1, Math.ceil(total / limit))}`;
    };
    const insights = (query) => get('insights', query);
    const yearAgo = new Date(Date.now() - 365 * 24 * 3600_000).toISOString().slice(0, 10);
    const sowSearch = familyForm('sow', Math.floor(count * FAMILY_SHARE) - 10, {}).cp_name;
    const scenarios = [
      ['dashboard list (page 1)', list('')],
      ['dashboard search "larkin"', list('search=larkin')],
      ['dashboard filter signed', list('filters=signed')],
      ['dashboard last page', list(await lastPage(list(''), 25))],
      ['SOW list (page 1)', sow('')],
      ['SOW search "larkin"', sow('search=larkin')],
      ['SOW search a name', sow(`search=${encodeURIComponent(sowSearch)}`)],
      ['SOW filter signed', sow('filters=signed')],
      ['SOW last page', sow(await lastPage(sow(''), 25))],
      ['CO list (page 1)', co('')],
      ['CO search "larkin"', co('search=larkin')],
      ['CO filter signed', co('filters=signed')],
      ['CO last page', co(await lastPage(co(''), 25))],
      ['invoices (page 1)', invoices('page=1')],
      ['invoices last page', invoices(await lastPage(invoices('page=1'), 10))],
      // The Insights page's one request: every figure, the default 90 days, then a year.
      ['insights (90 days, all)', insights('')],
      ['insights (a year, all)', insights(`from=${yearAgo}`)],
      ['insights (a year, one owner)', insights(`from=${yearAgo}&owner=alex%40prosign.example`)],
      ...(ALL_SCENARIOS
        ? [
            ['dashboard page 40', list('page=40')],
            [
              'dashboard search rare name',
              list(`search=${encodeURIComponent(benchForm(count - 10).full_name)}`),
            ],
            ...['viewed', 'notViewed', 'notSigned', 'cancelled', 'expired'].map((f) => [
              `dashboard filter ${f}`,
              list(`filters=${f}`),
            ]),
            ['dashboard filters viewed + cancelled', list('filters=viewed,cancelled')],
            ['SOW filter signatureSaved', sow('filters=signatureSaved')],
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
    const measured = SIGNER_ONLY
      ? []
      : INSIGHTS_ONLY
        ? scenarios.filter(([label]) => label.startsWith('insights'))
        : scenarios;
    for (const [label, request] of measured) {
      await timed(null, label, request); // warm-up
      const times = [];
      let body = null;
      for (let n = 0; n < REQUESTS; n++) body = await timed(times, label, request);
      const shown = (body.filteredContracts ?? body.filteredClients ?? []).length;
      // Insights: how many were sent in its period.
      const matches = body.total ?? body.funnel?.[0]?.count;
      row(label, times, { matches, shown, list: true });
    }

    if (INSIGHTS_ONLY) return rows;
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
      await profiler.explainAccess();
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
    `\nThrough HTTP, ${REQUESTS} requests each after a warm-up (ms); lists target p95 ≤ ${LIST_TARGET_MS} ms up to ${LIST_TARGET_UP_TO} agreements, signer calls < ${SIGNER_TARGET_MS} ms:`,
  );
  console.table(
    summary.map((r) => Object.fromEntries(Object.entries(r).filter(([key]) => key !== 'list'))),
  );
  const over = summary.filter(
    (r) => r.list && r.agreements <= LIST_TARGET_UP_TO && r.p95 > LIST_TARGET_MS,
  );
  for (const r of over) console.log(`✗ ${r.scenario} at ${r.agreements}: p95 ${r.p95} ms`);
  if (over.length > 0) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
