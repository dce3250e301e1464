import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact HMAC-SHA256 tokens: `base64url(JSON payload).base64url(signature)`.
 * `purpose` is signed in, so a token made for one use (a local challenge)
 * never passes for another (a captcha pass).
 */
export function signToken(
  secret: Buffer,
  purpose: string,
  payload: Record<string, unknown>,
): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${signature(secret, purpose, body)}`;
}

/** The payload of a well-formed, correctly signed token; null otherwise. */
export function readToken<T extends Record<string, unknown>>(
  secret: Buffer,
  purpose: string,
  token: string,
): T | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const [body, given] = parts;
  const expected = Buffer.from(signature(secret, purpose, body), 'base64url');
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? (payload as T) : null;
  } catch {
    return null;
  }
}

function signature(secret: Buffer, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');
}
