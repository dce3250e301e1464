import { match } from 'path-to-regexp';

/**
 * What request logs must not carry: signing-link tokens and document links
 * (each opens an agreement), in query strings, path segments and parsed
 * parameters. Header credentials are redacted by path (REDACTED_PATHS).
 */
export const REDACTED = '[redacted]';

/** Query parameters that open a signing link or a document. */
export const SECRET_QUERY_PARAMS = ['token', 'docLink', 'customId', 'linkToken'] as const;

/** Route parameters that are signing-link tokens or document ids (docLinks are their key). */
export const SECRET_ROUTE_PARAMS = ['token', 'customId', 'docId', 'docLink'] as const;

type SecretRouteMatcher = (path: string) => false | { params: Partial<Record<string, unknown>> };

/**
 * The api's routes that take a secret in their path, as matchers. The request line is
 * logged before routing, so the serializer finds the route itself: a segment is
 * redacted because the route names it `:token` (or another secret), whatever it looks like.
 */
let secretRoutes: SecretRouteMatcher[] = [];

/** Keeps the routes among these (`/api/invoices/download-:type-pdf/:token`) that take a secret. */
export function registerSecretRoutes(routePaths: readonly string[]): void {
  secretRoutes = routePaths
    .filter((routePath) => SECRET_ROUTE_PARAMS.some((name) => routePath.includes(`:${name}`)))
    .map((routePath) => match(routePath, { decode: false }));
}

/** The raw values of the secret parameters of the route this path takes. */
function secretSegmentsOf(path: string): string[] {
  for (const matches of secretRoutes) {
    const found = matches(path);
    if (!found) continue;
    return SECRET_ROUTE_PARAMS.map((name) => found.params[name]).filter(
      (value): value is string => typeof value === 'string' && value !== '',
    );
  }
  return [];
}

/** Paths whose segment after the prefix is a document id (`/api/documents/d/{id}/view`). */
const SECRET_PATH_SEGMENTS = [/^(\/api\/documents\/d\/)[^/?#]+/];

/**
 * A path segment that looks like a random capability: 20+ base64url characters
 * mixing upper and lower case (signing tokens: 32, document ids: 22, Google
 * document ids: 44). Hex ids (ObjectIds, UUIDs), words and addresses stay.
 */
const RANDOM_KEY = /^(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9_-]{20,}$/;

/** The URL with secret query values and path segments replaced. */
export function redactUrl(url: string, params: Record<string, unknown> = {}): string {
  const queryAt = url.indexOf('?');
  let path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt + 1);

  const secrets = new Set(secretSegmentsOf(path));
  for (const pattern of SECRET_PATH_SEGMENTS) path = path.replace(pattern, `$1${REDACTED}`);
  // By the route's parameter names; and, for paths no route takes, any token-like segment.
  path = path
    .split('/')
    .map((segment) => (secrets.has(segment) || RANDOM_KEY.test(segment) ? REDACTED : segment))
    .join('/');
  for (const name of SECRET_ROUTE_PARAMS) {
    const value = params[name];
    if (typeof value !== 'string' || !value) continue;
    for (const spelled of new Set([value, encodeURIComponent(value)])) {
      path = path.split(`/${spelled}`).join(`/${REDACTED}`);
    }
  }
  if (!query) return path;
  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent.
      }
      return (SECRET_QUERY_PARAMS as readonly string[]).includes(name)
        ? `${rawName}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${path}?${redactedQuery}`;
}

/** A copy of a parsed query or params object with the secret entries replaced. */
export function redactEntries(
  value: unknown,
  names: readonly string[],
): Record<string, unknown> | unknown {
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const name of names) if (name in copy) copy[name] = REDACTED;
  return copy;
}

interface SerializedRequest {
  url?: string;
  query?: unknown;
  params?: unknown;
  [key: string]: unknown;
}

/** pino-http's `req` serializer: the standard fields, with the secrets above redacted. */
export function redactRequest(req: SerializedRequest): SerializedRequest {
  const params =
    typeof req.params === 'object' && req.params !== null
      ? (req.params as Record<string, unknown>)
      : {};
  // `params` is left out: the logger's catch-all route puts every path segment there, and the
  // (redacted) url says the same.
  const { params: _params, ...rest } = req;
  return {
    ...rest,
    url: typeof req.url === 'string' ? redactUrl(req.url, params) : req.url,
    query: redactEntries(req.query, SECRET_QUERY_PARAMS),
  };
}
