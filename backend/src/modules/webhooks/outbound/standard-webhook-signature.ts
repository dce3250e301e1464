import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signs an outgoing webhook by the Standard Webhooks scheme (standardwebhooks.com): the receiver
 * recomputes HMAC-SHA256 over "{id}.{timestamp}.{body}" with the endpoint's secret, so any of its
 * libraries verify our deliveries without code of ours.
 */

const SECRET_PREFIX = 'whsec_';
const SECRET_MIN_BYTES = 24;
const SECRET_MAX_BYTES = 64;

export interface StandardWebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export interface WebhookMessage {
  /** Stable for every attempt of one event, so a receiver can drop redeliveries. */
  id: string;
  timestamp: Date;
  body: string;
}

/** A new endpoint secret: `whsec_` then 32 random bytes in base64. */
export function generateWebhookSecret(byteLength = 32): string {
  if (
    !Number.isInteger(byteLength) ||
    byteLength < SECRET_MIN_BYTES ||
    byteLength > SECRET_MAX_BYTES
  ) {
    throw new RangeError(
      `A webhook secret has ${SECRET_MIN_BYTES} to ${SECRET_MAX_BYTES} random bytes, not ${byteLength}.`,
    );
  }
  return SECRET_PREFIX + randomBytes(byteLength).toString('base64');
}

function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) {
    throw new Error('A webhook secret starts with "whsec_".');
  }
  const encoded = secret.slice(SECRET_PREFIX.length);
  const key = Buffer.from(encoded, 'base64');
  // Buffer.from drops characters that are not base64 instead of failing: compare back to catch them.
  if (key.length < SECRET_MIN_BYTES || key.toString('base64') !== encoded) {
    throw new Error(
      `A webhook secret is "whsec_" then at least ${SECRET_MIN_BYTES} bytes in base64.`,
    );
  }
  return key;
}

/**
 * The three headers for one delivery. Several secrets give several signatures, space-separated:
 * during a rotation the old and the new secret are both valid and a receiver holding either one
 * accepts the delivery.
 */
export function signWebhook(
  message: WebhookMessage,
  secrets: readonly string[],
): StandardWebhookHeaders {
  if (secrets.length === 0) throw new Error('A webhook is signed with at least one secret.');
  // The id travels in a header and the signature list is space-separated: no whitespace in it.
  if (!/^\S+$/.test(message.id)) throw new Error('A webhook id is non-empty, without whitespace.');
  const keys = secrets.map(secretKey);
  const timestamp = String(Math.floor(message.timestamp.getTime() / 1000));
  const signed = `${message.id}.${timestamp}.${message.body}`;
  const signatures = keys.map(
    (key) => `v1,${createHmac('sha256', key).update(signed, 'utf8').digest('base64')}`,
  );
  return {
    'webhook-id': message.id,
    'webhook-timestamp': timestamp,
    'webhook-signature': signatures.join(' '),
  };
}

/** How far a delivery's timestamp may be from the receiver's clock (the scheme's 5 minutes). */
const TIMESTAMP_TOLERANCE_S = 5 * 60;

/**
 * Whether a received delivery is signed by one of `secrets`, as a receiver checks it: one of the
 * signatures in `webhook-signature` matches (compared in constant time) and the timestamp is
 * within 5 minutes of `now`. For the local webhook inbox; receivers use a Standard Webhooks library.
 */
export function verifyWebhook(
  headers: Partial<Record<keyof StandardWebhookHeaders, string>>,
  body: string,
  secrets: readonly string[],
  now = new Date(),
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = (headers['webhook-signature'] ?? '').split(' ').filter(Boolean);
  if (!id || !timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_S) return false;
  const signed = `${id}.${timestamp}.${body}`;
  return secrets.some((secret) => {
    const expected = createHmac('sha256', secretKey(secret)).update(signed, 'utf8').digest();
    return signatures.some((signature) => {
      const [version, encoded] = signature.split(',', 2);
      const given = Buffer.from(encoded ?? '', 'base64');
      return (
        version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
      );
    });
  });
}
