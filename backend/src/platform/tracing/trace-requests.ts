import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { tracingStarted } from './tracing';

/**
 * The route an Express request took, as declared (`/api/signing/:token/finish`), never the
 * path it was called with: a signing link's token is in the path of some routes.
 */
function routePatternOf(request: Request): string | undefined {
  const path = (request.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${request.baseUrl}${path}` : undefined;
}

/**
 * One server span a request, named `METHOD /route/:pattern` once routed (just the method when
 * no route took it), current while the request is handled: the jobs it queues, and so the
 * worker's work, are in its trace. Its attributes name the method, route and status only, no
 * URL, query or header (tokens and keys travel there). A caller's `traceparent` is continued.
 */
function traceRequest(request: Request, response: Response, next: NextFunction): void {
  const parent = propagation.extract(context.active(), request.headers);
  const span = trace.getTracer('prosign.http').startSpan(
    request.method,
    {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method, 'url.scheme': request.protocol },
    },
    parent,
  );
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    const route = routePatternOf(request);
    if (route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    const status = response.headersSent ? response.statusCode : 499;
    span.setAttribute('http.response.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  response.once('finish', end);
  response.once('close', end);
  const current = trace.setSpan(parent, span);
  // The body's and the response's events run in the request's context too (the body parser
  // reads the body in them), not in the connection's.
  context.bind(current, request);
  context.bind(current, response);
  context.with(current, next);
}

/** The request tracing middleware while tracing runs (main.api.ts started it); null when off. */
export function requestTracing(): typeof traceRequest | null {
  return tracingStarted() ? traceRequest : null;
}
