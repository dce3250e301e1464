import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCESS_FLAG_LABELS, AUTH_MESSAGES, type AccessFlag } from '@prosign/domain';
import type { Response } from 'express';
import { AppConfig } from '../config/app-config';
import { isPublicApiPath } from '../public-api/public-api-path';
import { API_KEY_SCOPES_REQUIRED } from '../public-api/public-api.decorators';
import { ADMIN_ONLY, IS_PUBLIC, REQUIRED_ACCESS, SIGNER_MAY_CALL } from './auth.decorators';
import { SESSION_COOKIE, sessionCookieOptions } from './session-cookie';
import { SessionService } from './session.service';
import { captchaPassOf, sessionIdOf } from './request-credentials';
import { StaffSessions } from './staff-sessions';
import type { StaffRequest } from './staff-principal';

const NOT_SIGNED_IN_MESSAGE = 'Sign in to continue.';
export const ADMIN_ONLY_MESSAGE = 'Only administrators can do this.';

/** Names every flag that would have let the user through (any one suffices). */
function missingAccessMessage(...flags: AccessFlag[]): string {
  const names = flags.map((flag) => `${ACCESS_FLAG_LABELS[flag]} (${flag})`).join(' or ');
  return `You do not have access to ${names}. Ask an administrator for it.`;
}

/**
 * The global staff guard (default deny): a route needs a live session of a
 * listed user unless it is `@Public()` or part of the public api (`@ApiKeyScopes`, `/api/v1`:
 * the ApiKeyGuard's, which runs next and fails closed); then the flag named by
 * `@RequireAccess()` and the admin role for `@AdminOnly()`. Rights are read
 * from the user record on every request, so a changed flag or a deleted user
 * takes effect on the very next call.
 */
@Injectable()
export class StaffSessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly staffSessions: StaffSessions,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket.IO and other transports have their own checks.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<StaffRequest>();
    // The public api is the key guard's: a key acts with its scopes, and a staff session
    // opens none of it (nor is it looked at, so it cannot lend a route a person).
    if (
      this.reflector.getAllAndOverride<unknown>(API_KEY_SCOPES_REQUIRED, targets) ||
      isPublicApiPath(request.path ?? '')
    ) {
      return true;
    }
    const response = context.switchToHttp().getResponse<Response>();
    const sessionId = sessionIdOf(request);
    if (
      !sessionId &&
      this.reflector.getAllAndOverride<boolean>(SIGNER_MAY_CALL, targets) &&
      captchaPassOf(request)
    ) {
      return true;
    }
    const standing = await this.staffSessions.standingOf(sessionId);
    if (standing.state === 'none') throw new UnauthorizedException(NOT_SIGNED_IN_MESSAGE);
    if (standing.state === 'expired') {
      this.clearCookie(response);
      throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    }
    if (standing.state === 'unlisted') {
      // Deleted since sign-in: the session goes with the user.
      await this.sessions.destroy(standing.session.id);
      this.clearCookie(response);
      throw new UnauthorizedException(AUTH_MESSAGES.accessDenied);
    }
    const { session, user } = standing;
    const isAdmin = user.roles.includes('admin');
    request.staff = {
      email: user.email,
      roles: user.roles,
      access: user.access,
      isAdmin,
      sessionId: session.id,
      expiresAt: session.expiresAt,
    };

    const anyOf = this.reflector.getAllAndOverride<AccessFlag[] | undefined>(
      REQUIRED_ACCESS,
      targets,
    );
    if (anyOf && !anyOf.some((flag) => user.access[flag])) {
      throw new ForbiddenException(missingAccessMessage(...anyOf));
    }
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) && !isAdmin) {
      throw new ForbiddenException(ADMIN_ONLY_MESSAGE);
    }
    return true;
  }

  private clearCookie(response: Response): void {
    response.clearCookie(SESSION_COOKIE, sessionCookieOptions(this.config));
  }
}
