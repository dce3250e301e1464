import { ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { AUTH_MESSAGES, type StaffSession } from '@prosign/domain';
import type { Response } from 'express';
import type { VerifiedIdentity } from '../../integrations/identity';
import { AppConfig } from '../../platform/config/app-config';
import { SESSION_COOKIE, sessionCookieOptions } from '../../platform/auth/session-cookie';
import { SessionService, type StaffSessionHandle } from '../../platform/auth/session.service';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { AccessService } from '../access';
import { COUNTERSIGN_DUTY, type CountersignDuty } from './countersign-duty.port';

/**
 * Turns an identity an adapter vouches for into a staff session. Whatever the
 * identity provider says, only listed users get one (spec 1 §6).
 */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly access: AccessService,
    private readonly sessions: SessionService,
    private readonly config: AppConfig,
    @Inject(COUNTERSIGN_DUTY) private readonly countersignDuty: CountersignDuty,
  ) {}

  /** A new session for a listed user, or 403 "Access to the tool denied…". */
  async signIn(identity: VerifiedIdentity, ip?: string): Promise<StaffSessionHandle> {
    const email = identity.email.trim().toLowerCase();
    const user = await this.access.findByEmail(email);
    if (!user) {
      this.logger.warn({ email, provider: identity.provider, ip }, 'sign-in refused: not listed');
      throw new ForbiddenException(AUTH_MESSAGES.accessDenied);
    }
    const session = await this.sessions.create(user.email, ip);
    this.logger.log({ email: user.email, provider: identity.provider, ip }, 'signed in');
    return session;
  }

  /** What `GET /api/auth/session` answers: the session and the person's current rights. */
  async describe(session: Pick<StaffSessionHandle, 'email' | 'expiresAt'>): Promise<StaffSession> {
    const user = await this.access.findByEmail(session.email);
    if (!user) throw new ForbiddenException(AUTH_MESSAGES.accessDenied);
    return {
      email: user.email,
      roles: user.roles,
      isAdmin: user.roles.includes('admin'),
      access: user.access,
      countersigner: await this.countersignDuty.showsCountersignEntry(user.email),
      expiresAt: session.expiresAt,
    };
  }

  /** Read on every load of the shell: someone named countersigner meanwhile gets the entry. */
  async toSessionView(staff: StaffPrincipal): Promise<StaffSession> {
    return {
      email: staff.email,
      roles: staff.roles,
      isAdmin: staff.isAdmin,
      access: staff.access,
      countersigner: await this.countersignDuty.showsCountersignEntry(staff.email),
      expiresAt: staff.expiresAt,
    };
  }

  setSessionCookie(response: Response, session: StaffSessionHandle): void {
    response.cookie(
      SESSION_COOKIE,
      session.id,
      sessionCookieOptions(this.config, new Date(session.expiresAt)),
    );
  }

  clearSessionCookie(response: Response): void {
    response.clearCookie(SESSION_COOKIE, sessionCookieOptions(this.config));
  }
}
