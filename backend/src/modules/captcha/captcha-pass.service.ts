import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { CaptchaPass } from '@prosign/domain';
import type { Request } from 'express';
import { createHmac, randomBytes } from 'node:crypto';
import { CAPTCHA_SECRET, readToken, signToken } from '../../integrations/captcha';
import { clientIp } from '../../platform/auth/staff-principal';
import { captchaPassOf } from '../../platform/auth/request-credentials';
import { AppConfig } from '../../platform/config/app-config';
import { linkTokensOf, normalizeIp, type LinkTokens } from './captcha-binding';

const PASS_PURPOSE = 'captcha-pass';

export const CAPTCHA_PASS_MESSAGES = {
  missing: 'Please confirm you are not a robot first (missing or expired captcha pass)',
  otherLink:
    'Please confirm you are not a robot first (the captcha pass was issued for another link)',
  otherAddress:
    'Please confirm you are not a robot first (the captcha pass was issued to another network address)',
  noLink: 'Please confirm you are not a robot first (the request names no signing link)',
} as const;

/** What a pass is issued for: the link the signer page shows, from the address that solved the captcha. */
export interface CaptchaPassBinding {
  linkToken: string;
  ip: string | undefined;
}

interface PassPayload extends Record<string, unknown> {
  exp?: unknown;
  /** HMAC of the link token the pass was issued for. */
  t?: unknown;
  /** HMAC of the client address that solved the captcha. */
  a?: unknown;
}

/** Set on a request whose body is parsed after guards run (multipart): the link still to compare. */
export const PENDING_LINK_CHECK = Symbol('captchaPendingLinkCheck');
export interface RequestWithPendingLinkCheck extends Request {
  [PENDING_LINK_CHECK]?: string;
}

/**
 * Our proof that a browser passed the captcha: an HMAC-signed token that
 * expires after CAPTCHA_PASS_TTL_SECONDS (the signing session), bound to the
 * signing link it was issued for and to the client address that solved the
 * challenge. Signer endpoints check it with `@RequireCaptchaPass()`, so the
 * captcha provider is asked once per session, not on every call, and one
 * solved captcha never opens other links or serves another machine.
 */
@Injectable()
export class CaptchaPassService {
  constructor(
    @Inject(CAPTCHA_SECRET) private readonly secret: Buffer,
    private readonly config: AppConfig,
  ) {}

  issue(binding: CaptchaPassBinding, now = Date.now()): CaptchaPass {
    const exp = now + this.config.CAPTCHA_PASS_TTL_SECONDS * 1000;
    const pass = signToken(this.secret, PASS_PURPOSE, {
      exp,
      n: randomBytes(9).toString('base64url'),
      t: this.linkDigest(binding.linkToken),
      a: this.addressDigest(binding.ip),
    });
    return { pass, expiresAt: new Date(exp).toISOString() };
  }

  /**
   * Refuses (403) a request without a valid, unexpired pass issued to its client
   * address for the link token it names (body, query or route parameter: every
   * one present must be that token, and one must be present). A multipart body
   * is parsed after guards: its token is compared when the body is read
   * (`CaptchaUploadLinkInterceptor`, after the upload's parser).
   */
  assertRequest(request: Request, now = Date.now()): void {
    const payload = this.read(captchaPassOf(request) ?? undefined, now);
    if (payload.a !== this.addressDigest(clientIp(request))) {
      throw new ForbiddenException(CAPTCHA_PASS_MESSAGES.otherAddress);
    }
    const bodyPending = isMultipart(request);
    const tokens = linkTokensOf(request, { body: !bodyPending });
    this.assertTokens(payload.t as string, tokens, !bodyPending);
    if (bodyPending)
      (request as RequestWithPendingLinkCheck)[PENDING_LINK_CHECK] = payload.t as string;
  }

  /** The deferred half of `assertRequest` for a body read after the guard (multipart). */
  assertPendingBody(expectedDigest: string, tokens: LinkTokens, required = true): void {
    this.assertTokens(expectedDigest, tokens, required);
  }

  private assertTokens(expectedDigest: string, tokens: LinkTokens, required: boolean): void {
    if (tokens.malformed) throw new ForbiddenException(CAPTCHA_PASS_MESSAGES.otherLink);
    if (tokens.values.length === 0) {
      if (required) throw new ForbiddenException(CAPTCHA_PASS_MESSAGES.noLink);
      return;
    }
    if (tokens.values.some((token) => this.linkDigest(token) !== expectedDigest)) {
      throw new ForbiddenException(CAPTCHA_PASS_MESSAGES.otherLink);
    }
  }

  /** The payload of a well-formed, correctly signed, unexpired and bound pass; 403 otherwise. */
  private read(pass: string | undefined, now: number): PassPayload {
    const payload = pass ? readToken<PassPayload>(this.secret, PASS_PURPOSE, pass) : null;
    if (
      !payload ||
      typeof payload.exp !== 'number' ||
      payload.exp <= now ||
      typeof payload.t !== 'string' ||
      typeof payload.a !== 'string'
    ) {
      throw new ForbiddenException(CAPTCHA_PASS_MESSAGES.missing);
    }
    return payload;
  }

  // Digests rather than the values: the pass travels in headers and browser storage.
  private linkDigest(token: string): string {
    return this.digest(`link.${token}`);
  }

  private addressDigest(ip: string | undefined): string {
    return this.digest(`ip.${normalizeIp(ip)}`);
  }

  private digest(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url').slice(0, 22);
  }
}

function isMultipart(request: Request): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}
