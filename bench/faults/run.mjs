// Fault injection: the real api, worker and mail catcher processes on an
// embedded MongoDB (FerretDB) and a redis-server of their own, all started here. N
// contracts are sent through the API and N signers finish them, while the worker is
// SIGKILLed at random moments and restarted, redis-server is restarted (its AOF keeps the
// queues), the database is restarted, and the mail catcher is stopped for a while. The CRM
// is HubSpot, played by a stand-in in this process (backend/test/support/hubspot-stand-in.ts)
// that keeps what it is told; it is down (connection refused, then 503s) while the signers
// finish. Clients behave as people do: an error answer or a dropped connection is
// tried again. Afterwards it checks, from the database, the catcher and the stand-in: every
// accepted signature is on its sealed PDF, every contract reached its final state, each mail
// was delivered exactly once (by Message-ID), each CRM move was made once, and the CRM holds
// exactly one file (the sealed PDF) and one note per event (sent, viewed, signed) of every
// signed contract, its deal moved once to each stage, nothing in the failed list. Prints the
// counts; exits 1 on any loss or duplicate.
//
//   node bench/faults/run.mjs                  # the long run: 100 sends, 100 finishes
//   node bench/faults/run.mjs --short          # what `npm test` runs (backend/test/faults.fault-spec.ts)
//   FAULTS_OPERATIONS=20 FAULTS_CATCHER_DOWN_S=60 FAULTS_CRM_DOWN_S=120 FAULTS_SEED=7 node bench/faults/run.mjs
//   --json: the summary as one JSON line at the end.
//
// The backend runs from its TypeScript sources (bench/faults/ts-register.cjs): no build needed.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { jsonCall } from '../lib/http.mjs';
import { pool, runStoppingAll, seededRandom } from '../lib/runs.mjs';
import { freePort, sleep, startProcess, stopProcess, run } from '../../scripts/lib/processes.mjs';
import { startMongo, startRedis } from '../../scripts/lib/services.mjs';
import { DATA_DIR, ROOT } from '../../scripts/lib/setup.mjs';
import { stackEnv, stackPorts } from '../../scripts/lib/stack.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));

const SHORT = process.argv.includes('--short');
const JSON_OUT = process.argv.includes('--json');
const N = Number(process.env.FAULTS_OPERATIONS ?? (SHORT ? 6 : 100));
const CATCHER_DOWN_MS = Number(process.env.FAULTS_CATCHER_DOWN_S ?? (SHORT ? 6 : 600)) * 1000;
const CRM_DOWN_MS = Number(process.env.FAULTS_CRM_DOWN_S ?? (SHORT ? 6 : 600)) * 1000;
const SETTLE_MS = Number(process.env.FAULTS_SETTLE_S ?? (SHORT ? 150 : 1800)) * 1000;
const SEED = Number(process.env.FAULTS_SEED ?? Date.now() % 100000);
const ADMIN = 'admin@prosign.example';
const REGISTER = path.join(ROOT, 'bench/faults/ts-register.cjs');
const BACKEND = path.join(ROOT, 'backend');
// The domain library from its sources, through the same compiler hook.
require(REGISTER);
const {
  CAPTCHA_PASS_HEADER,
  formatPacificTimestamp,
  STANDARD_TEMPLATE_DOC_IDS,
} = require('../../libs/domain/src/index.ts');
const TEMPLATE_DOC_ID = STANDARD_TEMPLATE_DOC_IDS.default;
const { HubSpotStandIn } = require('../../backend/test/support/hubspot-stand-in.ts');
// The marker a CRM write leaves in its file's name and its note (the product's own rule).
const { crmMarkerOf } = require('../../backend/src/modules/crm/crm-agreement-record.ts');
/** The events of a signed contract that each leave one note on its deal. */
const CRM_NOTE_EVENTS = ['sent', 'viewed', 'signed'];
/** The deal's stage after the signature (the default rules of the sales pipeline). */
const CRM_SIGNED_STAGE = 'closedwon';

const rand = seededRandom(SEED);
const between = (min, max) => min + rand() * (max - min);

const log = (line) => console.log(`[faults] ${line}`);

// ── HTTP with the patience of a person: errors and dropped connections are tried again ──

const agent = new http.Agent({ keepAlive: false });

function call(base, method, url, options = {}) {
  return jsonCall(base, method, url, { ...options, agent, timeoutMs: 180_000 });
}

const stats = { operations: 0, retries: 0 };

/** Calls until the answer is not a 5xx, 409 or 429 nor a network error; gives up after `budgetMs`. */
async function patiently(what, attempt, budgetMs = SETTLE_MS) {
  const deadline = Date.now() + budgetMs;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await attempt();
      if (res.status < 300) return res;
      last = `${res.status} ${JSON.stringify(res.json)?.slice(0, 200)}`;
      if (res.status < 500 && res.status !== 409 && res.status !== 429) {
        throw new Error(`${what}: ${last}`);
      }
    } catch (error) {
      if (String(error.message).startsWith(`${what}:`)) throw error;
      last = error.message;
    }
    if (Date.now() > deadline) throw new Error(`${what} gave up: ${last}`);
    stats.retries += 1;
    await sleep(between(300, 1500));
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

async function waitFor(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last === true) return;
    } catch (error) {
      if (error.fatal) throw error;
      last = error.message;
    }
    if (Date.now() > deadline) throw new Error(`${what} not reached: ${JSON.stringify(last)}`);
    await sleep(500);
  }
}

async function main() {
  const started = Date.now();
  const work = path.join(DATA_DIR, `faults-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  log(
    `seed ${SEED}: ${N} sends and ${N} finishes; mail catcher down ${CATCHER_DOWN_MS / 1000} s; ` +
      `CRM down ${CRM_DOWN_MS / 1000} s; logs in ${work}`,
  );
  // HubSpot: one deal per contract, and a contact for each signer (notes go on both).
  const hubspot = new HubSpotStandIn();
  await hubspot.start();
  const dealOf = (i) => String(60_000_000 + i);
  // Free ports are taken by others now and then (other processes start at the same time):
  // a service that cannot listen is started again on another one.
  const ports = { ...stackPorts() };
  const mongoOptions = { dataDir: path.join(work, 'mongo'), logFile: path.join(work, 'mongo.log') };
  const redisOptions = { dataDir: path.join(work, 'redis'), logFile: path.join(work, 'redis.log') };
  const onFreePort = async (start, options) => {
    for (let attempt = 1; ; attempt += 1) {
      options.port = await freePort();
      try {
        return await start(options);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  };
  let mongo = await onFreePort(startMongo, mongoOptions);
  let redis = await onFreePort(startRedis, redisOptions);
  const mongoUri = `${mongo.uri}/faults`;
  const environment = () => ({
    ...stackEnv(ports, { mongoUri, redisUrl: redis.url }),
    QUEUE_PREFIX: `faults-${process.pid}`,
    LOG_LEVEL: 'warn',
    CAPTCHA_PASS_SECRET: 'faults-captcha-secret-0123456789abcdef',
    // Every signer from its own address, as behind a load balancer (the signer rate limit).
    TRUST_PROXY_HOPS: '1',
    // Retries and sweeps on a test's time scale (the product's are hours and a minute).
    MAIL_RETRY_DELAY_MS: '1000',
    MAIL_SEND_ATTEMPTS: '20',
    MAIL_SWEEP_EVERY_MS: '3000',
    // The CRM's retries are the product's own (CRM_MOVE_ATTEMPTS, CRM_RETRY_DELAY_MS): they
    // must outlast the outage by themselves.
    CRM_ADAPTER: 'hubspot',
    HUBSPOT_BASE_URL: hubspot.url,
    HUBSPOT_ACCESS_TOKEN: 'pat-faults-stand-in',
    HUBSPOT_PROJECT_OBJECT_TYPE: '2-998877',
  });
  let env;
  const client = new MongoClient(mongoUri, { serverSelectionTimeoutMS: 60_000 });
  const counts = {
    operations: 0,
    sends: 0,
    finishes: 0,
    faults: { workerKills: 0, redisRestarts: 0, databaseRestarts: 0, catcherStops: 0, crmStops: 0 },
    mails: 0,
    crmMoves: 0,
    // What the CRM holds and how it got there.
    crm: {
      downSeconds: 0,
      finishesWhileDown: 0,
      requestsWhileDown: 0,
      files: 0,
      notes: 0,
      stageMoves: 0,
      fileCreates: 0,
      noteCreates: 0,
      failedListed: 0,
      drainSeconds: null,
    },
    lost: 0,
    duplicated: 0,
    problems: [],
  };
  try {
    let api;
    let worker;
    let catcher;
    for (let attempt = 1; ; attempt += 1) {
      ports.api = await freePort();
      ports.mailCatcher = await freePort();
      env = environment();
      if (attempt === 1) {
        log('seeding demo data');
        await run(process.execPath, ['-r', REGISTER, 'src/main.seed.ts'], {
          cwd: BACKEND,
          env,
          quiet: true,
        });
      }
      api = backendProcess('api', 'main.api.ts', env, work);
      worker = backendProcess('worker', 'main.worker.ts', env, work);
      catcher = backendProcess('mail-catcher', 'main.mail-catcher.ts', env, work);
      const up = await waitFor(
        'the stack is healthy',
        async () => {
          for (const child of [api, worker, catcher]) {
            if (child.exitCode !== null) {
              throw Object.assign(new Error(`${child.processName} exited`), { fatal: true });
            }
          }
          const res = await call(`http://127.0.0.1:${ports.api}`, 'GET', '/api/health');
          return res.status === 200 && res.json?.workers?.alive >= 1 ? true : res.json;
        },
        180_000,
      ).then(
        () => true,
        (error) => {
          if (attempt >= 3 || !/exited/.test(error.message)) throw error;
          return false;
        },
      );
      if (up) break;
      log('a process could not start (its port was taken?): starting them again');
      await Promise.all([api, worker, catcher].map((child) => stopProcess(child, 3000)));
    }
    const base = `http://127.0.0.1:${ports.api}`;
    await client.connect();
    const db = client.db();
    log(`stack up in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    // ── Faults, on their own schedule while the operations run ──
    let loadDone = false;
    let crmDown = false;
    let crmBackAt;
    const phase = {};
    let sendingStarted;
    let signingStarted;
    phase.sending = new Promise((resolve) => (sendingStarted = resolve));
    phase.signing = new Promise((resolve) => (signingStarted = resolve));
    const faults = (async () => {
      // The worker: SIGKILL at random moments, back after a moment.
      const killer = (async () => {
        // The first kill as the first send starts (so every run has one), then at random.
        await phase.sending;
        for (let kill = 0; !loadDone; kill += 1) {
          if (kill > 0) await sleep(between(1000, 4000));
          if (loadDone) break;
          worker.kill('SIGKILL');
          await new Promise((resolve) =>
            worker.exitCode !== null || worker.signalCode !== null
              ? resolve()
              : worker.once('exit', resolve),
          );
          counts.faults.workerKills += 1;
          await sleep(between(200, 2000));
          worker = backendProcess('worker', 'main.worker.ts', env, work);
        }
      })();
      // The mail catcher: stopped for CATCHER_DOWN_MS early on, then started again.
      const catcherOutage = (async () => {
        await phase.sending;
        await stopProcess(catcher);
        counts.faults.catcherStops += 1;
        log(`mail catcher stopped for ${CATCHER_DOWN_MS / 1000} s`);
        await sleep(CATCHER_DOWN_MS);
        catcher = backendProcess('mail-catcher', 'main.mail-catcher.ts', env, work);
        log('mail catcher started again');
      })();
      // Redis while contracts are being sent, the database while signers finish (each once in
      // the short run; the long run adds rounds at random moments of the load).
      const restartRedis = async () => {
        await stopProcess(redis.child);
        await sleep(between(300, 1500));
        redis = await startRedis(redisOptions);
        counts.faults.redisRestarts += 1;
        log('redis-server restarted (AOF)');
      };
      const restartDatabase = async () => {
        await stopProcess(mongo.child);
        await sleep(between(300, 1500));
        mongo = await startMongo(mongoOptions);
        counts.faults.databaseRestarts += 1;
        log('database restarted');
      };
      const restarts = (async () => {
        await phase.sending;
        await sleep(between(200, 1500));
        await restartRedis();
        await phase.signing;
        await sleep(between(0, 300));
        await restartDatabase();
        for (let round = 1; !SHORT && round < 3 && !loadDone; round += 1) {
          await sleep(between(5000, 20000));
          await (rand() < 0.5 ? restartRedis() : restartDatabase());
        }
      })();
      // The CRM: down while the signers finish, for CRM_DOWN_MS and at least until half of them
      // (50 at most) finished while it was down, whatever the machine's load; refused for four
      // fifths of the time, then 503s.
      const crmOutage = (async () => {
        await phase.signing;
        await hubspot.setState('refused');
        crmDown = true;
        const crmDownAt = Date.now();
        counts.faults.crmStops += 1;
        log(`CRM stopped for ${CRM_DOWN_MS / 1000} s (refused, then 503 for the last fifth)`);
        await sleep(CRM_DOWN_MS * 0.8);
        const quota = Math.min(Math.ceil(N / 2), 50);
        while (counts.crm.finishesWhileDown < quota && !loadDone) await sleep(200);
        await hubspot.setState('unavailable');
        await sleep(CRM_DOWN_MS * 0.2);
        await hubspot.setState('up');
        crmDown = false;
        crmBackAt = Date.now();
        counts.crm.downSeconds = Math.round((crmBackAt - crmDownAt) / 1000);
        log(
          `CRM back after ${counts.crm.downSeconds} s ` +
            `(${counts.crm.finishesWhileDown} signers finished while it was down)`,
        );
      })();
      await Promise.all([killer, catcherOutage, restarts, crmOutage]);
    })();

    // ── The operations: N sends through the API, then N signers finishing at once ──
    const signIn = await patiently('sign-in', () =>
      call(base, 'POST', '/api/auth/local', {
        headers: { origin: env.CORS_ORIGINS.split(',')[0] },
        body: { email: ADMIN },
      }),
    );
    const staff = {
      origin: env.CORS_ORIGINS.split(',')[0],
      cookie: String(signIn.headers['set-cookie']).split(';')[0],
    };
    const contracts = [];
    await pool(N, 2, async (i) => {
      const first = ['Maria', 'James', 'Aiko', 'Noah', 'Priya'][i % 5];
      const last = `Fault${String(i).padStart(3, '0')}`;
      const email = `${first}.${last}@example.com`.toLowerCase();
      const dealId = dealOf(i);
      hubspot.addDeal(dealId, { dealname: `${first} ${last} retrofit` });
      hubspot.addContact(String(70_000_000 + i), email);
      const form = {
        full_name: `${first} ${last}`,
        email,
        company_name: '',
        contact_number: `+1415555${String(1000 + i).slice(-4)}`,
        site_address: `${300 + i} Larkin Street`,
        city: 'San Francisco',
        state: 'CA',
        zipcode: '94109',
        cost: 12500,
        deposit: 6250,
        progress: 0,
        balance: 6250,
        csm_email: 'csm@prosign.example',
        pm_email: 'pm@prosign.example',
        t24ReportCount: 0,
      };
      const created = await patiently('create-contract', () =>
        call(base, 'POST', '/api/template/create-contract', {
          headers: staff,
          body: {
            docLink: `${env.PUBLIC_API_URL}/api/documents/d/${TEMPLATE_DOC_ID}/edit`,
            formData: {
              ...form,
              additional_email: 'office@example.com',
              hs_deal_id: dealId,
              project_type: 'Seismic retrofit',
              serviceType: 'Structural Engineering',
              first_name: first,
              last_name: last,
            },
          },
        }),
      );
      sendingStarted();
      const sent = await patiently('send', () =>
        call(base, 'POST', '/api/contracts/send', {
          headers: staff,
          body: {
            ...form,
            docLink: created.json.docLink,
            cc_email: 'office@example.com',
            form_type: 'Structural Engineering',
            contractTitle: 'Structural Engineering Agreement',
            hsDealId: dealId,
          },
        }),
      );
      counts.sends += 1;
      contracts[i] = { token: sent.json.token, signature: `${first} ${last}`, dealId };
    });
    log(`${counts.sends} contracts sent`);

    const signingOrigin = new URL(env.PUBLIC_SIGNING_URL).origin;
    await Promise.all(
      contracts.map(async (contract, n) => {
        const headers = { origin: signingOrigin, 'x-forwarded-for': `10.77.${n >> 8}.${n & 255}` };
        const config = await patiently('captcha config', () =>
          call(base, 'GET', '/api/captcha/config', { headers }),
        );
        const verified = await patiently('captcha verify', () =>
          call(base, 'POST', '/api/captcha/verify', {
            headers,
            body: { response: config.json.challenge, linkToken: contract.token },
          }),
        );
        const signer = { ...headers, [CAPTCHA_PASS_HEADER]: verified.json.pass };
        const { token } = contract;
        await patiently('verifyToken', () =>
          call(base, 'POST', '/api/verifyToken', { headers: signer, body: { token } }),
        );
        signingStarted();
        await patiently('signature', () =>
          call(base, 'POST', '/api/template/upload-signature', {
            headers: signer,
            body: { token, textSignature: contract.signature },
          }),
        );
        await patiently('initials', () =>
          call(base, 'POST', '/api/template/upload-initials', {
            headers: signer,
            body: { token, agreedToTerms: true },
          }),
        );
        const finished = await patiently('finish', () =>
          call(base, 'POST', '/api/signing/finish', { headers: signer, body: { token } }),
        );
        contract.finished = finished.json;
        counts.finishes += 1;
        if (crmDown) counts.crm.finishesWhileDown += 1;
      }),
    );
    log(`${counts.finishes} signers finished`);
    loadDone = true;
    await faults;
    counts.operations = counts.sends + counts.finishes;

    // ── Settle: every mail sent, every finish complete, every CRM move made ──
    const tokens = contracts.map((c) => c.token);
    log('waiting for the pipelines to settle');
    await waitFor(
      'every mail sent, every finish completed, every CRM move made',
      async () => {
        const [unsent, unfinished, unmoved, failed] = await Promise.all([
          db.collection('mail_deliveries').countDocuments({ status: { $ne: 'sent' } }),
          db
            .collection('agreements')
            .countDocuments({ token: { $in: tokens }, 'finish.state': { $ne: 'completed' } }),
          db.collection('crm_stage_moves').countDocuments({ status: { $ne: 'moved' } }),
          db.collection('crm_stage_moves').countDocuments({ status: 'failed' }),
        ]);
        // A CRM write that ran out of tries waits for an admin: it will not settle by itself.
        if (failed > 0) {
          throw Object.assign(new Error(`${failed} CRM write(s) failed for good`), {
            fatal: true,
          });
        }
        return unsent + unfinished + unmoved === 0 ? true : { unsent, unfinished, unmoved };
      },
      SETTLE_MS,
    ).catch((error) => counts.problems.push(error.message));
    // How long the writes held back by the outage took to reach the CRM once it was back.
    const [last] = await db
      .collection('crm_stage_moves')
      .find({ status: 'moved' })
      .sort({ movedAt: -1 })
      .limit(1)
      .toArray();
    if (crmBackAt && last?.movedAt) {
      counts.crm.drainSeconds = Math.max(0, Math.round((last.movedAt - crmBackAt) / 1000));
    }
    // The catcher stores a mail before it answers: give the last answers a moment to land.
    await sleep(1000);

    // ── Check ──
    const agreements = await db
      .collection('agreements')
      .find({ token: { $in: tokens } })
      .toArray();
    const byToken = new Map(agreements.map((a) => [a.token, a]));
    const { getDocument } = await import(
      path.join(ROOT, 'node_modules/pdfjs-dist/legacy/build/pdf.mjs')
    );
    for (const contract of contracts) {
      const agreement = byToken.get(contract.token);
      const lost = (why) => {
        counts.lost += 1;
        counts.problems.push(`${contract.token.slice(0, 8)}…: ${why}`);
      };
      const duplicated = (why) => {
        counts.duplicated += 1;
        counts.problems.push(`${contract.token.slice(0, 8)}…: ${why}`);
      };
      if (!agreement) {
        lost('the agreement is missing');
        continue;
      }
      if (agreement.status !== 'signed' || agreement.finish?.state !== 'completed') {
        lost(`status ${agreement.status}, finish ${agreement.finish?.state}`);
        continue;
      }
      const pdf = await patiently('signed PDF', () =>
        call(base, 'GET', new URL(agreement.signedDocLink).pathname),
      );
      // The sealed PDF is the one recorded, and its agreement pages (not only the audit trail)
      // carry the signature stamped with the signing time.
      const digest = createHash('sha256').update(pdf.raw).digest('hex');
      if (digest !== agreement.signedSha256) lost('the signed PDF is not the one recorded');
      const pages = await pdfPages(getDocument, pdf.raw);
      const stamp = formatPacificTimestamp(agreement.signedAt);
      const agreementPages = pages.filter((page) => !page.includes('Audit trail:'));
      if (!agreementPages.some((page) => page.includes(stamp))) {
        lost(`the signature (stamped ${stamp}) is not on the signed PDF`);
      }
      // CRM: the sent and signed moves, each recorded once and made.
      if (contract.dealId) {
        for (const milestone of ['sent', 'signed']) {
          const move = await db
            .collection('crm_stage_moves')
            .findOne({ _id: `standard-${milestone}.${String(agreement._id)}` });
          if (move?.status === 'moved') counts.crmMoves += 1;
          else lost(`CRM move ${milestone}: ${move?.status ?? 'never requested'}`);
        }
      }
      // The CRM record: the sealed PDF once, one note per event, the signed note with the file.
      const id = String(agreement._id);
      const files = hubspot.filesWith(crmMarkerOf(`standard-signed.${id}`));
      if (files.length === 0) lost('no file in the CRM');
      if (files.length > 1) duplicated(`${files.length} files in the CRM`);
      if (files.length === 1 && files[0].sha256 !== agreement.signedSha256) {
        lost('the file in the CRM is not the sealed PDF');
      }
      for (const event of CRM_NOTE_EVENTS) {
        const notes = hubspot.notesWith(crmMarkerOf(`standard-${event}.${id}`));
        if (notes.length === 0) {
          // Whether the write was never queued (lost before the CRM) or queued and not done.
          const write = await db
            .collection('crm_stage_moves')
            .findOne({ _id: `standard-${event}.${id}` }, { projection: { status: 1 } });
          lost(`no ${event} note in the CRM (its write: ${write?.status ?? 'never queued'})`);
        }
        if (notes.length > 1) duplicated(`${notes.length} ${event} notes in the CRM`);
        if (!notes.every((note) => note.associations.includes(`deals:${contract.dealId}`))) {
          lost(`the ${event} note is not on deal ${contract.dealId}`);
        }
        if (event === 'signed' && notes.length === 1 && files.length === 1) {
          if (notes[0].attachmentIds.join() !== files[0].id) lost('the signed note lacks the file');
        }
      }
      // The deal: each stage entered once, forwards, ending signed.
      const deal = hubspot.deals.get(contract.dealId);
      const moves = deal?.stageMoves ?? [];
      counts.crm.stageMoves += moves.length;
      if (new Set(moves).size !== moves.length) {
        duplicated(`deal ${contract.dealId} moved ${moves.join(' → ')}`);
      }
      if (deal?.properties.dealstage !== CRM_SIGNED_STAGE) {
        lost(`deal ${contract.dealId} at ${deal?.properties.dealstage}, not ${CRM_SIGNED_STAGE}`);
      }
      // Its mails: the link, the copy to the cc address, the signed copy.
      // Keyed by the agreement's _id (a signing token never names a mail).
      for (const key of [
        `contract-review-link.${String(agreement._id)}`,
        `contract-cc-copy.${String(agreement._id)}`,
        `contract-signed-copy.${String(agreement._id)}`,
      ]) {
        if (!(await db.collection('mail_deliveries').countDocuments({ _id: key }))) {
          lost(`mail ${key.split('.')[0]} never recorded`);
        }
      }
    }
    // Every recorded mail arrived exactly once, by its Message-ID.
    const deliveries = await db.collection('mail_deliveries').find({}).toArray();
    const caught = await db
      .collection('caught_mails')
      .aggregate([{ $group: { _id: '$messageId', n: { $sum: 1 } } }])
      .toArray();
    const caughtBy = new Map(caught.map((c) => [c._id, c.n]));
    for (const delivery of deliveries) {
      const n = caughtBy.get(delivery.messageId) ?? 0;
      counts.mails += Math.min(n, 1);
      if (n === 0) {
        counts.lost += 1;
        counts.problems.push(`mail ${delivery._id} (${delivery.status}) never arrived`);
      }
      if (n > 1) {
        counts.duplicated += n - 1;
        counts.problems.push(`mail ${delivery._id} arrived ${n} times`);
      }
    }
    const recorded = new Set(deliveries.map((d) => d.messageId));
    for (const [messageId, n] of caughtBy) {
      if (!recorded.has(messageId)) {
        counts.duplicated += n;
        counts.problems.push(`a mail nobody sent arrived (${messageId})`);
      }
    }
    // The CRM as a whole: nothing beyond these contracts' writes, every create kept once,
    // nothing the stand-in did not understand, and the admins' failed list empty.
    counts.crm.files = hubspot.files.length;
    counts.crm.notes = hubspot.notes.length;
    counts.crm.fileCreates = hubspot.counts.fileCreates;
    counts.crm.noteCreates = hubspot.counts.noteCreates;
    counts.crm.requestsWhileDown = hubspot.counts.refusedOrUnavailable;
    const signedCount = agreements.filter((a) => a.status === 'signed').length;
    if (counts.crm.files > signedCount) {
      counts.duplicated += counts.crm.files - signedCount;
      counts.problems.push(
        `${counts.crm.files} files in the CRM for ${signedCount} signed contracts`,
      );
    }
    const expectedNotes = CRM_NOTE_EVENTS.length * contracts.length;
    if (counts.crm.notes > expectedNotes) {
      counts.duplicated += counts.crm.notes - expectedNotes;
      counts.problems.push(`${counts.crm.notes} notes in the CRM, ${expectedNotes} expected`);
    }
    for (const request of hubspot.unexpected.slice(0, 5)) {
      counts.problems.push(`the CRM stand-in did not know ${request}`);
    }
    const failedList = await patiently('failed CRM writes', () =>
      call(base, 'GET', '/api/hubspot/stage-moves?status=failed&page=1&limit=20', {
        headers: staff,
      }),
    );
    counts.crm.failedListed = failedList.json.total;
    if (counts.crm.failedListed) {
      counts.lost += counts.crm.failedListed;
      counts.problems.push(`${counts.crm.failedListed} CRM write(s) in the admins' failed list`);
    }
    counts.seconds = Math.round((Date.now() - started) / 1000);
    counts.seed = SEED;
  } finally {
    await client.close().catch(() => undefined);
    await hubspot.stop().catch(() => undefined);
    // Stops only what this run started.
    const { stopAll } = await import('../../scripts/lib/processes.mjs');
    await stopAll(5000);
  }

  const f = counts.faults;
  const c = counts.crm;
  log(
    `operations ${counts.operations} (${counts.sends} sends, ${counts.finishes} finishes); faults injected ` +
      `${f.workerKills + f.redisRestarts + f.databaseRestarts + f.catcherStops + f.crmStops} (worker killed ${f.workerKills}, ` +
      `redis restarted ${f.redisRestarts}, database restarted ${f.databaseRestarts}, catcher stopped ${f.catcherStops}, ` +
      `CRM stopped ${f.crmStops}); mails ${counts.mails}, CRM moves ${counts.crmMoves}; retries ${stats.retries}; ` +
      `lost ${counts.lost}, duplicated ${counts.duplicated}; ${counts.seconds} s`,
  );
  log(
    `CRM: ${c.finishesWhileDown} signers finished while it was down (${c.downSeconds} s, ` +
      `${c.requestsWhileDown} requests answered 503); files ${c.files} (${c.fileCreates} created), ` +
      `notes ${c.notes} (${c.noteCreates} created), deal stage moves ${c.stageMoves}, ` +
      `failed list ${c.failedListed}; drained ${c.drainSeconds ?? '?'} s after it came back`,
  );
  for (const problem of counts.problems.slice(0, 20)) log(`  ! ${problem}`);
  if (JSON_OUT)
    console.log(JSON.stringify({ faultsSummary: { ...counts, retries: stats.retries } }));
  // The logs stay when something went wrong.
  if (counts.lost || counts.duplicated || counts.problems.length) process.exitCode = 1;
  else rmSync(work, { recursive: true, force: true });
}

async function pdfPages(getDocument, buffer) {
  const pdf = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise;
  const pages = [];
  for (let page = 1; page <= pdf.numPages; page += 1) {
    const content = await (await pdf.getPage(page)).getTextContent();
    pages.push(
      content.items
        .map((item) => item.str ?? '')
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return pages;
}

runStoppingAll('faults', main);
