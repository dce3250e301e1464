/** The header a signer's browser sends its captcha pass in (docs/architecture.md#how-a-request-flows). */
export const CAPTCHA_PASS_HEADER = 'X-Captcha-Pass';

/** Session-storage key of the pass in the browser (spec 1 §3 `recaptchaVerified`). */
export const CAPTCHA_PASS_STORAGE_KEY = 'recaptchaVerified';

export const CAPTCHA_PROMPT =
  'To access the secure agreement, please confirm you are not a robot by selecting the checkbox below.';

/** The label of the local captcha's checkbox. */
export const CAPTCHA_CHECKBOX_LABEL = "I'm not a robot";

/** What the browser needs to render the challenge (`GET /api/captcha/config`). */
export interface CaptchaWidgetConfig {
  adapter: 'local' | 'recaptcha';
  /** reCAPTCHA's public site key. */
  siteKey?: string;
  /** Local checkbox: a signed challenge to send back as the response. */
  challenge?: string;
}

/**
 * A pass this close to its expiry is treated as expired, so a request never
 * leaves with a pass that runs out before the server reads it.
 */
export const CAPTCHA_PASS_EXPIRY_MARGIN_MS = 30_000;

/**
 * `POST /api/captcha/verify`: the solved challenge and the signing link the
 * page shows (the standard page's route token, the SOW/CO pages' customId).
 * The pass that comes back opens that link only, from this client address.
 */
export interface VerifyCaptchaRequest {
  response: string;
  linkToken: string;
}

/** What `POST /api/captcha/verify` returns and the browser keeps for the session. */
export interface CaptchaPass {
  pass: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** The stored form of a pass (the value under `recaptchaVerified`), with the link it opens. */
export function serializeCaptchaPass(pass: CaptchaPass, linkToken: string): string {
  return JSON.stringify({ pass: pass.pass, expiresAt: pass.expiresAt, linkToken });
}

/**
 * The stored pass when it is well formed, was issued for `linkToken` and is
 * still usable at `now`; null for anything else (nothing stored, another
 * format, another link, expired or about to expire).
 */
export function readStoredCaptchaPass(
  raw: string | null | undefined,
  linkToken: string,
  now: number = Date.now(),
): CaptchaPass | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const {
    pass,
    expiresAt,
    linkToken: storedFor,
  } = value as {
    pass?: unknown;
    expiresAt?: unknown;
    linkToken?: unknown;
  };
  if (typeof pass !== 'string' || !pass || typeof expiresAt !== 'string') return null;
  if (storedFor !== linkToken) return null;
  const expiry = Date.parse(expiresAt);
  if (!Number.isFinite(expiry) || expiry - CAPTCHA_PASS_EXPIRY_MARGIN_MS <= now) return null;
  return { pass, expiresAt };
}
