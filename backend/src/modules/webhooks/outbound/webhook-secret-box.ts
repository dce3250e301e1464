import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Keeps an endpoint's signing secret encrypted at rest: AES-256-GCM under a key derived from
 * WEBHOOK_SECRETS_KEY, so a copy of the database (a backup, a read-only role) does not give
 * away the secrets that let anyone forge our deliveries. The secret must be readable again to
 * sign, which is why it is sealed and not hashed like an API key.
 */

const SEALED_LEAD = 'v1.';
/** Outside a configured key: a built-in one, so the local stack and tests work without setup. */
const BUILT_IN_KEY = 'prosign built-in webhook secrets key: set WEBHOOK_SECRETS_KEY';

export class WebhookSecretBox {
  private readonly key: Buffer;

  constructor(configuredKey: string | undefined) {
    this.key = createHash('sha256')
      .update(`prosign webhook secrets\u001f${configuredKey ?? BUILT_IN_KEY}`)
      .digest();
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return SEALED_LEAD + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The secret; throws when it was sealed under another key or changed. */
  open(sealed: string): string {
    if (!sealed.startsWith(SEALED_LEAD)) throw new Error('not a sealed webhook secret');
    const raw = Buffer.from(sealed.slice(SEALED_LEAD.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
