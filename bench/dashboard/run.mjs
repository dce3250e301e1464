// Dashboard list benchmark: seeds BENCH_CONTRACTS contracts (default 100,000)
// straight into a database of its own, shaped as the server writes them
// (searchText, indexes), starts the built api on it and measures p50/p95 of
// GET /api/user/details through HTTP, signed in as the admin: the plain list,
// a search, and each filter. See bench/README.md.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, startProcess, stopAll, waitForPort } from '../../scripts/lib/processes.mjs';
import { seedDemoData } from '../../scripts/lib/seed.mjs';
import { startMongo, startRedis } from '../../scripts/lib/services.mjs';
import { DATA_DIR, ROOT } from '../../scripts/lib/setup.mjs';
import { stackEnv, stackPorts } from '../../scripts/lib/stack.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));
const { CONTRACT_STATUSES, contractSearchText } = require(
  path.join(ROOT, 'libs/domain/dist/index.js'),
);

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const DB = process.env.BENCH_DB ?? `bench_dashboard_${CONTRACTS}`;
const ADMIN = 'admin@prosign.example';
const STATUSES = CONTRACT_STATUSES;
const FIRST = [
  'Maria',
  'James',
  'Aiko',
  'Noah',
  'Priya',
  'Lucas',
  'Elena',
  'Omar',
  'Grace',
  'Tariq',
];
const LAST = ['Alvarez', 'Chen', 'Okafor', 'Schmidt', 'Rossi', 'Novak', 'Haddad', 'Kim', 'Silva'];
const STREETS = ['Larkin Street', 'Mission Street', 'Valencia Street', 'Oak Avenue', 'Pine Road'];
const CITIES = ['San Francisco', 'Oakland', 'Berkeley', 'San Jose', 'Palo Alto', 'Sausalito'];

function contract(i, now) {
  const status = STATUSES[i % STATUSES.length];
  const first = FIRST[i % FIRST.length];
  const last = LAST[(i * 7) % LAST.length];
  const record = {
    full_name: `${first} ${last} ${i}`,
    email: `${first}.${last}${i}@example.com`.toLowerCase(),
    company_name: i % 4 ? '' : `${last} Holdings ${i % 500}`,
    contact_number: `+1415${String(5_000_000 + i).slice(-7)}`,
    site_address: `${100 + (i % 9000)} ${STREETS[i % STREETS.length]}`,
    city: CITIES[i % CITIES.length],
    state: 'CA',
    zipcode: String(94000 + (i % 200)),
  };
  const createdAt = new Date(now - (CONTRACTS - i) * 60_000);
  const viewed = status === 'not signed' ? 0 : i % 3;
  return {
    ...record,
    token: `bench-${i}`,
    sendKey: `bench-doc-${i}`,
    docLink: `http://localhost:3000/api/documents/d/bench-doc-${i}/edit`,
    signingLink: `http://localhost:8084/bench-${i}`,
    cc_email: '',
    cost: 5000 + (i % 40) * 250,
    deposit: 2500,
    balance: 2500,
    progress: 0,
    csm_email: 'csm@prosign.example',
    pm_email: 'pm@prosign.example',
    form_type: 'Structural Engineering',
    t24ReportCount: 0,
    contractIntro: '',
    contractTitle: 'Professional Services Agreement',
    contractEngineerBasicService: 'Structural calculations and drawings for permit.',
    contractEngineerAddService: '',
    contractDescription: 'Seismic retrofit of an existing wood-framed building.',
    contractPayment: 'A deposit of 50% is due upon signing.',
    contractLicense: '',
    contractTermsAndConditions: '',
    hsDealId: String(40_000_000 + (i % 30)),
    authenticatedEmailId: 'csm@prosign.example',
    status,
    viewedTimes: viewed,
    viewedByEmailCount: viewed,
    viewedByPhoneCount: 0,
    createdAt,
    createdIp: '203.0.113.10',
    viewedAt: viewed ? createdAt : null,
    viewedIp: null,
    signatureSavedAt: null,
    signatureSavedIp: null,
    signedAt: null,
    signedIp: null,
    history: [
      {
        timestamp: createdAt,
        status: 'sent',
        performedBy: 'csm@prosign.example',
        ipAddress: '203.0.113.10',
      },
    ],
    remindersAt: [],
    isDeactiveReminder: false,
    reminderDeactivateTime: null,
    isResend: status === 'resent',
    isEditResend: status === 'edited_resent',
    resendAt: null,
    editResendAt: null,
    searchText: contractSearchText(record),
    lastReminderAt: null,
    deletedAt: null,
    deletedBy: null,
    send: {
      state: 'completed',
      steps: {},
      startedAt: createdAt,
      completedAt: createdAt,
      attempts: 1,
    },
  };
}

async function seedContracts(mongoUri) {
  const client = new MongoClient(mongoUri);
  await client.connect();
  const db = client.db(DB);
  // A marker, not a count: counting 100,000 documents is itself slow on the embedded FerretDB.
  const marker = await db.collection('bench_meta').findOne({ _id: 'contracts' });
  if (marker?.count === CONTRACTS) {
    console.log(`▸ ${CONTRACTS} contracts already seeded in ${DB}`);
  } else {
    const contracts = db.collection('contracts');
    await contracts.deleteMany({ token: /^bench-/ });
    const started = performance.now();
    const now = Date.now();
    for (let from = 0; from < CONTRACTS; from += 5000) {
      const batch = [];
      for (let i = from; i < Math.min(CONTRACTS, from + 5000); i++) batch.push(contract(i, now));
      await contracts.insertMany(batch, { ordered: false });
    }
    await db
      .collection('bench_meta')
      .updateOne({ _id: 'contracts' }, { $set: { count: CONTRACTS } }, { upsert: true });
    console.log(
      `▸ Seeded ${CONTRACTS} contracts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await client.close();
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const ports = { ...stackPorts(), api: await freePort(), mailCatcher: await freePort() };
  let mongoBase = process.env.BENCH_MONGODB_URI;
  if (!mongoBase) {
    const port = await freePort();
    ({ uri: mongoBase } = await startMongo({
      port,
      dataDir: path.join(DATA_DIR, 'bench-dashboard-mongo'),
    }));
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    const port = await freePort();
    ({ url: redisUrl } = await startRedis({
      port,
      dataDir: path.join(DATA_DIR, 'bench-dashboard-redis'),
    }));
  }
  const mongoUri = `${mongoBase.replace(/\/$/, '')}/${DB}`;
  const env = {
    ...stackEnv(ports, { mongoUri, redisUrl }),
    QUEUE_PREFIX: `bench-dashboard`,
    LOG_LEVEL: 'warn',
  };
  // Users and templates first: the api creates the indexes on start.
  await seedDemoData(env);
  await seedContracts(mongoUri);

  startProcess('api', process.execPath, ['dist/main.api.js'], {
    cwd: path.join(ROOT, 'backend'),
    env,
  });
  await waitForPort(ports.api, { timeoutMs: 120_000 });
  const base = `http://127.0.0.1:${ports.api}`;
  const origin = env.CORS_ORIGINS.split(',')[0];
  const login = await fetch(`${base}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: ADMIN }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];

  const scenarios = [
    ['list (page 1, 25)', ''],
    ['list (page 40, 25)', 'page=40'],
    ['search "larkin"', 'search=larkin'],
    [
      'search name (rare)',
      `search=${encodeURIComponent(contract(CONTRACTS - 10, Date.now()).full_name)}`,
    ],
    ...['viewed', 'notViewed', 'signed', 'notSigned', 'cancelled', 'expired'].map((f) => [
      `filter ${f}`,
      `filters=${f}`,
    ]),
    ['filters cancelled,expired', 'filters=cancelled,expired'],
  ];
  const rows = [];
  for (const [label, query] of scenarios) {
    const url = `${base}/api/user/details?limit=25&${query}`;
    const times = [];
    let total = 0;
    for (let n = 0; n < REQUESTS + 1; n++) {
      const started = performance.now();
      const res = await fetch(url, { headers: { cookie, origin } });
      const body = await res.json();
      if (!res.ok) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
      if (n > 0) times.push(performance.now() - started); // the first one warms up
      total = body.total;
    }
    times.sort((a, b) => a - b);
    rows.push({
      scenario: label,
      total,
      p50: percentile(times, 50).toFixed(0),
      p95: percentile(times, 95).toFixed(0),
    });
    console.log(
      `  ${label}: p50 ${rows.at(-1).p50} ms, p95 ${rows.at(-1).p95} ms (${total} matches)`,
    );
  }
  console.log(
    `\nGET /api/user/details over ${CONTRACTS} contracts, ${REQUESTS} requests each (ms):`,
  );
  console.table(rows);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
