import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** The environment tracing reads: OpenTelemetry's own variables (README, "Traces"). */
type TracingEnv = Partial<Record<string, string>>;

interface StartTracingOptions {
  /** `prosign-api` or `prosign-worker`: the service's name unless OTEL_SERVICE_NAME names another. */
  serviceName: string;
  env?: TracingEnv;
  /**
   * The test seam: spans go to this exporter (one by one, as they end) and tracing starts
   * whatever the endpoint says. Left out, spans are batched to OTEL_EXPORTER_OTLP_ENDPOINT.
   */
  exporter?: SpanExporter;
}

/** The running tracer provider of this process, null while tracing is off. */
let running: TracerProvider | null = null;

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set:
 * a tracer provider sampling as OTEL_TRACES_SAMPLER says, W3C trace context and baggage as the
 * propagators, the async-local context manager (a request's span stays current across its
 * awaits), spans batched to the collector over OTLP/HTTP (headers from
 * OTEL_EXPORTER_OTLP_HEADERS). Unset, nothing starts: the API's no-op tracer answers every span
 * and nothing is carried in job data. Our spans are made by our own code through the global API
 * (no module is patched), so it runs first thing in main.api.ts and main.worker.ts, before the
 * application creates any. True when tracing runs.
 */
export function startTracing({
  serviceName,
  env = process.env,
  exporter,
}: StartTracingOptions): boolean {
  if (running) return true;
  if (!exporter && !otlpEndpointOf(env)) return false;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }).merge(
      detectResources({ detectors: [envDetector] }),
    ),
    sampler: samplerFrom(env),
    spanProcessors: [
      exporter
        ? new SimpleSpanProcessor({ exporter })
        : new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  );
  trace.setGlobalTracerProvider(provider);
  running = provider;
  return true;
}

/** Whether this process traces (a span made now is recorded or sampled out, not a no-op). */
export function tracingStarted(): boolean {
  return running !== null;
}

/**
 * Ends tracing with the app: the spans not yet sent are flushed to the collector, then the
 * global tracer, propagator and context manager are the API's no-ops again.
 */
export async function shutdownTracing(): Promise<void> {
  const provider = running;
  if (!provider) return;
  running = null;
  try {
    await provider.shutdown();
  } finally {
    trace.disable();
    propagation.disable();
    context.disable();
  }
}

function otlpEndpointOf(env: TracingEnv): string | undefined {
  return (
    (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT)?.trim() || undefined
  );
}

/** OTEL_TRACES_SAMPLER (default parentbased_always_on) with OTEL_TRACES_SAMPLER_ARG's ratio. */
export function samplerFrom(env: TracingEnv): Sampler {
  const name = (env.OTEL_TRACES_SAMPLER ?? '').trim() || 'parentbased_always_on';
  const ratio = () => ratioFrom(env.OTEL_TRACES_SAMPLER_ARG);
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio());
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio()) });
    default:
      throw new Error(
        `OTEL_TRACES_SAMPLER: "${name}" is not one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio`,
      );
  }
}

function ratioFrom(arg: string | undefined): number {
  if (arg === undefined || arg.trim() === '') return 1;
  const ratio = Number(arg);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    throw new Error(`OTEL_TRACES_SAMPLER_ARG: "${arg}" is not a ratio between 0 and 1`);
  }
  return ratio;
}
