import { CAPTCHA_PASS_HEADER } from '@prosign/domain';
import type { Request } from 'express';
import { SESSION_COOKIE } from './session-cookie';

/** The staff session id a request's cookie carries, if any. */
export function sessionIdOf(request: Request): string | null {
  const value = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  return value || null;
}

/** The signer's captcha pass a request carries (`X-Captcha-Pass`), if any. */
export function captchaPassOf(request: Request): string | null {
  const header = request.headers?.[CAPTCHA_PASS_HEADER.toLowerCase()];
  const first = Array.isArray(header) ? header[0] : header;
  return typeof first === 'string' && first ? first : null;
}
