// Dashboard list benchmark: seeds BENCH_CONTRACTS standard agreements (default
// 100,000) straight into a database of its own, shaped as the server writes
// them on the agreement core (bench/lib/agreements.mjs: form, event log,
// searchText, agreement_links), starts the built api on it and measures p50/p95 of
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
import { benchForm, insertBenchAgreements, removeBenchAgreements } from '../lib/agreements.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const DB = process.env.BENCH_DB ?? `bench_dashboard_${CONTRACTS}`;
const ADMIN = 'admin@prosign.example';

async function seedAgreements(mongoUri, env) {
  const client = new MongoClient(mongoUri);
  await client.connect();
  const db = client.db(DB);
  // A marker, not a count: counting 100,000 documents is itself slow on the embedded FerretDB.
  const marker = await db.collection('bench_meta').findOne({ _id: 'agreements' });
  if (marker?.count === CONTRACTS) {
    console.log(`▸ ${CONTRACTS} agreements already seeded in ${DB}`);
  } else {
    await removeBenchAgreements(db, 'bench');
    const started = performance.now();
    await insertBenchAgreements(db, {
      count: CONTRACTS,
      prefix: 'bench',
      publicUrls: { api: env.PUBLIC_API_URL, signing: env.PUBLIC_SIGNING_URL },
    });
    await db
      .collection('bench_meta')
      .updateOne({ _id: 'agreements' }, { $set: { count: CONTRACTS } }, { upsert: true });
    console.log(
      `▸ Seeded ${CONTRACTS} agreements in ${((performance.now() - started) / 1000).toFixed(1)} s`,
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
  await seedAgreements(mongoUri, env);

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
    ['search name (rare)', `search=${encodeURIComponent(benchForm(CONTRACTS - 10).full_name)}`],
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
    `\nGET /api/user/details over ${CONTRACTS} agreements, ${REQUESTS} requests each (ms):`,
  );
  console.table(rows);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
