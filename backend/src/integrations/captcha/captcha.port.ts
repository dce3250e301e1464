import type { CaptchaWidgetConfig } from '@prosign/domain';

/** Injection token of the active captcha adapter. */
export const CAPTCHA_PORT = Symbol('CAPTCHA_PORT');
/** Injection token of the secret (Buffer) that signs local challenges and captcha passes. */
export const CAPTCHA_SECRET = Symbol('CAPTCHA_SECRET');

/** What the browser needs to render the challenge (shared with the signing pages). */
export type { CaptchaWidgetConfig };

export interface CaptchaPort {
  readonly adapter: 'local' | 'recaptcha';
  widgetConfig(): CaptchaWidgetConfig;
  /** True when the browser's response proves a person passed the challenge. */
  verify(response: string, remoteIp?: string): Promise<boolean>;
}
