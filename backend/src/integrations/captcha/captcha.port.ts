/** Injection token of the active captcha adapter. */
export const CAPTCHA_PORT = Symbol('CAPTCHA_PORT');
/** Injection token of the secret (Buffer) that signs local challenges and captcha passes. */
export const CAPTCHA_SECRET = Symbol('CAPTCHA_SECRET');

/** What the browser needs to render the challenge (`GET /api/captcha/config`). */
export interface CaptchaWidgetConfig {
  adapter: 'local' | 'recaptcha';
  /** reCAPTCHA's public site key. */
  siteKey?: string;
  /** Local checkbox: a signed challenge to send back as the response. */
  challenge?: string;
}

export interface CaptchaPort {
  readonly adapter: 'local' | 'recaptcha';
  widgetConfig(): CaptchaWidgetConfig;
  /** True when the browser's response proves a person passed the challenge. */
  verify(response: string, remoteIp?: string): Promise<boolean>;
}
