// "100 signers finishing at once": starts embedded MongoDB and Redis
// of its own, runs the demo seed, starts the built api, worker and mail
// catcher as `npm start` does, sends BENCH_SIGNERS standard contracts through
// the API as staff do, bulk-inserts filler agreements up to BENCH_STORED in
// all, then lets every signer go at once (or, with BENCH_ARRIVAL_S, arriving
// evenly over that many seconds) — captcha, verifyToken, signature,
// initials and consent, finish — each from its own client address. Reports
// latency per call, wall time, signed count, signed-copy mails and the
// database process's CPU. Exits 1 on any 5xx or a signer left unsigned.
// See bench/README.md.
import { execSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  freePort,
  sleep,
  startProcess,
  stopAll,
  waitForPort,
} from '../../scripts/lib/processes.mjs';
import { seedDemoData } from '../../scripts/lib/seed.mjs';
import { startMongo, startRedis } from '../../scripts/lib/services.mjs';
import { DATA_DIR, ROOT } from '../../scripts/lib/setup.mjs';
import { BACKEND_NODE_ARGS, stackEnv, stackPorts } from '../../scripts/lib/stack.mjs';
import { startCluster } from '../cluster/cluster.mjs';
import { insertBenchAgreements } from '../lib/agreements.mjs';
import { jsonCall } from '../lib/http.mjs';
import { pool } from '../lib/runs.mjs';
import { growthPer, storageOf } from '../lib/storage.mjs';
import { startWireProfiler } from '../lib/wire-profiler.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));
const {
  CAPTCHA_PASS_HEADER,
  DATA_FETCHING,
  STANDARD_TEMPLATE_DOC_IDS,
  isGatewayFailure,
  retryDelayMs,
} = require('../../libs/domain/dist/index.js');
const { io } = require(path.join(ROOT, 'node_modules/socket.io-client'));

const SIGNERS = Number(process.env.BENCH_SIGNERS ?? 100);
// 2: each agreement has two signers who sign at the same moment: SIGNERS / 2
// agreements, every signer through their own link, the last of each pair sealing it.
const PER_AGREEMENT = Number(process.env.BENCH_SIGNERS_PER_AGREEMENT ?? 1);
if (PER_AGREEMENT !== 1 && PER_AGREEMENT !== 2) {
  throw new Error('BENCH_SIGNERS_PER_AGREEMENT must be 1 or 2');
}
const AGREEMENTS = Math.ceil(SIGNERS / PER_AGREEMENT);
const STORED = Number(process.env.BENCH_STORED ?? 1000);
const SEND_CONCURRENCY = Number(process.env.BENCH_SEND_CONCURRENCY ?? 4);
const MAIL_WAIT_MS = Number(process.env.BENCH_MAIL_WAIT_MS ?? 300_000);
const SIGNING_TIMEOUT_MS = Number(process.env.BENCH_SIGNING_TIMEOUT_S ?? 1800) * 1000;
const DB = process.env.BENCH_DB ?? 'bench_signers';
// Arrival-rate mode ("1,000 signers arriving over one minute"): signer n starts
// n × BENCH_ARRIVAL_S / BENCH_SIGNERS seconds into the signing phase, evenly spaced; each
// signer's whole-flow time counts from their own start. 0 (default): all at once.
const ARRIVAL_MS = Number(process.env.BENCH_ARRIVAL_S ?? 0) * 1000;
const arrivalOf = (n) => (ARRIVAL_MS > 0 ? (n * ARRIVAL_MS) / SIGNERS : 0);
const arrivalLabel = ARRIVAL_MS > 0 ? `arriving evenly over ${ARRIVAL_MS / 1000} s` : 'at once';
const JSON_OUT = process.argv.includes('--json');
const PROFILE = process.argv.includes('--profile') || process.env.BENCH_PROFILE === '1';
// --cluster: two apis and two workers behind nginx (bench/cluster), the signers through the
// balancer. --faults (or BENCH_FAULTS=api-kill,workers,lb-reload): while they sign, one api is
// SIGKILLed and started again, the workers are restarted one after the other (the first
// gracefully, the second SIGKILLed) and nginx reloads its configuration.
const CLUSTER = process.argv.includes('--cluster') || process.argv.includes('--faults');
const FAULTS = new Set(
  (process.argv.includes('--faults')
    ? 'api-kill,workers,lb-reload'
    : (process.env.BENCH_FAULTS ?? '')
  )
    .split(',')
    .filter(Boolean),
);
const ADMIN = 'admin@prosign.example';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const STEPS = [
  'captcha config',
  'captcha verify',
  'verifyToken',
  'signature',
  'initials',
  'finish',
];

// ── HTTP: no client timeouts (a finish may take minutes), one socket per request in flight ──

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const inFlight = new Set();

function call(base, method, url, options = {}) {
  return jsonCall(base, method, url, {
    ...options,
    agent,
    onRequest: (req) => {
      inFlight.add(req);
      req.on('close', () => inFlight.delete(req));
    },
  });
}

// ── CPU of a process, from /proc/<pid>/stat (utime + stime, in clock ticks) ──

const TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  } catch {
    return null;
  }
}

/** Samples the CPU of `pids` (name → pid) every `everyMs` until stopped: mean and peak %. */
function sampleCpu(pids, everyMs = 500) {
  const entries = Object.entries(pids).filter(([, pid]) => pid);
  const first = Object.fromEntries(entries.map(([name, pid]) => [name, cpuTicks(pid)]));
  const last = { ...first };
  const peak = Object.fromEntries(entries.map(([name]) => [name, 0]));
  const startedAt = performance.now();
  let lastAt = startedAt;
  const timer = setInterval(() => {
    const now = performance.now();
    for (const [name, pid] of entries) {
      const ticks = cpuTicks(pid);
      if (ticks === null || last[name] === null) continue;
      const pct = ((ticks - last[name]) / TICKS / ((now - lastAt) / 1000)) * 100;
      peak[name] = Math.max(peak[name], pct);
      last[name] = ticks;
    }
    lastAt = now;
  }, everyMs);
  return () => {
    clearInterval(timer);
    const seconds = (performance.now() - startedAt) / 1000;
    return Object.fromEntries(
      entries.map(([name, pid]) => {
        const ticks = cpuTicks(pid) ?? last[name];
        const cpuSeconds = (ticks - first[name]) / TICKS;
        return [name, { mean: (cpuSeconds / seconds) * 100, peak: peak[name], cpuSeconds }];
      }),
    );
  };
}

// ── Figures ──

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? NaN,
  };
}

const secs = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');

async function waitForHealthy(url, processes, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    for (const child of processes) {
      if (child.exitCode !== null)
        throw new Error(`${child.processName} exited (${child.exitCode})`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error.message;
    }
    await sleep(500);
  }
  throw new Error(`${url} did not report healthy: ${last}`);
}

// ── The bench ──

/** One api, one worker and the mail catcher on a database and Redis of the bench's own. */
async function startSingle() {
  const ports = { ...stackPorts(), api: await freePort(), mailCatcher: await freePort() };

  // Own database and Redis, fresh each run (100 new signers every time).
  let mongoBase = process.env.BENCH_MONGODB_URI;
  let mongoPid = process.env.BENCH_MONGO_PID ? Number(process.env.BENCH_MONGO_PID) : null;
  if (!mongoBase) {
    const dataDir = path.join(DATA_DIR, 'bench-signers-mongo');
    rmSync(dataDir, { recursive: true, force: true });
    const mongo = await startMongo({
      port: await freePort(),
      dataDir,
      logFile: path.join(DATA_DIR, 'bench-signers-mongo.log'),
    });
    mongoBase = mongo.uri;
    mongoPid = mongo.child.pid;
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    const dataDir = path.join(DATA_DIR, 'bench-signers-redis');
    rmSync(dataDir, { recursive: true, force: true });
    ({ url: redisUrl } = await startRedis({
      port: await freePort(),
      dataDir,
      logFile: path.join(DATA_DIR, 'bench-signers-redis.log'),
    }));
  }
  const mongoUri = `${mongoBase.replace(/\/$/, '')}/${DB}`;
  const client = new MongoClient(mongoUri);
  await client.connect();
  const db = client.db(DB);
  if (process.env.BENCH_MONGODB_URI) await db.dropDatabase();

  const env = {
    ...stackEnv(ports, { mongoUri, redisUrl }),
    QUEUE_PREFIX: `bench-signers-${Date.now()}`,
    LOG_LEVEL: 'warn',
    // Every signer comes from its own address (X-Forwarded-For, as behind a load balancer):
    // the signer rate limit (120 calls a minute per address) would otherwise refuse 100
    // signers sharing the loopback.
    TRUST_PROXY_HOPS: '1',
  };
  await seedDemoData(env);

  // --profile: the api, worker and mail catcher reach the database through a relay that times
  // every command by its filter's shape (bench/lib/wire-profiler.mjs).
  const profiler = PROFILE ? await startWireProfiler(new URL(mongoBase).host) : null;
  closeProfiler = () => profiler?.close();
  const processEnv = profiler
    ? { ...env, MONGODB_URI: `mongodb://127.0.0.1:${profiler.port}/${DB}` }
    : env;

  const backend = path.join(ROOT, 'backend');
  const logFile = (name) => path.join(DATA_DIR, `bench-signers-${name}.log`);
  for (const name of ['api', 'worker', 'mail-catcher']) rmSync(logFile(name), { force: true });
  // e.g. BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": where the api's time goes
  // (BENCH_WORKER_NODE_ARGS the same for the worker).
  const nodeArgsOf = (name) => (process.env[name] ?? '').split(' ').filter(Boolean);
  const apiNodeArgs = nodeArgsOf('BENCH_API_NODE_ARGS');
  const api = startProcess(
    'api',
    process.execPath,
    [...BACKEND_NODE_ARGS, ...apiNodeArgs, 'dist/main.api.js'],
    {
      cwd: backend,
      env: processEnv,
      logFile: logFile('api'),
    },
  );
  const worker = startProcess(
    'worker',
    process.execPath,
    [...BACKEND_NODE_ARGS, ...nodeArgsOf('BENCH_WORKER_NODE_ARGS'), 'dist/main.worker.js'],
    {
      cwd: backend,
      env: processEnv,
      logFile: logFile('worker'),
    },
  );
  const catcher = startProcess('mail-catcher', process.execPath, ['dist/main.mail-catcher.js'], {
    cwd: backend,
    env: processEnv,
    logFile: logFile('mail-catcher'),
  });
  await Promise.all([
    waitForPort(ports.api, { child: api, timeoutMs: 120_000 }),
    waitForPort(ports.mailCatcher, { child: catcher, timeoutMs: 60_000 }),
  ]);
  const base = `http://127.0.0.1:${ports.api}`;
  await waitForHealthy(`${base}/api/health`, [api, worker, catcher]);
  return {
    client,
    db,
    env,
    base,
    profiler,
    pids: () => ({ database: mongoPid, api: api.pid, worker: worker.pid }),
  };
}

/**
 * The local cluster (bench/cluster): its own database and Redis, two apis and two workers
 * behind nginx, the mail catcher; the signers reach the apis through the balancer.
 */
async function startClustered() {
  const scratch = path.join(DATA_DIR, `bench-signers-cluster-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  delete process.env.MONGODB_URI;
  delete process.env.REDIS_URL;
  const cluster = await startCluster({
    dataDir: scratch,
    logDir: path.join(scratch, 'logs'),
    frontends: false,
    extraEnv: {
      QUEUE_PREFIX: `bench-signers-${Date.now()}`,
      LOG_LEVEL: 'warn',
      // The signers' own addresses (X-Forwarded-For) pass nginx, which appends the bench's:
      // two proxies, or all of them would share one address and its rate limit.
      TRUST_PROXY_HOPS: '2',
    },
  });
  console.log(
    `▸ cluster: ${cluster.processes.apis.length} apis, ${cluster.processes.workers.length} workers behind nginx at ${cluster.urls.balancer} (logs in ${scratch}/logs)`,
  );
  await seedDemoData(cluster.env);
  const client = new MongoClient(cluster.urls.mongo);
  await client.connect();
  return {
    client,
    db: client.db(),
    env: cluster.env,
    base: cluster.urls.balancer,
    profiler: null,
    cluster,
    // The replicas of the moment (a restarted one is a new process).
    pids: () => ({
      api: cluster.processes.apis[0]?.pid,
      'api 2': cluster.processes.apis[1]?.pid,
      worker: cluster.processes.workers[0]?.pid,
      'worker 2': cluster.processes.workers[1]?.pid,
    }),
  };
}

async function main() {
  const loadBefore = os.loadavg();
  const { client, db, env, base, profiler, cluster, pids } = CLUSTER
    ? await startClustered()
    : await startSingle();

  // Filler first, so the staff sends and the signers meet a database of the size measured.
  const demo = await db.collection('agreements').countDocuments({});
  const filler = Math.max(0, STORED - demo - AGREEMENTS);
  await insertBenchAgreements(db, {
    count: filler,
    prefix: 'filler',
    publicUrls: { api: env.PUBLIC_API_URL, signing: env.PUBLIC_SIGNING_URL },
  });
  console.log(`▸ ${demo} demo + ${filler} filler agreements stored`);

  // What the sends and signings add to the database, per agreement (README's sizing).
  const storageBefore = await storageOf(db);

  // Staff: sign in, then create and send each contract as the creation screen does.
  const staffOrigin = env.CORS_ORIGINS.split(',')[0];
  const login = await call(base, 'POST', '/api/auth/local', {
    headers: { origin: staffOrigin },
    body: { email: ADMIN },
  });
  if (login.status >= 300)
    throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.json)}`);
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  const staff = { origin: staffOrigin, cookie };
  const deals = (
    await db
      .collection('crm_deals')
      .find({}, { projection: { _id: 1 } })
      .toArray()
  ).map((d) => String(d._id));
  const signers = [];
  const agreementTokens = [];
  const sendStarted = performance.now();
  await pool(AGREEMENTS, SEND_CONCURRENCY, async (i) => {
    const first = ['Maria', 'James', 'Aiko', 'Noah', 'Priya'][i % 5];
    const last = `Signer${String(i).padStart(3, '0')}`;
    const email = `${first}.${last}@example.com`.toLowerCase();
    const dealId = deals.length ? deals[i % deals.length] : '';
    const partner = { name: `Alex ${last}`, email: `alex.${last}@example.com`.toLowerCase() };
    const several = PER_AGREEMENT === 2 ? { additional_signers: [partner] } : {};
    const created = await call(base, 'POST', '/api/template/create-contract', {
      headers: staff,
      body: {
        docLink: `${env.PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
        formData: {
          cost: 12500,
          deposit: 6250,
          progress: 0,
          balance: 6250,
          full_name: `${first} ${last}`,
          email,
          contact_number: `+1415555${String(1000 + i).slice(-4)}`,
          company_name: '',
          additional_email: 'office@example.com',
          site_address: `${200 + i} Larkin Street`,
          city: 'San Francisco',
          state: 'CA',
          zipcode: '94109',
          csm_email: 'csm@prosign.example',
          pm_email: 'pm@prosign.example',
          hs_deal_id: dealId,
          project_type: 'Seismic retrofit',
          t24ReportCount: 0,
          serviceType: 'Structural Engineering',
          first_name: first,
          last_name: last,
        },
        ...several,
      },
    });
    if (created.status !== 201) {
      throw new Error(`create-contract ${created.status}: ${JSON.stringify(created.json)}`);
    }
    const sent = await call(base, 'POST', '/api/contracts/send', {
      headers: staff,
      body: {
        docLink: created.json.docLink,
        full_name: `${first} ${last}`,
        email,
        company_name: '',
        contact_number: `+1415555${String(1000 + i).slice(-4)}`,
        cc_email: 'office@example.com',
        site_address: `${200 + i} Larkin Street`,
        city: 'San Francisco',
        state: 'CA',
        zipcode: '94109',
        cost: 12500,
        deposit: 6250,
        progress: 0,
        balance: 6250,
        csm_email: 'csm@prosign.example',
        pm_email: 'pm@prosign.example',
        form_type: 'Structural Engineering',
        t24ReportCount: 0,
        contractTitle: 'Structural Engineering Agreement',
        hsDealId: dealId,
        ...(PER_AGREEMENT === 2 ? { ...several, signing_order: 'parallel' } : {}),
      },
    });
    if (sent.status !== 200) throw new Error(`send ${sent.status}: ${JSON.stringify(sent.json)}`);
    agreementTokens[i] = sent.json.token;
    signers[i * PER_AGREEMENT] = { token: sent.json.token, name: `${first} ${last}` };
    if (PER_AGREEMENT === 2) {
      // The second signer's own link token is on their recipient (never in an API answer).
      const stored = await db.collection('agreements').findOne({ token: sent.json.token });
      signers[i * 2 + 1] = { token: stored.recipients[1].token, name: partner.name };
    }
  });
  const sendSeconds = (performance.now() - sendStarted) / 1000;
  const stored = await db.collection('agreements').countDocuments({});
  console.log(
    `▸ ${AGREEMENTS} contracts (${PER_AGREEMENT} signer${PER_AGREEMENT > 1 ? 's' : ''} each) sent through the API in ${sendSeconds.toFixed(1)} s; ${stored} agreements stored`,
  );

  // Let the send's mails and CRM writes drain, so the signing phase meets an idle worker
  // (the sends' notes and stage moves would otherwise still be running in its first seconds).
  const drainStarted = performance.now();
  await waitForMails(db, (id) => !id.startsWith('contract-signed-copy.'), 120_000);
  const crmPending = await waitForCrmWrites(db, 120_000);
  console.log(
    `▸ the sends' mails and CRM writes done ${((performance.now() - drainStarted) / 1000).toFixed(1)} s after the last send` +
      (crmPending
        ? ` (${crmPending} CRM writes still pending: the signing phase shares the worker)`
        : ''),
  );

  // Signers: all at once, each from its own address.
  const signingOrigin = new URL(env.PUBLIC_SIGNING_URL).origin;
  const results = signers.map(() => ({ times: {}, statuses: {}, errors: [], waiting: null }));
  profiler?.reset();
  // A staff dashboard's live updates, through the balancer like the shell's (cluster runs).
  const dashboard = cluster
    ? await watchDashboard(base, staff, async () =>
        (
          await db
            .collection('agreements')
            .find({ status: 'signed' }, { projection: { _id: 1 } })
            .toArray()
        ).map((row) => String(row._id)),
      )
    : null;
  const stopCpu = sampleCpu(pids());
  // The same processes on until the signed copies are sent: a finish answers before the worker
  // has mailed the copy, so the window above leaves some of each signing's work out.
  const stopCpuToMails = sampleCpu(pids());
  const loadAtStart = os.loadavg();
  const wallStarted = performance.now();
  const faults = cluster ? injectFaults(cluster, FAULTS) : null;
  // The wait of a one-document insert: how long any write queues behind the others in the
  // embedded server's write serializer (tools/embedded-mongo/proxy.go).
  const probe = writeProbe(db);
  const progress = setInterval(() => {
    const answered = (name) => results.filter((r) => r.times[name] !== undefined).length;
    console.log(
      `  … ${((performance.now() - wallStarted) / 1000).toFixed(0)} s: verifyToken ${answered('verifyToken')}, ` +
        `signature ${answered('signature')}, initials ${answered('initials')}, finish ${answered('finish')} ` +
        `answered; last write-queue probe ${probe.last()}`,
    );
  }, 30_000);
  let timedOut = false;
  const limit = setTimeout(() => {
    timedOut = true;
    console.log(
      `  ! time limit (${SIGNING_TIMEOUT_MS / 1000} s): abandoning the requests still open`,
    );
    for (const req of inFlight) req.destroy(new Error('bench time limit'));
  }, SIGNING_TIMEOUT_MS);
  await Promise.all(
    signers.map(async (signer, n) => {
      const result = results[n];
      if (arrivalOf(n) > 0) await sleep(arrivalOf(n));
      const ip = `10.88.${Math.floor(n / 250)}.${(n % 250) + 1}`;
      const headers = { origin: signingOrigin, 'x-forwarded-for': ip, 'user-agent': PHONE };
      // As the signing app: a call meeting a gateway failure (no answer, 502, 503, 504: a
      // replica died or restarted) is tried again after 1, 2, 4 s (GATEWAY_FAILURE_STATUSES).
      const step = async (name, method, url, body, extra = {}) => {
        result.waiting = name;
        const started = performance.now();
        let res;
        for (let attempt = 0; ; attempt += 1) {
          try {
            res = await call(base, method, url, { headers: { ...headers, ...extra }, body });
          } catch (error) {
            if (timedOut) throw error;
            res = { status: 0, json: { message: error.message } };
          }
          if (!isGatewayFailure(res.status) || attempt >= DATA_FETCHING.retries) break;
          result.retries = (result.retries ?? 0) + 1;
          await sleep(retryDelayMs(attempt));
        }
        result.waiting = null;
        result.times[name] = performance.now() - started;
        result.statuses[name] = res.status;
        if (res.status >= 300) {
          result.errors.push(`${name}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
          return null;
        }
        return res.json;
      };
      const started = performance.now();
      try {
        const config = await step('captcha config', 'GET', '/api/captcha/config');
        if (!config?.challenge) return;
        const verified = await step('captcha verify', 'POST', '/api/captcha/verify', {
          response: config.challenge,
          linkToken: signer.token,
        });
        if (!verified?.pass) return;
        const pass = { [CAPTCHA_PASS_HEADER]: verified.pass };
        const token = signer.token;
        if (!(await step('verifyToken', 'POST', '/api/verifyToken', { token }, pass))) return;
        const signature = { token, textSignature: signer.name };
        if (!(await step('signature', 'POST', '/api/template/upload-signature', signature, pass))) {
          return;
        }
        const initials = { token, agreedToTerms: true };
        if (!(await step('initials', 'POST', '/api/template/upload-initials', initials, pass))) {
          return;
        }
        await step('finish', 'POST', '/api/signing/finish', { token }, pass);
      } catch (error) {
        result.errors.push(`network: ${error.message}`);
      } finally {
        result.total = performance.now() - started;
      }
    }),
  );
  const wallMs = performance.now() - wallStarted;
  clearTimeout(limit);
  clearInterval(progress);
  const injected = await faults?.done();
  const writeWaits = probe.stop();
  const cpu = stopCpu();
  const loadAtEnd = os.loadavg();
  // CPU-seconds per signing: every sampled process (database, api, worker) over the signing
  // phase, divided by the signers (compare this, not latency, across runs).
  const perSigning = (usage) => ({
    total: Object.values(usage).reduce((sum, c) => sum + c.cpuSeconds, 0) / SIGNERS,
    ...Object.fromEntries(Object.entries(usage).map(([name, c]) => [name, c.cpuSeconds / SIGNERS])),
  });

  // The finish answers once the signature is recorded; the worker seals after. Wait for the
  // seals (finish completed) before counting what was signed.
  const tokens = agreementTokens;
  const sealStarted = performance.now();
  const unsealed = await waitForSeals(db, tokens, timedOut ? 10_000 : MAIL_WAIT_MS);
  const sealDrainSeconds = (performance.now() - sealStarted) / 1000;

  // Outcome, from the database.
  const rows = await db
    .collection('agreements')
    .find(
      { token: { $in: tokens } },
      { projection: { token: 1, status: 1, 'finish.state': 1, signature: 1, signedDocLink: 1 } },
    )
    .toArray();
  const signedTokens = new Set(
    rows
      .filter(
        (r) =>
          r.status === 'signed' &&
          r.finish?.state === 'completed' &&
          r.signature &&
          r.signedDocLink,
      )
      .map((r) => r.token),
  );
  // Mail keys name an agreement by its _id (never by its signing token).
  const mailIds = new Set(
    rows
      .filter((r) => signedTokens.has(r.token))
      .map((r) => `contract-signed-copy.${String(r._id)}`),
  );
  const mailStarted = performance.now();
  const mails = await waitForMails(
    db,
    (id) => mailIds.has(id),
    timedOut ? 10_000 : MAIL_WAIT_MS,
    signedTokens.size,
  );
  const mailDrainSeconds = (performance.now() - mailStarted) / 1000;
  const cpuToMails = stopCpuToMails();
  const storage = growthPer(storageBefore, await storageOf(db), AGREEMENTS);
  // The profile runs on until the signed copies are sent: the worker's part of each finish
  // (the mail's delivery) counts too.
  profiler?.stop();

  // Report.
  const all = results.flatMap((r) => Object.values(r.statuses));
  // What a signer saw after the app's own retries: a 5xx, or no answer at all.
  const fiveXx = all.filter((s) => s >= 500 || s === 0).length;
  const fourXx = all.filter((s) => s >= 400 && s < 500).length;
  const retries = results.reduce((sum, r) => sum + (r.retries ?? 0), 0);
  // Cluster runs: each signed copy arrived once (by its Message-ID), and the dashboard saw
  // every agreement turn signed.
  const once = cluster ? await deliveredOnce(db, mailIds) : null;
  const dashboardMissed = dashboard
    ? rows.filter((r) => signedTokens.has(r.token) && !dashboard.signed.has(String(r._id))).length
    : null;
  dashboard?.close();
  const table = [
    ...STEPS.map((name) => {
      const s = stats(results.map((r) => r.times[name]).filter((t) => t !== undefined));
      const open = results.filter((r) => r.waiting === name).length;
      return {
        call: name,
        answered: s.n,
        'no answer': open,
        p50: secs(s.p50),
        p95: secs(s.p95),
        max: secs(s.max),
      };
    }),
    (() => {
      const done = results.filter((r) => r.times.finish !== undefined);
      const s = stats(done.map((r) => r.total));
      return {
        call: 'whole signer',
        answered: s.n,
        'no answer': SIGNERS - s.n,
        p50: secs(s.p50),
        p95: secs(s.p95),
        max: secs(s.max),
      };
    })(),
  ];
  const summary = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} CPU, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB`,
    loadAverage: { before: loadBefore, signingStart: loadAtStart, signingEnd: loadAtEnd },
    signers: SIGNERS,
    arrivalSeconds: ARRIVAL_MS / 1000,
    signersPerAgreement: PER_AGREEMENT,
    agreements: AGREEMENTS,
    stored,
    sendSeconds,
    wallSeconds: wallMs / 1000,
    timedOut,
    writeQueueWait: writeWaits,
    signed: signedTokens.size,
    seals: { unsealed, drainSecondsAfterSigning: sealDrainSeconds },
    mails: { ...mails, drainSecondsAfterSigning: mailDrainSeconds },
    http5xx: fiveXx,
    http4xx: fourXx,
    gatewayRetries: retries,
    faults: injected ?? null,
    signedCopiesCaught: once,
    dashboard: dashboard
      ? { events: dashboard.events, reconnects: dashboard.reconnects, missed: dashboardMissed }
      : null,
    cpu,
    cpuPerSigning: perSigning(cpu),
    cpuPerSigningToMails: perSigning(cpuToMails),
    storagePerAgreement: storage,
    calls: table,
    errors: results.flatMap((r, n) => r.errors.map((e) => `signer ${n}: ${e}`)).slice(0, 20),
  };

  if (JSON_OUT) console.log(JSON.stringify(summary, null, 2));
  // For a test reading the figures (bench/cluster/faults.test.mjs).
  if (process.env.BENCH_JSON_FILE)
    writeFileSync(process.env.BENCH_JSON_FILE, JSON.stringify(summary));
  console.log(
    `\n${SIGNERS} signers ${arrivalLabel} (${PER_AGREEMENT} per agreement), ${stored} agreements stored (${summary.date}, ${summary.machine}):`,
  );
  console.table(table);
  const fmtLoad = (l) => l.map((x) => x.toFixed(2)).join(' ');
  const fmtCpu = (c) =>
    c ? `mean ${c.mean.toFixed(0)}%, peak ${c.peak.toFixed(0)}%` : 'not sampled';
  console.log(
    `  wall time            ${summary.wallSeconds.toFixed(1)} s${timedOut ? ' (stopped at the time limit)' : ''}`,
  );
  console.log(
    `  signed               ${summary.signed} / ${AGREEMENTS} agreements (status signed, finish completed)`,
  );
  console.log(
    `  sealed               ${tokens.length - unsealed} / ${tokens.length} (the last ${sealDrainSeconds.toFixed(1)} s after the last finish answered)`,
  );
  console.log(
    `  signed-copy mails    ${mails.queued} recorded, ${mails.sent} sent (${(sealDrainSeconds + mailDrainSeconds).toFixed(1)} s after the last finish)`,
  );
  console.log(
    `  HTTP 5xx / 4xx       ${fiveXx} / ${fourXx} seen by signers (after ${retries} gateway retries)`,
  );
  if (injected) console.log(`  faults injected      ${injected.join('; ') || 'none'}`);
  if (once) {
    console.log(
      `  signed copies caught ${once.caughtOnce} exactly once, ${once.missing} missing, ${once.duplicated} twice or more`,
    );
  }
  if (dashboard) {
    console.log(
      `  dashboard (live)     ${dashboard.events} updates, ${dashboard.reconnects} reconnects; ${dashboardMissed} signed agreements never shown signed`,
    );
  }
  console.log(`  database CPU         ${fmtCpu(cpu.database)}`);
  console.log(`  api CPU              ${fmtCpu(cpu.api)}`);
  console.log(`  worker CPU           ${fmtCpu(cpu.worker)}`);
  const fmtPerSigning = (usage) => {
    const { total, ...parts } = perSigning(usage);
    const named = Object.entries(parts).map(([name, seconds]) => `${name} ${seconds.toFixed(3)}`);
    return `${total.toFixed(3)} CPU-s (${named.join(' + ')}`;
  };
  console.log(
    `  CPU per signing      ${fmtPerSigning(cpu)}; over the signing phase ÷ ${SIGNERS} signers)`,
  );
  // The whole cost of a signing: the seal runs in the worker after the finish answered.
  console.log(
    `  … to the copies sent ${fmtPerSigning(cpuToMails)}; until sealed and the signed copies sent)`,
  );
  console.log(
    `  write-queue wait     p50 ${secs(writeWaits.p50)}, max ${secs(writeWaits.max)} (${writeWaits.n} one-document inserts, one every 10 s)`,
  );
  console.log(
    `  load average         before ${fmtLoad(loadBefore)}; signing ${fmtLoad(loadAtStart)} → ${fmtLoad(loadAtEnd)}`,
  );
  console.log(`  staff sends (setup)  ${sendSeconds.toFixed(1)} s for ${AGREEMENTS}`);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `  storage per agreement ${kb(storage.dataBytes)} data + ${kb(storage.indexBytes)} indexes, sent to sealed and mailed (largest: ${storage.collections
      .slice(0, 4)
      .map((row) => `${row.name} ${kb(row.dataBytes + row.indexBytes)}`)
      .join(', ')}; the local CRM and mail catcher ${kb(storage.standInBytes)} apart)`,
  );
  for (const error of summary.errors) console.log(`  ! ${error}`);
  if (profiler) {
    await profiler.explainAccess();
    const rows = profiler.report();
    const perSigner = commandsPerSigner(rows, SIGNERS);
    summary.profile = rows;
    summary.commandsPerSigner = perSigner;
    const perCollection = (collections) =>
      collections.map((c) => ({
        collection: c.collection,
        reads: c.reads.toFixed(1),
        writes: c.writes.toFixed(1),
        all: (c.reads + c.writes).toFixed(1),
      }));
    const counts = (tally) =>
      `${tally.total.toFixed(1)} (${tally.reads.toFixed(1)} reads, ${tally.writes.toFixed(1)} writes)`;
    console.log(
      `\nDatabase commands per signer (from the first signer's call until the signed copies were sent, ÷ ${SIGNERS}), ` +
        "the product's own; the local CRM's and the mail catcher's apart below (they stand in for HubSpot and the SMTP server):",
    );
    console.table(perCollection(perSigner.collections));
    console.log(`  commands per signer  ${counts(perSigner)}`);
    console.log('\nThe local CRM (HubSpot in production), per signer:');
    console.table(perCollection(perSigner.crmStandIn.collections));
    console.log(
      `  local CRM            ${counts(perSigner.crmStandIn)}; mail catcher ${perSigner.mailCatcher.toFixed(1)}`,
    );
    console.log(
      '\nEvery database command in that time: count, per signer, latency summed over concurrent calls (wait in the write queue included), p50 and max; ' +
        'access = how the embedded FerretDB answers the filter (its own explain): by _id (from the _id index), index <name> (read from that index), or SCAN (every document of the collection read and decoded in Go):',
    );
    console.table(
      [...rows]
        .sort((a, b) => a.collection.localeCompare(b.collection) || b.count - a.count)
        .map((r) => ({
          ...r,
          perSigner: (r.count / SIGNERS).toFixed(2),
          totalS: r.totalS.toFixed(1),
          p50Ms: r.p50Ms.toFixed(0),
          maxMs: r.maxMs.toFixed(0),
        })),
    );
  }

  await client.close();
  if (
    fiveXx > 0 ||
    signedTokens.size < AGREEMENTS ||
    (once && (once.missing > 0 || once.duplicated > 0)) ||
    dashboardMissed > 0
  )
    process.exitCode = 1;
}

/** The mail catcher's collections: the bench's SMTP server, not the product's work. */
const MAIL_CATCHER_COLLECTIONS = ['caught_mails', 'caught_mail_attachments'];
/** The local CRM's collections (the built backend names them): HubSpot's work in production. */
const CRM_STAND_IN_COLLECTIONS = Object.values(
  require('../../backend/dist/integrations/crm/local-crm.collections.js').LOCAL_CRM_COLLECTIONS,
);
const READ_COMMANDS = new Set(['find', 'count', 'distinct', 'aggregate']);

/**
 * Commands per signer by collection (reads and writes): the product's, and apart the local
 * CRM's and the mail catcher's (they stand in for HubSpot and the SMTP server).
 */
function commandsPerSigner(rows, signers) {
  const tally = (collections) => {
    const byCollection = new Map();
    for (const row of rows.filter((r) => collections(r.collection))) {
      const entry = byCollection.get(row.collection) ?? {
        collection: row.collection,
        reads: 0,
        writes: 0,
      };
      entry[READ_COMMANDS.has(row.command) ? 'reads' : 'writes'] += row.count / signers;
      byCollection.set(row.collection, entry);
    }
    const list = [...byCollection.values()].sort(
      (a, b) => b.reads + b.writes - (a.reads + a.writes),
    );
    const reads = list.reduce((sum, c) => sum + c.reads, 0);
    const writes = list.reduce((sum, c) => sum + c.writes, 0);
    return { collections: list, reads, writes, total: reads + writes };
  };
  const standIn = (name) =>
    MAIL_CATCHER_COLLECTIONS.includes(name) || CRM_STAND_IN_COLLECTIONS.includes(name);
  return {
    ...tally((name) => !standIn(name)),
    crmStandIn: tally((name) => CRM_STAND_IN_COLLECTIONS.includes(name)),
    mailCatcher: tally((name) => MAIL_CATCHER_COLLECTIONS.includes(name)).total,
  };
}

/**
 * A staff dashboard's socket through the balancer (the shell's, with the session cookie):
 * counts live updates and notes the agreements it saw turn signed. It reconnects as the
 * shell does when its replica goes away, and then refetches (`signedNow`), as the shell's
 * dashboards do on a reconnect (`onReconnect` of useStaffRealtime).
 */
async function watchDashboard(base, staff, signedNow) {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: staff.cookie, origin: staff.origin },
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  const watch = { events: 0, reconnects: 0, signed: new Set(), close: () => socket.disconnect() };
  socket.on('contract-changed', (event) => {
    watch.events += 1;
    if (event.status === 'signed') watch.signed.add(String(event.id));
  });
  socket.io.on('reconnect', async () => {
    watch.reconnects += 1;
    for (const id of await signedNow()) watch.signed.add(id);
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return watch;
}

/**
 * The faults of a cluster run, on a schedule from the start of signing: one api SIGKILLed
 * (started again 2 s later), nginx reloading, then the workers restarted one after the
 * other — the first gracefully (SIGTERM, it drains), the second SIGKILLed. `done()` waits
 * for the schedule to end and lists what was done.
 */
function injectFaults(cluster, kinds) {
  const done = [];
  const at = (seconds, action) => sleep(seconds * 1000).then(action);
  const exited = (child) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', resolve));
  const restartWorker = async (i, signal) => {
    const worker = cluster.processes.workers[i];
    worker.kill(signal);
    await exited(worker);
    cluster.start.worker(i);
    done.push(
      `worker ${i + 1} ${signal === 'SIGKILL' ? 'SIGKILLed' : 'stopped (SIGTERM)'} and restarted`,
    );
  };
  const schedule = [];
  if (kinds.has('api-kill')) {
    schedule.push(
      at(3, async () => {
        const api = cluster.processes.apis[0];
        api.kill('SIGKILL');
        await exited(api);
        await sleep(2000);
        cluster.start.api(0);
        done.push('api 1 SIGKILLed at 3 s, started again at 5 s');
      }),
    );
  }
  if (kinds.has('lb-reload')) {
    schedule.push(
      at(6, () => {
        cluster.reloadBalancer();
        done.push('nginx reloaded at 6 s');
      }),
    );
  }
  if (kinds.has('workers')) {
    schedule.push(
      at(8, () => restartWorker(0, 'SIGTERM')).then(() => at(4, () => restartWorker(1, 'SIGKILL'))),
    );
  }
  return {
    async done() {
      await Promise.all(schedule);
      return done;
    },
  };
}

/** Each signed-copy delivery (ids in `wanted`) caught by the mail catcher once, by Message-ID. */
async function deliveredOnce(db, wanted) {
  const deliveries = await db
    .collection('mail_deliveries')
    .find({ _id: { $in: [...wanted] } }, { projection: { messageId: 1 } })
    .toArray();
  const caught = await db
    .collection('caught_mails')
    .find({}, { projection: { messageId: 1 } })
    .toArray();
  const count = new Map();
  for (const mail of caught) count.set(mail.messageId, (count.get(mail.messageId) ?? 0) + 1);
  const result = { caughtOnce: 0, missing: 0, duplicated: 0 };
  for (const delivery of deliveries) {
    const n = count.get(delivery.messageId) ?? 0;
    if (n === 1) result.caughtOnce += 1;
    else if (n === 0) result.missing += 1;
    else result.duplicated += 1;
  }
  result.missing += wanted.size - deliveries.length;
  return result;
}

/** Times a one-document insert every `everyMs`, one at a time, until stopped. */
function writeProbe(db, everyMs = 10_000) {
  const times = [];
  let stopped = false;
  let lastText = '—';
  (async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        await db.collection('bench_probe').insertOne({ at: new Date() });
        const ms = performance.now() - started;
        if (!stopped) times.push(ms);
        lastText = secs(ms);
      } catch {
        // the run is ending
      }
      await sleep(everyMs);
    }
  })();
  return {
    last: () => lastText,
    stop() {
      stopped = true;
      return stats(times);
    },
  };
}

/**
 * Waits until every mail delivery whose id passes `wanted` is sent (and at least `expect` of
 * them exist), or `timeoutMs` passes; returns how many are recorded and sent.
 */
async function waitForMails(db, wanted, timeoutMs, expect = 0) {
  const deadline = Date.now() + timeoutMs;
  let counts = { queued: 0, sent: 0, failed: 0 };
  for (;;) {
    const docs = await db
      .collection('mail_deliveries')
      .find({}, { projection: { _id: 1, status: 1 } })
      .toArray();
    const mine = docs.filter((d) => wanted(String(d._id)));
    counts = {
      queued: mine.length,
      sent: mine.filter((d) => d.status === 'sent').length,
      failed: mine.filter((d) => d.status === 'failed').length,
    };
    if (mine.length >= expect && counts.sent + counts.failed === mine.length) return counts;
    if (Date.now() > deadline) return counts;
    await sleep(1000);
  }
}

/** Waits until no CRM write is queued or retrying, or `timeoutMs` passes; returns how many still are. */
/**
 * Waits until every agreement of these signing tokens is sealed; how many are not (at the
 * timeout). Asks only for those not seen sealed yet, once a second: the polling's own reads
 * fall in the measured CPU.
 */
async function waitForSeals(db, tokens, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let pending = [...tokens];
  while (pending.length > 0 && Date.now() <= deadline) {
    const sealed = await db
      .collection('agreements')
      .find({ token: { $in: pending }, 'finish.state': 'completed' }, { projection: { token: 1 } })
      .toArray();
    const done = new Set(sealed.map((r) => r.token));
    pending = pending.filter((token) => !done.has(token));
    if (pending.length > 0) await sleep(1000);
  }
  return pending.length;
}

async function waitForCrmWrites(db, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await db
      .collection('crm_stage_moves')
      .countDocuments({ status: { $in: ['queued', 'retrying'] } });
    if (pending === 0 || Date.now() > deadline) return pending;
    await sleep(500);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the services this bench started`);
    stopAll().finally(() => process.exit(130));
  });
}

let closeProfiler = () => undefined;

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  // The relay last: the api and worker hold connections through it until they stop.
  .finally(() => stopAll().then(() => closeProfiler()));
