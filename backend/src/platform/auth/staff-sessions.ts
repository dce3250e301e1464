import { Injectable } from '@nestjs/common';
import { SessionService, type StaffSessionHandle } from './session.service';
import { StaffDirectory, type StaffAccessRecord } from './staff-directory';

/** Where a session id stands now: nothing sent, gone, its user deleted since, or a listed member. */
export type StaffStanding =
  | { state: 'none' }
  | { state: 'expired' }
  | { state: 'unlisted'; session: StaffSessionHandle }
  | { state: 'staff'; session: StaffSessionHandle; user: StaffAccessRecord };

/**
 * A session id to the staff member behind it: the live session in Redis, then the user's
 * record read again (rights are never cached in the session). The one lookup the staff guard,
 * the staff socket room and the document read check share.
 */
@Injectable()
export class StaffSessions {
  constructor(
    private readonly sessions: SessionService,
    private readonly directory: StaffDirectory,
  ) {}

  async standingOf(sessionId: string | null | undefined): Promise<StaffStanding> {
    if (!sessionId) return { state: 'none' };
    const session = await this.sessions.get(sessionId);
    if (!session) return { state: 'expired' };
    const user = await this.directory.findByEmail(session.email);
    return user ? { state: 'staff', session, user } : { state: 'unlisted', session };
  }
}
