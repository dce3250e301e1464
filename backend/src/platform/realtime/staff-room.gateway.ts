import { Logger, Module } from '@nestjs/common';
import { type OnGatewayConnection, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { AccessModule } from '../../modules/access/access.module';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { SessionService } from '../auth/session.service';
import { StaffDirectory } from '../auth/staff-directory';
import { STAFF_ROOM } from './realtime-events';

/** The value of one cookie from a raw `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Puts sockets that carry a live staff session cookie (of a still-listed user)
 * in the staff room, which receives contract changes and signer presence.
 * Signers and anonymous sockets never join it, so they hear nothing.
 */
@WebSocketGateway()
export class StaffRoomGateway implements OnGatewayConnection {
  private readonly logger = new Logger(StaffRoomGateway.name);

  constructor(
    private readonly sessions: SessionService,
    private readonly directory: StaffDirectory,
  ) {}

  async handleConnection(socket: Socket): Promise<void> {
    try {
      const sessionId = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
      if (!sessionId) return;
      const session = await this.sessions.get(sessionId);
      if (!session || !(await this.directory.findByEmail(session.email))) return;
      await socket.join(STAFF_ROOM);
    } catch (error) {
      this.logger.warn(`Staff socket not admitted: ${(error as Error).message}`);
    }
  }
}

@Module({
  imports: [AccessModule],
  providers: [StaffRoomGateway],
})
export class StaffRoomModule {}
