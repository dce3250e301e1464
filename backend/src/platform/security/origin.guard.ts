import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../config/app-config';
import { isPublicApiPath } from '../public-api/public-api-path';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CROSS_ORIGIN_MESSAGE =
  'Request refused: it comes from a site that is not allowed to change data here.';

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

/** Whether the request names its credential itself (a key), rather than riding on a cookie. */
function hasBearerCredential(request: Request): boolean {
  const header = request.headers.authorization;
  return typeof header === 'string' && /^Bearer[ \t]+\S/i.test(header);
}

/**
 * Cross-site request forgery defence: a state-changing request whose Origin
 * (or, without one, Referer) is neither a configured frontend (CORS_ORIGINS)
 * nor the API itself is refused with 403 before anything runs. Requests with
 * neither header are not from a browser page (scripts, server-to-server) and
 * carry no ambient cookie risk, so they pass on to the session checks.
 *
 * A public api (`/api/v1`) request with an `Authorization: Bearer` key passes from any
 * site: it acts with the key it presents (the key guard checks it), which a forging page
 * cannot borrow from the browser, and no staff session ever opens those routes. A
 * browser-based integrator sends its own Origin.
 */
@Injectable()
export class OriginGuard implements CanActivate {
  private readonly allowed: Set<string>;

  constructor(config: AppConfig) {
    this.allowed = new Set(config.CORS_ORIGINS.map((origin) => new URL(origin).origin));
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!STATE_CHANGING.has(request.method)) return true;
    const header = request.headers.origin ?? request.headers.referer;
    const origin = originOf(header);
    if (origin === null) return true;
    if (this.allowed.has(origin) || origin === this.ownOrigin(request)) return true;
    if (isPublicApiPath(request.path ?? '') && hasBearerCredential(request)) return true;
    throw new ForbiddenException(CROSS_ORIGIN_MESSAGE);
  }

  private ownOrigin(request: Request): string | null {
    const host = request.headers.host;
    return host ? `${request.protocol}://${host}` : null;
  }
}
