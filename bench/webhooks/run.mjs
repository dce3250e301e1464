// Webhook delivery under faults: the real api and two workers on an embedded MongoDB
// (FerretDB) and a redis-server of their own, all started here, and a receiver in this process
// subscribed to every event. Agreements are created, sent and cancelled through the public api
// with a key (three events each: agreement.created, agreement.sent, agreement.cancelled).
//
//   1. Backlog: events are recorded while no worker runs, then the two workers start and the
//      time until every event has reached the receiver gives deliveries per second.
//   2. Healthy: events at a steady pace to a receiver that answers 200: the time from each
//      event (its `timestamp`) to its delivery, p50 / p95 / p99 (budget: p99 ≤ 5 s).
//   3. Faults: the receiver answers 500 to 30 % of deliveries, is down (connection refused)
//      for 60 s, and both workers are SIGKILLed twice and started again.
// Then it checks from what the receiver got, verified with the independent `standardwebhooks`
// library: every event recorded for these agreements was delivered (0 lost), each under one
// `webhook-id` (a repeat is a redelivery of the same id and body, never a second id), numbered
// 1, 2, 3 per agreement, and the database holds no delivery failed or still pending.
//
//   node bench/webhooks/run.mjs                 # 10,000 events under faults (≈ 20 min here)
//   node bench/webhooks/run.mjs --short         # what `npm test` runs (backend/test/webhooks.fault-spec.ts)
//   WEBHOOKS_EVENTS=2000 WEBHOOKS_DOWN_S=20 WEBHOOKS_SEED=7 node bench/webhooks/run.mjs
//   --json: the summary as one JSON line at the end.
//
// The retry schedule is the product's, on a bench's time scale (first retry after 2 s instead
// of 30 s, at most 60 s apart; 1 s and 8 s in the short run): the question is whether anything
// is lost, not how long 3 days is.
// The backend runs from its TypeScript sources (bench/faults/ts-register.cjs): no build needed.
import { rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { jsonCall } from '../lib/http.mjs';
import { pool, runStoppingAll, seededRandom } from '../lib/runs.mjs';
import { loadavg } from '../lib/services.mjs';
import { freePort, run, sleep, startProcess } from '../../scripts/lib/processes.mjs';
import { startMongo, startRedis } from '../../scripts/lib/services.mjs';
import { DATA_DIR, ROOT } from '../../scripts/lib/setup.mjs';
import { stackEnv, stackPorts } from '../../scripts/lib/stack.mjs';

const require = createRequire(path.join(ROOT, 'backend/package.json'));
const { MongoClient } = require('mongodb');
const { Webhook } = require('standardwebhooks');

const SHORT = process.argv.includes('--short');
const JSON_OUT = process.argv.includes('--json');
const num = (name, full, short) => Number(process.env[name] ?? (SHORT ? short : full));
/** The events of each agreement, in order: its sequence numbers are 1, 2, 3. */
const EVENT_TYPES = ['agreement.created', 'agreement.sent', 'agreement.cancelled'];
/** Agreements (three events each) of each phase, from the events asked for. */
const agreementsFor = (events) => Math.ceil(events / EVENT_TYPES.length);
const FAULT_AGREEMENTS = agreementsFor(num('WEBHOOKS_EVENTS', 10_000, 180));
const BACKLOG_AGREEMENTS = agreementsFor(num('WEBHOOKS_BACKLOG_EVENTS', 2_000, 30));
const HEALTHY_AGREEMENTS = agreementsFor(num('WEBHOOKS_HEALTHY_EVENTS', 1_000, 30));
const [FAULT_EVENTS, BACKLOG_EVENTS, HEALTHY_EVENTS] = [
  FAULT_AGREEMENTS,
  BACKLOG_AGREEMENTS,
  HEALTHY_AGREEMENTS,
].map((n) => n * EVENT_TYPES.length);
/** The pace of the healthy phase: agreements made per second (three events each). */
const HEALTHY_RATE = num('WEBHOOKS_HEALTHY_RATE', 4, 2);
const FAILURE_SHARE = num('WEBHOOKS_FAILURE_SHARE', 0.3, 0.3);
const DOWN_MS = num('WEBHOOKS_DOWN_S', 60, 6) * 1000;
const WORKER_KILL_ROUNDS = num('WEBHOOKS_KILL_ROUNDS', 2, 2);
const SETTLE_MS = num('WEBHOOKS_SETTLE_S', 900, 150) * 1000;
const CONCURRENCY = num('WEBHOOKS_CLIENTS', 8, 4);
const SEED = Number(process.env.WEBHOOKS_SEED ?? Date.now() % 100000);
const P99_BUDGET_MS = 5000;
const ADMIN = 'admin@prosign.example';
const REGISTER = path.join(ROOT, 'bench/faults/ts-register.cjs');
const BACKEND = path.join(ROOT, 'backend');
const WORKERS = ['worker-1', 'worker-2'];

const rand = seededRandom(SEED);
const between = (min, max) => min + rand() * (max - min);
const log = (line) => console.log(`[webhooks] ${line}`);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const call = (base, method, url, options = {}) =>
  jsonCall(base, method, url, { ...options, agent, timeoutMs: 120_000 });

/** Calls until the answer is not a 5xx nor a network error; a 4xx is a bug of this bench. */
async function patiently(what, attempt, budgetMs = 120_000) {
  const deadline = Date.now() + budgetMs;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await attempt();
      if (res.status < 300) return res;
      last = `${res.status} ${JSON.stringify(res.json)?.slice(0, 300)}`;
      if (res.status < 500 && res.status !== 429) throw new Error(`${what}: ${last}`);
    } catch (error) {
      if (String(error.message).startsWith(`${what}:`)) throw error;
      last = error.message;
    }
    if (Date.now() > deadline) throw new Error(`${what} gave up: ${last}`);
    await sleep(between(200, 1000));
  }
}

/** `p`-th percentile (0–100) of sorted numbers. */
function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ── The receiver: a customer's endpoint on loopback ──

class Receiver {
  /** Every request that arrived: id, body, headers, the status it was given, when. */
  requests = [];
  /** Share of requests answered 500. */
  failureShare = 0;
  /**
   * The endpoint's `standardwebhooks` verifier: each request is verified as it arrives, as a
   * receiver does (the library refuses a timestamp over 5 minutes from its clock).
   */
  verifier = null;
  server = null;
  sockets = new Set();
  port = 0;

  async start(port = 0) {
    this.server = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        const at = Date.now();
        const status = rand() < this.failureShare ? 500 : 200;
        const body = Buffer.concat(chunks).toString('utf8');
        let verifyError = null;
        try {
          this.verifier.verify(body, {
            'webhook-id': req.headers['webhook-id'],
            'webhook-timestamp': req.headers['webhook-timestamp'],
            'webhook-signature': req.headers['webhook-signature'],
          });
        } catch (error) {
          verifyError = error.message;
        }
        this.requests.push({ at, status, id: req.headers['webhook-id'], body, verifyError });
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status === 200 ? 'ok' : 'refused');
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    this.port = this.server.address().port;
  }

  /** Down: no new connection is accepted and open ones are cut. */
  async stop() {
    const closed = new Promise((resolve) => this.server.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** The first 2xx of each event id: when, and its parsed payload. */
  delivered() {
    const first = new Map();
    for (const request of this.requests) {
      if (request.status === 200 && !first.has(request.id)) first.set(request.id, request);
    }
    return first;
  }
}

// ── The processes ──

function backendProcess(name, entry, env, logDir) {
  return startProcess(name, process.execPath, ['-r', REGISTER, `src/${entry}`], {
    cwd: BACKEND,
    env,
    logFile: path.join(logDir, `${name}.log`),
  });
}

async function killHard(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function main() {
  const started = Date.now();
  const work = path.join(DATA_DIR, `webhooks-bench-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  log(
    `seed ${SEED}: backlog ${BACKLOG_EVENTS}, healthy ${HEALTHY_EVENTS}, faults ${FAULT_EVENTS} events ` +
      `(${FAILURE_SHARE * 100} % answered 500, receiver down ${DOWN_MS / 1000} s, both workers killed ` +
      `${WORKER_KILL_ROUNDS}×); logs in ${work}; load ${loadavg()}`,
  );
  const ports = { ...stackPorts(), api: await freePort(), mailCatcher: await freePort() };
  const mongo = await startMongo({
    port: await freePort(),
    dataDir: path.join(work, 'mongo'),
    logFile: path.join(work, 'mongo.log'),
  });
  const redis = await startRedis({
    port: await freePort(),
    dataDir: path.join(work, 'redis'),
    logFile: path.join(work, 'redis.log'),
  });
  const mongoUri = `${mongo.uri}/webhooks_bench`;
  const receiver = new Receiver();
  await receiver.start();
  const env = {
    ...stackEnv(ports, { mongoUri, redisUrl: redis.url }),
    QUEUE_PREFIX: `webhooks-bench-${process.pid}`,
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
    WEBHOOK_RETRY_FIRST_DELAY_MS: SHORT ? '1000' : '2000',
    WEBHOOK_RETRY_MAX_DELAY_MS: SHORT ? '8000' : '60000',
    WEBHOOK_SWEEP_EVERY_MS: '5000',
    // One client makes every call here: the per-key limit is not what is measured.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  const client = new MongoClient(mongoUri, { serverSelectionTimeoutMS: 60_000 });
  const summary = {
    seed: SEED,
    events: { backlog: BACKLOG_EVENTS, healthy: HEALTHY_EVENTS, faults: FAULT_EVENTS },
    backlog: null,
    healthy: null,
    faults: { workerKills: 0, receiverDownSeconds: 0, answered500: 0, eventsPerSecond: 0 },
    recorded: 0,
    delivered: 0,
    lost: 0,
    redeliveries: 0,
    secondIds: 0,
    unverified: 0,
    failedOrPending: 0,
    tries: 0,
    problems: [],
  };
  const workers = new Map();
  const startWorkers = () => {
    for (const name of WORKERS)
      workers.set(name, backendProcess(name, 'main.worker.ts', env, work));
  };
  try {
    log('seeding demo data');
    // Without the demo endpoint (the api's own inbox): only the bench's receiver is subscribed.
    await run(process.execPath, ['-r', REGISTER, 'src/main.seed.ts'], {
      cwd: BACKEND,
      env: { ...env, WEBHOOK_ALLOW_HTTP_LOOPBACK: 'false' },
      quiet: true,
    });
    const api = backendProcess('api', 'main.api.ts', env, work);
    // Sending mails the signer: the local mailbox catches it, as in `npm start`.
    backendProcess('mail-catcher', 'main.mail-catcher.ts', env, work);
    const base = `http://127.0.0.1:${ports.api}`;
    await patiently(
      'the api',
      async () => {
        if (api.exitCode !== null) throw new Error('the api: exited');
        return call(base, 'GET', '/api/health');
      },
      180_000,
    );
    await client.connect();
    const db = client.db();

    // An admin makes the key and the endpoint on their pages' routes.
    const origin = env.CORS_ORIGINS.split(',')[0];
    const signIn = await patiently('sign-in', () =>
      call(base, 'POST', '/api/auth/local', { headers: { origin }, body: { email: ADMIN } }),
    );
    const staff = { origin, cookie: String(signIn.headers['set-cookie']).split(';')[0] };
    const key = (
      await patiently('the api key', () =>
        call(base, 'POST', '/api/api-keys', {
          headers: staff,
          body: {
            name: 'webhooks bench',
            scopes: ['agreements:read', 'agreements:write', 'services:read'],
          },
        }),
      )
    ).json.key;
    const endpoint = (
      await patiently('the endpoint', () =>
        call(base, 'POST', '/api/webhook-endpoints', {
          headers: staff,
          body: {
            url: `http://127.0.0.1:${receiver.port}/hooks/prosign`,
            description: 'webhooks bench receiver',
            events: EVENT_TYPES,
          },
        }),
      )
    ).json;
    receiver.verifier = new Webhook(endpoint.secret);
    const apiKey = { authorization: `Bearer ${key}` };
    const services = await patiently('services', () =>
      call(base, 'GET', '/api/v1/services', { headers: apiKey }),
    );
    const serviceId = services.json.data[0].id;

    /** How long each public api call took (ms), by call: the cost of making the events. */
    const callMs = { create: [], send: [], cancel: [] };
    const timed = (what, attempt) =>
      patiently(what, attempt).then((res) => {
        callMs[what].push(res.ms);
        return res;
      });
    /** The agreements made, by phase. */
    const agreementIds = [];
    let made = 0;
    /** Creates one agreement, sends it and cancels it: three events. */
    const createSendCancel = async (phase) => {
      const i = made++;
      const idempotencyKey = `bench-${process.pid}-${i}`;
      const created = await timed('create', () =>
        call(base, 'POST', '/api/v1/agreements', {
          headers: { ...apiKey, 'idempotency-key': idempotencyKey },
          body: {
            family: 'standard',
            serviceId,
            signer: { name: `Bench Signer ${i}`, email: `bench.signer.${i}@example.com` },
            siteAddress: `${100 + (i % 900)} Bench Street`,
            cost: 4800,
            deposit: 800,
            csmEmail: 'csm@prosign.example',
          },
        }),
      );
      const id = created.json.id;
      agreementIds.push({ id, phase });
      await timed('send', () =>
        call(base, 'POST', `/api/v1/agreements/${id}/send`, {
          headers: { ...apiKey, 'idempotency-key': `${idempotencyKey}-send` },
        }),
      );
      await timed('cancel', () =>
        call(base, 'POST', `/api/v1/agreements/${id}/cancel`, {
          headers: { ...apiKey, 'idempotency-key': `${idempotencyKey}-cancel` },
        }),
      );
    };
    const deliveredCountOf = (phase) => {
      const ids = new Set(agreementIds.filter((a) => a.phase === phase).map((a) => a.id));
      let n = 0;
      for (const request of receiver.delivered().values()) {
        if (ids.has(JSON.parse(request.body).data.id)) n += 1;
      }
      return n;
    };
    const waitDelivered = async (phase, expected, budgetMs) => {
      const deadline = Date.now() + budgetMs;
      for (;;) {
        const n = deliveredCountOf(phase);
        if (n >= expected) return true;
        if (Date.now() > deadline) return false;
        await sleep(250);
      }
    };

    // ── 1. Backlog: recorded with no worker running, then two workers drain it ──
    log(`backlog: ${BACKLOG_EVENTS} events recorded with no worker running`);
    await pool(BACKLOG_AGREEMENTS, CONCURRENCY, () => createSendCancel('backlog'));
    const drainStarted = Date.now();
    startWorkers();
    const drained = await waitDelivered('backlog', BACKLOG_EVENTS, SETTLE_MS);
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    // The workers' own start (Nest, connections) is part of it: timed from the first delivery.
    const backlogRequests = [...receiver.delivered().values()];
    const firstAt = Math.min(...backlogRequests.map((r) => r.at));
    const lastAt = Math.max(...backlogRequests.map((r) => r.at));
    summary.backlog = {
      drained,
      secondsFromWorkerStart: Number(drainSeconds.toFixed(1)),
      deliveriesPerSecond: Number(
        (BACKLOG_EVENTS / Math.max(0.001, (lastAt - firstAt) / 1000)).toFixed(1),
      ),
    };
    log(
      `backlog: ${drained ? 'drained' : 'NOT drained'} ${drainSeconds.toFixed(1)} s after the workers ` +
        `started; ${summary.backlog.deliveriesPerSecond} deliveries/s from the first to the last`,
    );

    // ── 2. Healthy: a steady pace, every answer 200 ──
    log(`healthy: ${HEALTHY_EVENTS} events at ${HEALTHY_RATE * EVENT_TYPES.length} events/s`);
    const healthyStarted = Date.now();
    await pool(HEALTHY_AGREEMENTS, CONCURRENCY, async () => {
      // Paced: the i-th agreement is not made before its slot.
      const slot = healthyStarted + (made - BACKLOG_AGREEMENTS) * (1000 / HEALTHY_RATE);
      if (slot > Date.now()) await sleep(slot - Date.now());
      await createSendCancel('healthy');
    });
    await waitDelivered('healthy', HEALTHY_EVENTS, 60_000);
    const healthyIds = new Set(agreementIds.filter((a) => a.phase === 'healthy').map((a) => a.id));
    const latencies = [];
    for (const request of receiver.delivered().values()) {
      const payload = JSON.parse(request.body);
      if (healthyIds.has(payload.data.id))
        latencies.push(request.at - Date.parse(payload.timestamp));
    }
    latencies.sort((a, b) => a - b);
    summary.healthy = {
      delivered: latencies.length,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.at(-1) ?? null,
    };
    log(
      `healthy: event → delivery p50 ${summary.healthy.p50Ms} ms, p95 ${summary.healthy.p95Ms} ms, ` +
        `p99 ${summary.healthy.p99Ms} ms (budget ${P99_BUDGET_MS}), max ${summary.healthy.maxMs} ms`,
    );
    if (latencies.length < HEALTHY_EVENTS) {
      summary.problems.push(`healthy: ${latencies.length} of ${HEALTHY_EVENTS} delivered in time`);
    }
    // A budget for the bench on a quiet machine; the short run in `npm test` checks no timing.
    if (!SHORT && (summary.healthy.p99Ms ?? Infinity) > P99_BUDGET_MS) {
      summary.problems.push(`healthy: p99 ${summary.healthy.p99Ms} ms over ${P99_BUDGET_MS} ms`);
    }

    // ── 3. Faults: 500s, the receiver down, the workers killed ──
    log(`faults: ${FAULT_EVENTS} events`);
    receiver.failureShare = FAILURE_SHARE;
    let loadDone = false;
    const faultStart = made;
    const progress = () => (made - faultStart) / FAULT_AGREEMENTS;
    const untilProgress = async (share) => {
      while (progress() < share && !loadDone) await sleep(100);
    };
    const faults = (async () => {
      const outage = (async () => {
        await untilProgress(0.2);
        await receiver.stop();
        const downAt = Date.now();
        log(`receiver down for ${DOWN_MS / 1000} s`);
        await sleep(DOWN_MS);
        await receiver.start(receiver.port);
        summary.faults.receiverDownSeconds = Math.round((Date.now() - downAt) / 1000);
        log('receiver back');
      })();
      const kills = (async () => {
        for (let round = 1; round <= WORKER_KILL_ROUNDS; round += 1) {
          await untilProgress((round / (WORKER_KILL_ROUNDS + 1)) * between(0.8, 1.2));
          await Promise.all([...workers.values()].map(killHard));
          summary.faults.workerKills += workers.size;
          log(`both workers killed (round ${round})`);
          await sleep(between(500, 3000));
          startWorkers();
        }
      })();
      await Promise.all([outage, kills]);
    })();
    const loadStarted = Date.now();
    await pool(FAULT_AGREEMENTS, CONCURRENCY, () => createSendCancel('faults'));
    loadDone = true;
    summary.faults.eventsPerSecond = Number(
      (FAULT_EVENTS / ((Date.now() - loadStarted) / 1000)).toFixed(1),
    );
    await faults;
    log(
      `faults: load done (${summary.faults.eventsPerSecond} events/s through the api); ` +
        'waiting for every event to be delivered',
    );
    const faultsDrained = await waitDelivered('faults', FAULT_EVENTS, SETTLE_MS);
    if (!faultsDrained) summary.problems.push('faults: not every event delivered in time');

    // ── The checks ──
    const ours = new Set(agreementIds.map((a) => a.id));
    const recorded = await db
      .collection('webhook_events')
      .find(
        { agreementId: { $in: [...ours] } },
        { projection: { _id: 1, agreementId: 1, type: 1 } },
      )
      .toArray();
    summary.recorded = recorded.length;
    const expected = BACKLOG_EVENTS + HEALTHY_EVENTS + FAULT_EVENTS;
    if (recorded.length !== expected) {
      summary.problems.push(`${recorded.length} events recorded, ${expected} expected`);
    }
    const firstDelivery = receiver.delivered();
    for (const event of recorded) {
      if (!firstDelivery.has(event._id)) {
        summary.lost += 1;
        if (summary.lost <= 5)
          summary.problems.push(`event ${event._id} (${event.type}) never delivered`);
      }
    }
    summary.delivered = recorded.length - summary.lost;
    // One id per event: an agreement's (type) reached the receiver under one webhook-id only.
    const idsByEvent = new Map();
    const bodiesById = new Map();
    let signatureChecks = 0;
    for (const request of receiver.requests) {
      summary.tries += 1;
      if (request.status === 500) summary.faults.answered500 += 1;
      if (request.verifyError) {
        summary.unverified += 1;
        if (summary.unverified <= 5) {
          summary.problems.push(`unverified delivery: ${request.verifyError}`);
        }
        continue;
      }
      signatureChecks += 1;
      const payload = JSON.parse(request.body);
      if (payload.id !== request.id)
        summary.problems.push(`payload id ≠ webhook-id (${request.id})`);
      const eventKey = `${payload.data.id}/${payload.type}`;
      const ids = idsByEvent.get(eventKey) ?? new Set();
      ids.add(request.id);
      idsByEvent.set(eventKey, ids);
      const body = bodiesById.get(request.id);
      if (body !== undefined && body !== request.body) {
        summary.problems.push(`webhook-id ${request.id} came with two bodies`);
      }
      bodiesById.set(request.id, request.body);
      if (payload.data.sequence !== EVENT_TYPES.indexOf(payload.type) + 1) {
        summary.problems.push(`${eventKey} numbered ${payload.data.sequence}`);
      }
      if (/token|\/sign\//i.test(request.body)) summary.problems.push(`${eventKey} names a token`);
    }
    for (const [eventKey, ids] of idsByEvent) {
      if (ids.size > 1) {
        summary.secondIds += ids.size - 1;
        summary.problems.push(`${eventKey} delivered under ${ids.size} webhook-ids`);
      }
    }
    const okById = new Map();
    for (const request of receiver.requests) {
      if (request.status === 200) okById.set(request.id, (okById.get(request.id) ?? 0) + 1);
    }
    for (const n of okById.values()) summary.redeliveries += n - 1;
    summary.failedOrPending = await db
      .collection('webhook_deliveries')
      .countDocuments({ endpointId: endpoint.endpoint.id, state: { $ne: 'delivered' } });
    if (summary.failedOrPending) {
      summary.problems.push(`${summary.failedOrPending} deliveries failed or still pending`);
    }
    const faultWindow = receiver.requests.filter((r) => r.at >= started);
    summary.seconds = Math.round((Date.now() - started) / 1000);
    summary.triesPerSecond = Number((faultWindow.length / summary.seconds).toFixed(1));
    summary.signatureChecks = signatureChecks;
    summary.load = loadavg();
    summary.apiCallP50Ms = Object.fromEntries(
      Object.entries(callMs).map(([what, ms]) => [
        what,
        Math.round(
          percentile(
            ms.sort((a, b) => a - b),
            50,
          ),
        ),
      ]),
    );
  } finally {
    await client.close().catch(() => undefined);
    await receiver.stop().catch(() => undefined);
    const { stopAll } = await import('../../scripts/lib/processes.mjs');
    // Stops only what this run started (the database and redis-server included).
    await stopAll(5000);
  }

  const f = summary.faults;
  log(
    `recorded ${summary.recorded}, delivered ${summary.delivered}, lost ${summary.lost}; ` +
      `${summary.tries} requests (${f.answered500} answered 500), ${summary.redeliveries} redeliveries ` +
      `under the same webhook-id, ${summary.secondIds} events under a second id, ` +
      `${summary.unverified} unverified; workers killed ${f.workerKills}, receiver down ` +
      `${f.receiverDownSeconds} s; ${summary.seconds} s; load ${summary.load}; api calls p50 ` +
      `${JSON.stringify(summary.apiCallP50Ms)} ms`,
  );
  for (const problem of summary.problems.slice(0, 20)) log(`  ! ${problem}`);
  if (JSON_OUT) console.log(JSON.stringify({ webhooksSummary: summary }));
  if (summary.problems.length || summary.lost) process.exitCode = 1;
  else rmSync(work, { recursive: true, force: true });
}

runStoppingAll('webhooks', main);
