import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ApiKeyScope } from '@prosign/domain';
import type { Response } from 'express';
import { bearerOf } from '../public-api/api-key-bearer';
import { PROBLEM_TYPES } from '../public-api/problem-types';
import { ApiKeyRateLimiter } from '../public-api/api-key-rate-limiter';
import { isPublicApiPath } from '../public-api/public-api-path';
import { API_KEY_SCOPES_REQUIRED, type ApiKeyRequest } from '../public-api/public-api.decorators';
import { ApiKeyVerifier } from './api-key-verifier';
import { IS_PUBLIC } from './auth.decorators';
import { clientIp } from './staff-principal';

const REALM = 'Bearer realm="ProSign API"';

export const API_KEY_MISSING_MESSAGE =
  'Send an API key in the Authorization header: "Bearer psk_live_…".';
export const API_KEY_INVALID_MESSAGE = 'This API key is not valid, has expired or was revoked.';
const RATE_LIMITED_MESSAGE = 'Too many requests with this API key: wait and try again.';
/** A route of the public api that names no scope: a programming error, refused rather than opened. */
export const UNSCOPED_ROUTE_MESSAGE =
  'This route of the public api declares no scopes, so no API key may call it.';

/** "This API key lacks the scope agreements:write." (every missing one, named). */
export function missingScopeMessage(missing: readonly ApiKeyScope[]): string {
  return `This API key lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`;
}

/**
 * The public api's guard (runs after the staff session guard, which leaves these routes to it).
 * A route marked `@ApiKeyScopes(...)` needs `Authorization: Bearer psk_live_…` naming a usable
 * key that holds every listed scope; a staff session never opens it. Each key is then counted
 * against its rate limit. Fails closed: a route under `/api/v1` that names no scope (and is not
 * marked `@Public()`, as the api's own documentation is) is refused to every caller.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly logger = new Logger(ApiKeyGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeyVerifier,
    private readonly rateLimiter: ApiKeyRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<ApiKeyRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    const scopes = this.reflector.getAllAndOverride<ApiKeyScope[] | undefined>(
      API_KEY_SCOPES_REQUIRED,
      targets,
    );
    if (!scopes) {
      if (!isPublicApiRoute(request)) return true;
      if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
      this.logger.error(
        `${request.method} ${routePathOf(request)} is under the public api without @ApiKeyScopes: refused`,
      );
      throw new ForbiddenException(UNSCOPED_ROUTE_MESSAGE);
    }

    const presented = bearerOf(request);
    if (!presented) {
      response.setHeader('WWW-Authenticate', REALM);
      throw new UnauthorizedException(API_KEY_MISSING_MESSAGE);
    }
    const key = await this.keys.verify(presented, clientIp(request) ?? null);
    if (!key) {
      response.setHeader('WWW-Authenticate', `${REALM}, error="invalid_token"`);
      throw new UnauthorizedException(API_KEY_INVALID_MESSAGE);
    }

    // Counted before the scopes are checked: a key calling routes it may not call still costs.
    const decision = await this.rateLimiter.consume(key.id);
    for (const [name, value] of Object.entries(this.rateLimiter.headersOf(decision))) {
      response.setHeader(name, value);
    }
    if (!decision.admitted) {
      throw new HttpException(RATE_LIMITED_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    }

    const missing = scopes.filter((scope) => !key.scopes.includes(scope));
    if (missing.length > 0) {
      response.setHeader(
        'WWW-Authenticate',
        `${REALM}, error="insufficient_scope", scope="${scopes.join(' ')}"`,
      );
      throw new ForbiddenException({
        message: missingScopeMessage(missing),
        type: PROBLEM_TYPES.insufficientScope,
      });
    }
    request.apiKey = {
      id: key.id,
      prefix: key.prefix,
      name: key.name,
      scopes: key.scopes,
      ownerEmail: key.ownerEmail,
    };
    return true;
  }
}

/** The route's pattern as registered (`/api/v1/agreements/:id`), else the request's path. */
function routePathOf(request: ApiKeyRequest): string {
  const pattern = (request.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' ? pattern : request.path;
}

function isPublicApiRoute(request: ApiKeyRequest): boolean {
  return isPublicApiPath(routePathOf(request)) || isPublicApiPath(request.path ?? '');
}
