import type { NextFunction, Request, Response } from 'express';
import type { ProductMetrics } from './product-metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The route label of a request no route matched (404s, static assets of sub-apps). */
const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The route a request matched, as its pattern (`/api/signing/:token/finish`): never the
 * requested path, whose parameters are signing tokens and ids. Read when the response ends,
 * after routing set `req.route`.
 */
function routeOf(req: Request): string {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return UNMATCHED_ROUTE;
  return `${req.baseUrl ?? ''}${path}` || '/';
}

/** Express middleware: times each request into `prosign_http_request_duration_seconds`. */
export function requestMetrics(metrics: ProductMetrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = metrics.httpRequestDuration.startTimer();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      end({
        route: routeOf(req),
        method: METHODS.has(req.method) ? req.method : 'OTHER',
        status: String(res.statusCode),
      });
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
