import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { SEAL_WAITING_MESSAGES } from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import { MetricsServer } from '../src/platform/metrics/metrics-server';
import { QUEUE_NAMES } from '../src/platform/queues/queue-names';
import { startMailCatcherEnv, type MailCatcherEnv } from './support/mail-catcher-env';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sealedFinish,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { waitFor } from './support/wait-for';

/** One sample of a scrape: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The Prometheus text format, read as Prometheus reads it (comments skipped). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key, value]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

async function scrape(port: number): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await response.text());
}

/** The value of the one sample of `name` whose labels include `labels` (0 when there is none yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} names several series`);
  return found[0]?.value ?? 0;
}

const FINISH_ROUTE = {
  route: '/api/signing/finish',
  method: 'POST',
  status: '200',
};

/**
 * Prometheus metrics (README, Metrics): api and worker each serve `/metrics` on a port of
 * their own, and a contract signed through the product moves the series an operator watches —
 * the finish route's latency, signings, the seal's duration at its level, the seal, mail and
 * CRM jobs — while no label ever carries a signing token.
 */
describe('metrics of the api and the worker', () => {
  let services: MailCatcherEnv;
  let api: INestApplication;
  let apiUrl: string;
  let worker: INestApplicationContext;
  let apiPort: number;
  let workerPort: number;
  let connection: Connection;

  beforeAll(async () => {
    services = await startMailCatcherEnv(__filename, {
      PUBLIC_API_URL,
      PUBLIC_SIGNING_URL,
      // Any free port: the suites run side by side.
      METRICS_PORT: '0',
      WORKER_METRICS_PORT: '0',
    });
    await seedBaseData(services.env.config);
    ({ app: api, url: apiUrl } = await startApi(services.env.config));
    worker = await startWorker(services.env.config);
    connection = api.get<Connection>(getConnectionToken(), { strict: false });
    apiPort = api.get(MetricsServer).port!;
    workerPort = worker.get(MetricsServer).port!;
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await services?.close();
  });

  it('serves each process on its own port, never under the api', async () => {
    expect(apiPort).toBeGreaterThan(0);
    expect(workerPort).toBeGreaterThan(0);
    expect(new Set([apiPort, workerPort, Number(new URL(apiUrl).port)]).size).toBe(3);
    for (const path of ['/api/metrics', '/metrics', '/api/metrics/']) {
      const response = await fetch(`${apiUrl}${path}`);
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.text()).not.toContain('prosign_');
    }
    // The metrics listener serves nothing else.
    expect((await fetch(`http://127.0.0.1:${apiPort}/api/health`)).status).toBe(404);
  });

  it('moves when an agreement is signed, sealed, mailed and written to the CRM', async () => {
    const [apiBefore, workerBefore] = await Promise.all([scrape(apiPort), scrape(workerPort)]);
    const level = services.env.config.SEAL_LEVEL;

    const sent = await sendContract(await staffHttp(api, 'csm@prosign.example'), {
      hsDealId: '40000007',
    });
    const signer = signerHttp(api);
    await signer
      .post('/api/verifyToken')
      .send({ token: sent.token, prefix: 'contract' })
      .expect(200);
    // The token in a path: a route's pattern is the label, and no route at all is one label.
    await signer.get(`/api/document/fields/${sent.token}`);
    await signer.get(`/api/no-such-route/${sent.token}`).expect(404);
    await saveSignatureAndConsent(api, sent.token);
    await signer.post('/api/signing/finish').send({ token: sent.token }).expect(200);
    await sealedFinish(api, sent.token);
    const { family } = (await connection
      .collection('agreements')
      .findOne({ token: sent.token }, { projection: { family: 1 } }))!;

    const apiAfter = await scrape(apiPort);
    const histogram = 'prosign_http_request_duration_seconds_count';
    expect(valueOf(apiAfter, histogram, FINISH_ROUTE)).toBe(
      valueOf(apiBefore, histogram, FINISH_ROUTE) + 1,
    );
    expect(valueOf(apiAfter, histogram, { route: '(unmatched)', status: '404' })).toBeGreaterThan(
      0,
    );
    const signings = 'prosign_signings_completed_total';
    expect(valueOf(apiAfter, signings, { family })).toBe(
      valueOf(apiBefore, signings, { family }) + 1,
    );

    // The worker seals, mails the signed copy and writes the deal after the signer's answer.
    const jobs = 'prosign_job_duration_seconds_count';
    const done = (queue: string, name: string) => ({ queue, name, outcome: 'completed' });
    const workerAfter = await waitFor(
      () => scrape(workerPort),
      (samples) =>
        [
          done('signing', 'seal-agreement'),
          done('mail', 'send-mail'),
          done('crm', 'move-deal-stage'),
        ]
          .map((labels) => valueOf(samples, jobs, labels) > valueOf(workerBefore, jobs, labels))
          .every(Boolean),
    );
    const seals = 'prosign_seal_duration_seconds_count';
    expect(valueOf(workerAfter, seals, { level })).toBe(
      valueOf(workerBefore, seals, { level }) + 1,
    );
    expect(valueOf(workerAfter, 'prosign_seal_duration_seconds_sum', { level })).toBeGreaterThan(0);

    // No label of either process carries the token (nor the path it was in).
    for (const sample of [...apiAfter, ...workerAfter]) {
      for (const value of Object.values(sample.labels)) expect(value).not.toContain(sent.token);
    }
    const routes = new Set(apiAfter.filter((s) => s.name === histogram).map((s) => s.labels.route));
    expect(routes).toContain('/api/document/fields/:customId');
    expect(routes).not.toContain('/api/no-such-route/:token');
  });

  it('reads every queue, the outboxes and the seals waiting for a time stamp at each scrape', async () => {
    // Once the signing's mails and CRM writes are done, both outboxes are empty.
    const samples = await waitFor(
      () => scrape(apiPort),
      (scraped) =>
        valueOf(scraped, 'prosign_mail_outbox_backlog') === 0 &&
        valueOf(scraped, 'prosign_crm_outbox_backlog') === 0,
    );
    for (const queue of QUEUE_NAMES) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(samples).toContainEqual(
          expect.objectContaining({ name: 'prosign_queue_jobs', labels: { queue, state } }),
        );
      }
      expect(samples).toContainEqual(
        expect.objectContaining({
          name: 'prosign_queue_oldest_waiting_job_age_seconds',
          labels: { queue },
        }),
      );
    }
    const backlogs = ['mail_outbox', 'crm_outbox'].map((store) => `prosign_${store}_backlog`);
    const waiting = 'prosign_seals_waiting_for_timestamp';
    const waitedLongest = 'prosign_seal_timestamp_wait_oldest_seconds';
    for (const name of [...backlogs, waiting, waitedLongest]) {
      expect(samples).toContainEqual({ name, labels: {}, value: expect.any(Number) });
    }

    // A mail and a CRM write recorded and not yet done, and a seal waiting ten minutes for the
    // time-stamp service (as the finish records it): each is counted at the next scrape.
    const now = Date.now();
    const pending = { status: 'queued', createdAt: new Date(now), updatedAt: new Date(now) };
    await connection
      .collection('mail_deliveries')
      .insertOne({ _id: 'metrics-mail', ...pending } as never);
    await connection
      .collection('crm_stage_moves')
      .insertOne({ _id: 'metrics-crm', ...pending } as never);
    const startedAt = new Date(now - 10 * 60_000);
    await connection.collection('agreements').insertOne({
      _id: new Types.ObjectId(),
      family: 'standard',
      status: 'signed',
      finish: {
        state: 'in_progress',
        failedStep: 'merged',
        lastError: `${SEAL_WAITING_MESSAGES[0]}: the time-stamp service failed`,
        startedAt,
        failedAt: new Date(now),
        // Held by a runner that is not gone: the worker's resume schedule leaves it alone.
        runner: 'metrics-test',
        leaseUntil: new Date(now + 60 * 60_000),
      },
    });
    const after = await scrape(apiPort);
    for (const name of backlogs) expect(valueOf(after, name)).toBe(1);
    expect(valueOf(after, waiting)).toBe(valueOf(samples, waiting) + 1);
    expect(valueOf(after, waitedLongest)).toBeGreaterThanOrEqual(600);

    // Node's process metrics are there too; the worker leaves the installation's gauges to the api.
    expect(samples.some((sample) => sample.name === 'process_cpu_user_seconds_total')).toBe(true);
    const workerSamples = await scrape(workerPort);
    expect(workerSamples.some((sample) => sample.name === 'prosign_queue_jobs')).toBe(false);
    expect(workerSamples.some((sample) => sample.name === 'nodejs_heap_size_used_bytes')).toBe(
      true,
    );
  });
});
