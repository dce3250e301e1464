import { randomBytes } from 'node:crypto';
import type { CaptchaPort, CaptchaWidgetConfig } from './captcha.port';
import { readToken, signToken } from './signed-token';

const CHALLENGE_PURPOSE = 'captcha-challenge';
/** A challenge must be answered within this time. */
export const LOCAL_CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * The embedded default: a checkbox. The page gets a signed, short-lived
 * challenge with the widget config and sends it back once the box is ticked;
 * a forged or stale challenge fails. (No bot detection: that needs reCAPTCHA.)
 */
export class LocalCaptchaAdapter implements CaptchaPort {
  readonly adapter = 'local' as const;

  constructor(
    private readonly secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  widgetConfig(): CaptchaWidgetConfig {
    const challenge = signToken(this.secret, CHALLENGE_PURPOSE, {
      iat: this.now(),
      n: randomBytes(9).toString('base64url'),
    });
    return { adapter: 'local', challenge };
  }

  verify(response: string): Promise<boolean> {
    const payload = readToken<{ iat?: unknown }>(this.secret, CHALLENGE_PURPOSE, response);
    const issuedAt = typeof payload?.iat === 'number' ? payload.iat : NaN;
    const age = this.now() - issuedAt;
    return Promise.resolve(age >= 0 && age <= LOCAL_CHALLENGE_TTL_MS);
  }
}
