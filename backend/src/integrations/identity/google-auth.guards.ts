import { type ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { AuthGuard, type IAuthModuleOptions } from '@nestjs/passport';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { isReturnablePath } from '@prosign/domain';
import { AppConfig } from '../../platform/config/app-config';
import { REDIS_CLIENT } from '../../platform/redis/redis.constants';

const OAUTH_STATE_COOKIE = 'prosign_oauth_state';
const STATE_TTL_SECONDS = 600;

interface GoogleRequest extends Request {
  oauthState?: string;
  /** The page to return to after sign-in, recovered from the state. */
  oauthReturnTo?: string;
}

function stateKey(config: AppConfig, state: string): string {
  return `${config.QUEUE_PREFIX}:oauth-state:${state}`;
}

/**
 * `GET /api/auth/google`: remembers where to return (in Redis, under a random
 * `state`, also set in a short-lived httpOnly cookie that binds the flow to
 * this browser) and sends the person to Google, hinting the typed address.
 */
@Injectable()
export class GoogleSignInGuard extends AuthGuard('google') {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GoogleRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    const state = randomBytes(24).toString('base64url');
    const returnTo = typeof request.query.returnTo === 'string' ? request.query.returnTo : '/';
    await this.redis.set(
      stateKey(this.config, state),
      JSON.stringify({ returnTo: isReturnablePath(returnTo) ? returnTo : '/' }),
      'EX',
      STATE_TTL_SECONDS,
    );
    response.cookie(OAUTH_STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.NODE_ENV === 'production',
      path: '/api/auth/google',
      maxAge: STATE_TTL_SECONDS * 1000,
    });
    request.oauthState = state;
    return (await super.canActivate(context)) as boolean;
  }

  override getAuthenticateOptions(context: ExecutionContext): IAuthModuleOptions {
    const request = context.switchToHttp().getRequest<GoogleRequest>();
    const hint = typeof request.query.email === 'string' ? request.query.email : undefined;
    return {
      session: false,
      state: request.oauthState,
      // Only accounts of the company's Google Workspace; the typed address pre-selected.
      hd: this.config.COMPANY_EMAIL_DOMAIN,
      prompt: 'select_account',
      ...(hint ? { loginHint: hint } : {}),
    } as IAuthModuleOptions;
  }
}

/**
 * `GET /api/auth/google/callback`: checks the state against this browser's
 * cookie (one use only), then lets passport exchange the code. Never throws:
 * a failed or forged sign-in leaves `request.user` false, and the controller
 * sends the person back to the login page with a message.
 */
@Injectable()
export class GoogleCallbackGuard extends AuthGuard('google') {
  private readonly logger = new Logger(GoogleCallbackGuard.name);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GoogleRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    const state = typeof request.query.state === 'string' ? request.query.state : '';
    const expected = (request.cookies as Record<string, string> | undefined)?.[OAUTH_STATE_COOKIE];
    response.clearCookie(OAUTH_STATE_COOKIE, { path: '/api/auth/google' });
    const stored =
      state && state === expected ? await this.redis.getdel(stateKey(this.config, state)) : null;
    if (!stored || typeof request.query.code !== 'string') {
      this.logger.warn('Google sign-in callback without a valid state or code');
      (request as { user?: unknown }).user = false;
      return true;
    }
    request.oauthReturnTo = (JSON.parse(stored) as { returnTo: string }).returnTo;
    try {
      return (await super.canActivate(context)) as boolean;
    } catch (error) {
      this.logger.warn(`Google sign-in failed: ${(error as Error).message}`);
      (request as { user?: unknown }).user = false;
      return true;
    }
  }

  override getAuthenticateOptions(): IAuthModuleOptions {
    return { session: false };
  }

  override handleRequest<TUser>(error: unknown, user: TUser): TUser {
    if (error) {
      this.logger.warn(`Google sign-in failed: ${(error as Error).message ?? String(error)}`);
      return false as TUser;
    }
    return (user || false) as TUser;
  }
}

export type { GoogleRequest };
