import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

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

const SEALED_LEAD = 'sealed.v1.';

/**
 * The AES-256-GCM key a kept answer is sealed under: derived from the API key as presented and
 * the record's id, so only a retry presenting the same key can read it back, and a copy of the
 * database alone opens no kept answer (some carry a secret shown once, like a webhook
 * endpoint's).
 */
function answerKey(presentedApiKey: string, recordId: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', presentedApiKey, recordId, 'prosign idempotent answer', 32),
  );
}

/** A kept answer's JSON, sealed for the caller that presented `presentedApiKey`. */
export function sealAnswer(json: string, presentedApiKey: string, recordId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', answerKey(presentedApiKey, recordId), iv);
  const body = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
  return SEALED_LEAD + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/**
 * The JSON of a kept answer; null when it cannot be opened with this key. An answer kept
 * before answers were sealed is plain JSON and read as it is.
 */
export function openAnswer(
  stored: string,
  presentedApiKey: string,
  recordId: string,
): string | null {
  if (!stored.startsWith(SEALED_LEAD)) return stored;
  try {
    const raw = Buffer.from(stored.slice(SEALED_LEAD.length), 'base64url');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      answerKey(presentedApiKey, recordId),
      raw.subarray(0, 12),
    );
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
