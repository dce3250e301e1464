import type { AgreementFamily } from '../agreements/agreement-statuses';

/**
 * The e-mail one-time code: on an agreement that requires it, a signer
 * enters a 6-digit code mailed to their own address before the document opens. The rules
 * live here, once: the server enforces them, the signing pages word their state with them.
 *
 * A code is single use, valid 10 minutes, allows 5 tries, and a recipient's link gets at
 * most 3 codes per 30 minutes. It is bound to the link it was mailed for and, once
 * verified, yields a proof bound to that link and to the captcha pass of the session.
 *
 * Guessing is bounded per signer's place, not per code: 10 wrong entries
 * over all its codes lock the code step until staff re-open it from the card. Each guess hits
 * a fresh random code with a chance of 1 in 10^6, so over the place's whole life an attacker
 * gets in with a chance of at most 10 / 10^6 = 1 in 100,000 (per re-open by staff).
 */

export const EMAIL_CODE_RULES = {
  /** Digits in a code. */
  length: 6,
  /** How long a mailed code works. */
  validMinutes: 10,
  /** Wrong entries a code allows; the next entry is refused (ask for a new code). */
  maxTries: 5,
  /** Codes one link may be sent within `sendWindowMinutes`. */
  maxSends: 3,
  sendWindowMinutes: 30,
  /** Wrong entries a signer's place allows over all its codes; then the code step is locked. */
  maxFailuresPerPlace: 10,
} as const;

/** The header a signer's browser sends its e-mail code proof in, beside `X-Captcha-Pass`. */
export const EMAIL_CODE_PROOF_HEADER = 'X-Email-Code-Proof';

/** Session-storage key of the proof (kept beside the captcha pass, for the same link). */
export const EMAIL_CODE_PROOF_STORAGE_KEY = 'emailCodeVerified';

/**
 * The signers whose code step is locked: those whose wrong entries (over all their codes,
 * by `Recipient.id`, as the agreement records them) reached `maxFailuresPerPlace`.
 */
export function emailCodeLockedOf(
  failures: Readonly<Record<string, number>> | null | undefined,
): string[] {
  return Object.entries(failures ?? {})
    .filter(([, count]) => count >= EMAIL_CODE_RULES.maxFailuresPerPlace)
    .map(([recipientId]) => recipientId);
}

/** Whether `raw` is a well-formed code: exactly 6 digits once spaces are removed. */
export function normalizeEmailCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.replace(/\s+/g, '');
  return new RegExp(`^\\d{${EMAIL_CODE_RULES.length}}$`).test(code) ? code : null;
}

/** "j•••@example.com": enough for the signer to recognise their address. */
export function maskEmailAddress(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email ? '•••' : '';
  return `${email[0]}•••${email.slice(at)}`;
}

/** Whole minutes (at least 1) until `until`, for "wait N minutes". */
export function minutesUntil(until: Date | string | number, now: number = Date.now()): number {
  const ms = new Date(until).getTime() - now;
  return Math.max(1, Math.ceil(ms / 60_000));
}

export const EMAIL_CODE_MESSAGES = {
  required: 'Please enter the code we e-mailed you first.',
  malformed: 'Enter the 6-digit code from the e-mail.',
  wrong: (triesLeft: number) =>
    `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  expired: 'That code has expired. Please ask for a new one.',
  tooManyTries: 'Too many wrong tries. Please ask for a new code.',
  used: 'That code was already used. Please ask for a new one.',
  noCode: 'Please ask for a code first.',
  sendLimit: (minutes: number) =>
    `You asked for too many codes. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} before asking again.`,
  notRequired: 'This agreement does not need an e-mail code.',
  locked:
    'Too many wrong codes were entered, so the code step is locked. Please contact the sender: they can open it again for you.',
  notLocked: "This signer's code step is not locked.",
  /** Staff re-opened a locked code step from the card. */
  reopened: 'Code step re-opened. The signer can ask for a new code.',
  reopenFailed: 'Failed to re-open the code step.',
  sent: (masked: string) => `We sent a 6-digit code to ${masked}.`,
  verified: 'Code verified.',
  documentNeedsCode: 'This document opens from its signing link once the e-mail code is entered.',
} as const;

/** The plain words of the code mail (its body only: never the subject or a header). */
export function emailCodeMailText(code: string): { subject: string; text: string } {
  return {
    subject: 'Your ProSign code',
    text:
      `Your ProSign code is ${code}. It expires in ${EMAIL_CODE_RULES.validMinutes} minutes.\n\n` +
      'If you did not open a ProSign signing link, you can ignore this e-mail.',
  };
}

/**
 * `GET /api/signing/email-code?token=` (captcha pass): whether the link needs a code and where
 * it stands. The address is masked; the code itself never leaves the server but in the mail.
 */
export interface EmailCodeStatus {
  required: boolean;
  /** "j•••@example.com"; empty when no code is required. */
  maskedEmail: string;
  /** A code was sent and is still usable (not expired, used or out of tries). */
  pending: boolean;
  /** When the pending code expires (ISO 8601), else null. */
  expiresAt: string | null;
  /** When another code may be asked for (ISO 8601); null: now. */
  resendAvailableAt: string | null;
  /** Too many wrong codes: no code is sent or checked until staff re-open the code step. */
  locked?: boolean;
}

/** `POST /api/signing/email-code/send {token}`: a new code mailed (the previous one stops working). */
export interface EmailCodeSendRequest {
  token: string;
}

/** `POST /api/signing/email-code/verify {token, code}`. */
export interface EmailCodeVerifyRequest {
  token: string;
  code: string;
}

/**
 * What a verified code yields: a signed proof bound to the link and the captcha pass, sent
 * in `X-Email-Code-Proof` on the signer's calls until `expiresAt` (ISO 8601).
 */
export interface EmailCodeProof {
  proof: string;
  expiresAt: string;
}

/** The stored form of a proof (under `emailCodeVerified`), with the link and pass it belongs to. */
export function serializeEmailCodeProof(
  proof: EmailCodeProof,
  linkToken: string,
  captchaPass: string,
): string {
  return JSON.stringify({ ...proof, linkToken, captchaPass });
}

/** The stored proof when it belongs to this link and pass and is still usable; else null. */
export function readStoredEmailCodeProof(
  raw: string | null | undefined,
  linkToken: string,
  captchaPass: string,
  now: number = Date.now(),
): EmailCodeProof | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (!value || typeof value !== 'object') return null;
    const { proof, expiresAt } = value;
    if (typeof proof !== 'string' || !proof || typeof expiresAt !== 'string') return null;
    if (value.linkToken !== linkToken || value.captchaPass !== captchaPass) return null;
    const expiry = Date.parse(expiresAt);
    if (!Number.isFinite(expiry) || expiry - 30_000 <= now) return null;
    return { proof, expiresAt };
  } catch {
    return null;
  }
}

/**
 * `POST /api/update/reopen-email-code {token, recipientId}` (standard contracts) or
 * `POST /api/{sow|co}/reopen-email-code {id, recipientId}`: staff re-open a signer's locked
 * code step from the card.
 */
export interface ReopenEmailCodeRequest {
  recipientId: string;
}

/** Whether each family's creation screen proposes requiring an e-mail code (an admin setting). */
export type EmailCodeDefaults = Record<AgreementFamily, boolean>;

/** `GET /api/email-code/defaults` and the answer of `PUT`. */
export interface EmailCodeDefaultsResponse {
  defaults: EmailCodeDefaults;
}

/** `PUT /api/email-code/defaults` (admins): one family's default. */
export interface EmailCodeDefaultRequest {
  family: AgreementFamily;
  required: boolean;
}

export const EMAIL_CODE_SETTING_TEXTS = {
  /** The creation screens' checkbox and the admin setting's. */
  label: 'Require an e-mail code',
  hint: 'Each signer enters a 6-digit code we e-mail them before the document opens.',
} as const;
