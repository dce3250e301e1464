import { SOW_FILTERS, STANDARD_FILTERS } from '@prosign/domain';
import { match } from 'path-to-regexp';

/**
 * What request logs must not carry: signing-link tokens, document links and read grants
 * (each opens an agreement). Query values are kept only when known to be harmless
 * (HARMLESS_QUERY_PARAMS); secret path segments are found by route. Header credentials are
 * redacted by path (REDACTED_PATHS).
 */
export const REDACTED = '[redacted]';

/**
 * A run of 16+ key characters: a token, document id, grant or link pasted into free text.
 * Words of prose and addresses are shorter.
 */
const KEY_RUN = /[A-Za-z0-9_-]{16,}/;
const FILTER_NAMES: ReadonlySet<string> = new Set([...STANDARD_FILTERS, ...SOW_FILTERS]);

/**
 * The query parameters whose values a request log keeps, each with the test its harmless
 * values pass (collected from the controllers' @Query DTOs). Everything else — names not
 * listed (`token`, `docLink`, `access`, `email`, any new one), and a listed name whose value
 * is not of its harmless shape (a link pasted into `search`) — is logged as `[redacted]`:
 * a new parameter stays out of the logs until someone decides its values are harmless.
 */
const HARMLESS_QUERY_PARAMS: Readonly<Record<string, (value: string) => boolean>> = {
  page: (value) => /^\d{1,6}$/.test(value),
  limit: (value) => /^\d{1,6}$/.test(value),
  /** The dashboards' list filters: the names libs/domain defines, comma-separated. */
  filters: (value) => value.split(',').every((name) => FILTER_NAMES.has(name)),
  /** Enumerations: mail delivery and CRM stage-move statuses, staff roles. */
  status: (value) => /^[a-z]{1,20}$/.test(value),
  role: (value) => /^[a-z]{1,20}$/.test(value),
  /** CRM ids and names (`GET /api/crm/owner?ownerId=`, property options). */
  ownerId: (value) => /^\d{1,20}$/.test(value),
  objectType: (value) => /^[a-z][a-z0-9_]{0,63}$/.test(value),
  propertyName: (value) => /^[a-z][a-z0-9_]{0,63}$/.test(value),
  /** Free text staff type (list search, address look-ups and suggestions). */
  search: isPlainText,
  query: isPlainText,
  address: isPlainText,
};

/** Text a person typed, with nothing in it shaped like a key. */
function isPlainText(value: string): boolean {
  return value.length <= 300 && !KEY_RUN.test(value);
}

/** Whether a query value may be logged: its parameter is listed and the value has its shape. */
function isHarmlessQueryValue(name: string, value: unknown): boolean {
  const harmless = Object.hasOwn(HARMLESS_QUERY_PARAMS, name) ? HARMLESS_QUERY_PARAMS[name] : null;
  if (!harmless) return false;
  const values = Array.isArray(value) ? value : [value];
  return values.every((one) => typeof one === 'string' && harmless(one));
}

/** Route parameters that are signing-link tokens or document ids (docLinks are their key). */
const SECRET_ROUTE_PARAMS = ['token', 'customId', 'docId', 'docLink'] as const;

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
      const decoded = decodeQueryPart(rawName);
      // A name is logged unless it looks like a key itself (`?<token>`).
      const name = decoded === null || KEY_RUN.test(decoded) ? REDACTED : rawName;
      if (eq < 0) return name;
      const value = decodeQueryPart(pair.slice(eq + 1));
      return decoded !== null && value !== null && isHarmlessQueryValue(decoded, value)
        ? pair
        : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${path}?${redactedQuery}`;
}

/** A query string's name or value as the parser reads it; null when it does not decode. */
function decodeQueryPart(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

interface SerializedRequest {
  url?: string;
  query?: unknown;
  params?: unknown;
  [key: string]: unknown;
}

/** A copy of a parsed query with every value not known to be harmless replaced. */
export function redactQuery(value: unknown): Record<string, unknown> | unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([name, entry]) => [
      KEY_RUN.test(name) ? REDACTED : name,
      isHarmlessQueryValue(name, entry) ? entry : REDACTED,
    ]),
  );
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
    query: redactQuery(req.query),
  };
}
