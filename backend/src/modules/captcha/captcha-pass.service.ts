import { Inject, Injectable } from '@nestjs/common';
import type { CaptchaPass } from '@prosign/domain';
import { randomBytes } from 'node:crypto';
import { CAPTCHA_SECRET } from '../../integrations/captcha/captcha.port';
import { readToken, signToken } from '../../integrations/captcha/signed-token';
import { AppConfig } from '../../platform/config/app-config';

const PASS_PURPOSE = 'captcha-pass';

/**
 * Our proof that a browser passed the captcha: an HMAC-signed token that
 * expires after CAPTCHA_PASS_TTL_SECONDS. Signer endpoints check it with
 * `@RequireCaptchaPass()`, so the captcha provider is asked once per session,
 * not on every call.
 */
@Injectable()
export class CaptchaPassService {
  constructor(
    @Inject(CAPTCHA_SECRET) private readonly secret: Buffer,
    private readonly config: AppConfig,
  ) {}

  issue(now = Date.now()): CaptchaPass {
    const exp = now + this.config.CAPTCHA_PASS_TTL_SECONDS * 1000;
    const pass = signToken(this.secret, PASS_PURPOSE, {
      exp,
      n: randomBytes(9).toString('base64url'),
    });
    return { pass, expiresAt: new Date(exp).toISOString() };
  }

  isValid(pass: string | undefined, now = Date.now()): boolean {
    if (!pass) return false;
    const payload = readToken<{ exp?: unknown }>(this.secret, PASS_PURPOSE, pass);
    return typeof payload?.exp === 'number' && payload.exp > now;
  }
}
