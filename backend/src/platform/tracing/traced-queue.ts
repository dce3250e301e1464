import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import {
  DelayedError,
  Queue,
  RateLimitError,
  WaitingChildrenError,
  WaitingError,
  Worker,
  type BulkJobOptions,
  type Job,
  type JobsOptions,
  type Processor,
  type WorkerOptions,
} from 'bullmq';

/**
 * The key of a job's data under which its producer's W3C trace context travels
 * (`{ traceparent, tracestate? }`): the worker's span of the job continues the trace of
 * the request or job that queued it. Only present while tracing runs (docs: README, "Traces").
 */
export const TRACE_CONTEXT_KEY = 'traceContext';

type TraceCarrier = { traceparent?: string; tracestate?: string };
type JobData = Record<string, unknown>;

const tracer = () => trace.getTracer('prosign.queues');

function isPlainData(data: unknown): data is JobData {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

/** Job data without the producer's trace context: what the job's own handler reads. */
export function withoutTraceContext(data: unknown): unknown {
  if (!isPlainData(data) || !(TRACE_CONTEXT_KEY in data)) return data;
  const { [TRACE_CONTEXT_KEY]: _carried, ...rest } = data;
  return rest;
}

/** `data` with the context of `span` under TRACE_CONTEXT_KEY; as it was when nothing propagates. */
export function withTraceContext<T>(data: T, span: Span): T {
  if (!isPlainData(data)) return data;
  const carrier: TraceCarrier = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  if (!carrier.traceparent) return data;
  return { ...data, [TRACE_CONTEXT_KEY]: carrier } as T;
}

function producerSpan(queue: string, jobName: string): Span {
  return tracer().startSpan(`send ${queue} ${jobName}`, {
    kind: SpanKind.PRODUCER,
    attributes: {
      'messaging.system': 'bullmq',
      'messaging.operation.type': 'send',
      'messaging.destination.name': queue,
      'bullmq.job.name': jobName,
    },
  });
}

/** What a processor throws to park its job (delayed, waiting for children), not a failure. */
const PARKED = [DelayedError, WaitingChildrenError, WaitingError, RateLimitError];

async function endAfter<R>(span: Span, work: Promise<R>): Promise<R> {
  try {
    return await work;
  } catch (error) {
    if (PARKED.some((parked) => error instanceof parked)) {
      span.addEvent((error as Error).name);
      throw error;
    }
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * Every queue of the app (BullModule.queueClass): each job added is a producer span, child of
 * the current one (the api's request, the worker's job), whose context goes into the job's data.
 * With tracing off the span is the API's no-op and the data stay as given.
 */
export class TracedQueue extends Queue {
  override add(name: string, data: unknown, opts?: JobsOptions): Promise<Job> {
    const span = producerSpan(this.name, name);
    const added = super.add(name, withTraceContext(data, span), opts).then((job) => {
      if (job.id) span.setAttribute('messaging.message.id', job.id);
      return job;
    });
    return endAfter(span, added);
  }

  override addBulk(jobs: { name: string; data: unknown; opts?: BulkJobOptions }[]): Promise<Job[]> {
    const spans = jobs.map((job) => producerSpan(this.name, job.name));
    const added = super.addBulk(
      jobs.map((job, index) => ({ ...job, data: withTraceContext(job.data, spans[index]) })),
    );
    return Promise.all(spans.map((span) => endAfter(span, added))).then(() => added);
  }
}

/** The producer's context carried in a job's data; the current one when it carries none. */
function producerContextOf(job: Job): Context {
  const data: unknown = job.data;
  const carrier = isPlainData(data) ? data[TRACE_CONTEXT_KEY] : undefined;
  if (!isPlainData(carrier)) return context.active();
  return propagation.extract(context.active(), carrier);
}

/**
 * Runs one job in a consumer span whose parent is the span that queued it, the job's handler
 * seeing its data without the trace context. Jobs the handler queues are that span's children.
 */
function consumed<R>(queue: string, processor: Processor<unknown, R>): Processor<unknown, R> {
  const run = (job: Job, token?: string, signal?: AbortSignal): Promise<R> => {
    const parent = producerContextOf(job);
    job.data = withoutTraceContext(job.data);
    const span = tracer().startSpan(
      `process ${queue} ${job.name}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'bullmq',
          'messaging.operation.type': 'process',
          'messaging.destination.name': queue,
          'messaging.message.id': job.id ?? '',
          'bullmq.job.name': job.name,
          'bullmq.job.attempt': job.attemptsMade + 1,
        },
      },
      parent,
    );
    return endAfter(
      span,
      context.with(trace.setSpan(parent, span), () => processor(job, token, signal)),
    );
  };
  // BullMQ hands an abort signal only to a processor that declares a third parameter.
  return processor.length >= 3 ? run : (job: Job, token?: string): Promise<R> => run(job, token);
}

/** Every worker of the app (BullModule.workerClass): each job in its consumer span. */
export class TracedWorker extends Worker {
  constructor(
    name: string,
    processor: Processor | string | URL | null | undefined,
    opts: WorkerOptions,
  ) {
    super(name, typeof processor === 'function' ? consumed(name, processor) : processor, opts);
  }
}
