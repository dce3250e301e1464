import { createHash } from 'node:crypto';

/** The request header a client names a POST by, so a retry is answered, not run again. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set on an answer replayed from the first request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** The longest key accepted: a UUID is 36, Stripe's limit is 255. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** Visible ASCII: what a header value can carry unambiguously. */
const KEY_SHAPE = /^[\x21-\x7e]+$/;

/**
 * The key a header value names, or null when it is not one (empty, too long, not visible
 * ASCII). The IETF draft writes it as a quoted string (`"8e03978e-…"`); the quotes are dropped.
 */
export function parseIdempotencyKey(header: string): string | null {
  const trimmed = header.trim();
  const unquoted =
    trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
      ? trimmed.slice(1, -1)
      : trimmed;
  if (unquoted.length === 0 || unquoted.length > IDEMPOTENCY_KEY_MAX_LENGTH) return null;
  return KEY_SHAPE.test(unquoted) ? unquoted : null;
}

/** JSON with every object's keys in order: the same body however its fields were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": method, URL and body (fields in any order). */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${url}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

/** The record id of a key: one per API key, so two callers never share a record. */
export function idempotencyRecordId(apiKeyId: string, key: string): string {
  return createHash('sha256').update(`${apiKeyId}\n${key}`).digest('hex');
}
