import type { CookieOptions } from 'express';
import type { AppConfig } from '../config/app-config';

export const SESSION_COOKIE = 'prosign_sid';

/**
 * httpOnly (scripts cannot read it), SameSite=Lax (not sent on cross-site
 * sub-requests), Secure in production, whole site. `expires` is the session's
 * absolute expiry, so the browser drops it when the server does.
 */
export function sessionCookieOptions(config: AppConfig, expiresAt?: Date): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.NODE_ENV === 'production',
    path: '/',
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}
