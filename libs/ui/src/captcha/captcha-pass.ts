import {
  CAPTCHA_PASS_HEADER,
  CAPTCHA_PASS_STORAGE_KEY,
  readStoredCaptchaPass,
  serializeCaptchaPass,
  type CaptchaPass,
} from '@prosign/domain';
import { createContext, useContext } from 'react';

/*
 * The signer's captcha pass lives in session storage under `recaptchaVerified`
 * (spec 1 §3): a reload within the browser session skips the challenge while
 * the pass is valid. Storage can be unavailable (privacy modes); the gate then
 * keeps the pass in memory for the page's lifetime.
 */

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored pass if it was issued for this link and is still usable, else null. */
export function readCaptchaPass(linkToken: string, now: number = Date.now()): CaptchaPass | null {
  try {
    return readStoredCaptchaPass(sessionStore()?.getItem(CAPTCHA_PASS_STORAGE_KEY), linkToken, now);
  } catch {
    return null;
  }
}

export function storeCaptchaPass(pass: CaptchaPass, linkToken: string): void {
  try {
    sessionStore()?.setItem(CAPTCHA_PASS_STORAGE_KEY, serializeCaptchaPass(pass, linkToken));
  } catch {
    // Storage full or denied: the pass still works for this page.
  }
}

export function clearCaptchaPass(): void {
  try {
    sessionStore()?.removeItem(CAPTCHA_PASS_STORAGE_KEY);
  } catch {
    // Nothing stored that could be used.
  }
}

/** Headers that let a signer endpoint accept the request (`X-Captcha-Pass`). */
export function captchaPassHeaders(pass: string | null | undefined): Record<string, string> {
  return pass ? { [CAPTCHA_PASS_HEADER]: pass } : {};
}

export interface CaptchaPassValue {
  /** The pass to send in `X-Captcha-Pass`. */
  pass: string;
  /** ISO 8601. */
  expiresAt: string;
  /** `{ 'X-Captcha-Pass': pass }`, ready for the API client's `headers` option. */
  headers: Record<string, string>;
  /** Forgets the pass and shows the challenge again (e.g. after the API refused it). */
  invalidate(): void;
}

export const CaptchaPassContext = createContext<CaptchaPassValue | null>(null);
CaptchaPassContext.displayName = 'CaptchaPassContext';

/** The pass of the surrounding `<CaptchaGate>`; signer API calls attach `headers`. */
export function useCaptchaPass(): CaptchaPassValue {
  const value = useContext(CaptchaPassContext);
  if (!value) throw new Error('useCaptchaPass must be used inside <CaptchaGate>.');
  return value;
}
