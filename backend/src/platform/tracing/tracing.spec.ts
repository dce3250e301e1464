import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { requestTracing } from './trace-requests';
import { TRACE_CONTEXT_KEY, withTraceContext, withoutTraceContext } from './traced-queue';
import { samplerFrom, shutdownTracing, startTracing, tracingStarted } from './tracing';

const data = { agreementId: 'a1', runner: null };

describe('tracing', () => {
  afterEach(() => shutdownTracing());

  it('stays off without OTEL_EXPORTER_OTLP_ENDPOINT: no provider, no request spans, no context in job data', () => {
    expect(startTracing({ serviceName: 'prosign-api', env: { OTEL_SERVICE_NAME: 'x' } })).toBe(
      false,
    );
    expect(tracingStarted()).toBe(false);
    expect(requestTracing()).toBeNull();
    // The API's no-op: spans record nothing and carry no trace id.
    const span = trace.getTracer('t').startSpan('job');
    expect(span.isRecording()).toBe(false);
    expect(trace.getTracerProvider().getTracer('t').startSpan('x').spanContext().traceId).toBe(
      '00000000000000000000000000000000',
    );
    expect(withTraceContext(data, span)).toBe(data);
  });

  it('starts with an endpoint and puts the W3C context of a job under one key of its data', () => {
    // Sampled out (nothing is sent to the endpoint here), the context still travels: the
    // worker's spans follow the request's decision.
    expect(
      startTracing({
        serviceName: 'prosign-worker',
        env: {
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
          OTEL_TRACES_SAMPLER: 'parentbased_always_off',
        },
      }),
    ).toBe(true);
    expect(requestTracing()).not.toBeNull();
    const span = trace.getTracer('t').startSpan('send signing seal-agreement');
    const traced = withTraceContext(data, span) as Record<string, unknown>;
    const { traceId, spanId } = span.spanContext();
    expect(traced).toEqual({
      ...data,
      [TRACE_CONTEXT_KEY]: { traceparent: `00-${traceId}-${spanId}-00` },
    });
    // The handler reads the payload it was given; the context continues the producer's trace.
    expect(withoutTraceContext(traced)).toEqual(data);
    const carried = propagation.extract(context.active(), traced[TRACE_CONTEXT_KEY]);
    expect(trace.getSpanContext(carried)?.spanId).toBe(spanId);
    span.end();
  });

  it('exports to the exporter given (the test seam), named by OTEL_SERVICE_NAME or the default', async () => {
    const exporter = new InMemorySpanExporter();
    startTracing({ serviceName: 'prosign-api', exporter });
    trace.getTracer('t').startSpan('one').end();
    expect(
      exporter.getFinishedSpans().map((s) => [s.name, s.resource.attributes['service.name']]),
    ).toEqual([['one', process.env.OTEL_SERVICE_NAME ?? 'prosign-api']]);
    await shutdownTracing();
    // Shut down: the API's no-op again.
    expect(trace.getTracer('t').startSpan('two').isRecording()).toBe(false);
  });

  it('samples as OTEL_TRACES_SAMPLER says and refuses a sampler it does not know', () => {
    expect(samplerFrom({}).toString()).toMatch(/ParentBased\{root=AlwaysOnSampler/);
    expect(
      samplerFrom({
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }).toString(),
    ).toMatch(/root=TraceIdRatioBased\{0\.25\}/);
    expect(samplerFrom({ OTEL_TRACES_SAMPLER: 'always_off' }).toString()).toBe('AlwaysOffSampler');
    expect(() => samplerFrom({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() =>
      samplerFrom({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' }),
    ).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });
});
