import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { DelayedError, type Job, type Queue } from 'bullmq';
import { QueueName } from '../src/platform/queues/queue-names';
import { shutdownTracing, startTracing } from '../src/platform/tracing/tracing';
import { TRACE_CONTEXT_KEY, TracedQueue, TracedWorker } from '../src/platform/tracing/traced-queue';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sealedFinish,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { startMailCatcherEnv, type MailCatcherEnv } from './support/mail-catcher-env';
import { waitFor } from './support/wait-for';

const DEAL_ID = '40000003';

/**
 * Traces (README, "Traces"): a signer's finish is one trace from the api's request through
 * the queues to the worker's seal, mail and CRM write, and no span carries the signing token.
 * Spans are kept in memory by the exporter seam of startTracing, api and worker in this process.
 */
describe('traces: a signer finishes, one trace from the request to the seal, mail and CRM', () => {
  let services: MailCatcherEnv;
  const exporter = new InMemorySpanExporter();
  let api: INestApplication;
  let worker: INestApplicationContext;
  let http: StaffHttp;

  beforeAll(async () => {
    expect(startTracing({ serviceName: 'prosign-test', env: {}, exporter })).toBe(true);
    services = await startMailCatcherEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
    const { config } = services.env;
    await seedBaseData(config);
    ({ app: api } = await startApi(config));
    http = await staffHttp(api, 'csm@prosign.example');
    worker = await startWorker(config);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await shutdownTracing();
    await services?.close();
  });

  const spans = () => exporter.getFinishedSpans();
  const idOf = (span: ReadableSpan) => span.spanContext().spanId;
  const parentIdOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
  /** The one span of the trace named so, whose parent is `parent`. */
  const childOf = (within: ReadableSpan[], parent: ReadableSpan, name: string) => {
    const found = within.filter((span) => span.name === name && parentIdOf(span) === idOf(parent));
    expect({ name, found: found.length }).toEqual({ name, found: 1 });
    return found[0];
  };

  it('links the finish request, the seal job, the seal, the mail and the CRM write; no span holds the token', async () => {
    const { token } = await sendContract(http, { hsDealId: DEAL_ID });
    await saveSignatureAndConsent(api, token);
    // A route with a link's token in its path (another family's, refused): named by its pattern.
    await signerHttp(api, { linkToken: token }).get(`/api/co/verify-link/${token}`);

    await signerHttp(api).post('/api/signing/finish').send({ token }).expect(200);
    await sealedFinish(api, token);

    const finish = spans().find((span) => span.name === 'POST /api/signing/finish');
    expect(finish).toBeDefined();
    if (!finish) return;
    expect(finish.kind).toBe(SpanKind.SERVER);
    expect(finish.attributes).toMatchObject({
      'http.route': '/api/signing/finish',
      'http.response.status_code': 200,
    });
    const traceId = finish.spanContext().traceId;
    // The mail and the CRM write run after the seal, each from its own queue.
    const finishTrace = await waitFor(
      () => Promise.resolve(spans().filter((span) => span.spanContext().traceId === traceId)),
      (found) => ['mail send', 'crm write'].every((name) => found.some((s) => s.name === name)),
      { timeoutMs: 20_000, intervalMs: 100 },
    );

    // api request → the seal job queued → the worker's run of it → the seal.
    const sealQueued = childOf(finishTrace, finish, 'send signing seal-agreement');
    expect(sealQueued.kind).toBe(SpanKind.PRODUCER);
    const sealRun = childOf(finishTrace, sealQueued, 'process signing seal-agreement');
    expect(sealRun.kind).toBe(SpanKind.CONSUMER);
    const seal = childOf(finishTrace, sealRun, 'seal');
    expect(seal.attributes['prosign.seal.level']).toBe(services.env.config.SEAL_LEVEL);

    // The seal job queues the signed copy's mail and the CRM write: each run is its child.
    const mailQueued = childOf(finishTrace, sealRun, 'send mail send-mail');
    const mailRun = childOf(finishTrace, mailQueued, 'process mail send-mail');
    expect(mailRun.kind).toBe(SpanKind.CONSUMER);
    // The signed copy was handed to the SMTP server: its span ended without an error.
    expect(childOf(finishTrace, mailRun, 'mail send').status.code).toBe(SpanStatusCode.UNSET);
    const crmQueued = childOf(finishTrace, sealRun, 'send crm move-deal-stage');
    const crmRun = childOf(finishTrace, crmQueued, 'process crm move-deal-stage');
    expect(childOf(finishTrace, crmRun, 'crm write').attributes['prosign.crm.event']).toBe(
      'signed',
    );
    // Every span of the finish's trace descends from its request: one trace, nothing detached.
    const ids = new Set(finishTrace.map(idOf));
    for (const span of finishTrace)
      if (span !== finish) expect(ids.has(parentIdOf(span) ?? '')).toBe(true);

    // The token-in-path request is named by its route; no span anywhere holds the token.
    const verify = spans().find(
      (span) => span.attributes['http.route'] === '/api/co/verify-link/:customId',
    );
    expect(verify?.name).toBe('GET /api/co/verify-link/:customId');
    const everything = JSON.stringify(
      spans().map((span) => ({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
        resource: span.resource.attributes,
      })),
    );
    expect(everything).not.toContain(token);

    // The job as stored carries its producer's W3C context under one key; its handler read
    // the data without it (a key it did not know would have failed the job's validation).
    const signingQueue = api.get<Queue>(getQueueToken(QueueName.Signing), { strict: false });
    const sealJob = (await signingQueue.getJobs(['completed'])).find(
      (job) =>
        (job.data as Record<string, { traceparent?: string }>)[TRACE_CONTEXT_KEY]?.traceparent ===
        `00-${traceId}-${idOf(sealQueued)}-01`,
    );
    expect(sealJob?.returnvalue).toEqual({ sealed: true });
  });

  it("runs a job under its producer's span, its handler reading the data it was given; a job parked for later is no failure", async () => {
    const producer = api.get<Queue>(getQueueToken(QueueName.Signing), { strict: false });
    const seen: unknown[] = [];
    const queue = new TracedQueue('tracing-check', {
      connection: producer.opts.connection,
      prefix: producer.opts.prefix,
    });
    const consumer = new TracedWorker(
      'tracing-check',
      async (job: Job, token?: string) => {
        seen.push(job.data);
        if (job.attemptsMade === 0 && seen.length === 1) {
          await job.moveToDelayed(Date.now() + 10, token);
          throw new DelayedError();
        }
        return 'done';
      },
      { connection: producer.opts.connection, prefix: producer.opts.prefix },
    );
    try {
      const outer = trace.getTracer('test').startSpan('outer');
      await context.with(trace.setSpan(context.active(), outer), () =>
        queue.add('check', { n: 1 }, { jobId: 'tracing-check-1' }),
      );
      outer.end();
      const runs = await waitFor(
        () =>
          Promise.resolve(spans().filter((span) => span.name === 'process tracing-check check')),
        (found) => found.length === 2,
        { timeoutMs: 10_000, intervalMs: 50 },
      );
      const queued = spans().find((span) => span.name === 'send tracing-check check');
      expect(queued && parentIdOf(queued)).toBe(outer.spanContext().spanId);
      for (const run of runs) expect(run && parentIdOf(run)).toBe(queued && idOf(queued));
      expect(seen).toEqual([{ n: 1 }, { n: 1 }]);
      // Parked (moved to delayed), then done: neither run is an error.
      expect(runs.map((run) => [run.status.code, run.events.map((event) => event.name)])).toEqual([
        [SpanStatusCode.UNSET, ['DelayedError']],
        [SpanStatusCode.UNSET, []],
      ]);
    } finally {
      await consumer.close();
      await queue.close();
    }
  });
});
