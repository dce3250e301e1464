import { SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

/**
 * Runs `work` in a span named `name`, child of the current one (a job's consumer span), ended
 * when it settles; a failure is recorded on it. With tracing off the span is the API's no-op.
 * Attributes name what was done (a seal's level, a queue record's id), never a token or address.
 */
export function inSpan<R>(
  name: string,
  attributes: Attributes,
  work: () => Promise<R>,
): Promise<R> {
  return trace.getTracer('prosign').startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}
