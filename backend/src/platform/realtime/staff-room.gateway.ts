import {
  type DynamicModule,
  Inject,
  Logger,
  Module,
  type OnModuleDestroy,
  type OnModuleInit,
  type Type,
} from '@nestjs/common';
import {
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  WebSocketGateway,
} from '@nestjs/websockets';
import { allFamilies, seesFamily, type AgreementFamily } from '@prosign/domain';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io';
import { SESSION_COOKIE } from '../auth/session-cookie';
import {
  StaffAccessEvents,
  sessionKeyOf,
  type StaffAccessEvent,
} from '../auth/staff-access-events';
import { StaffSessions } from '../auth/staff-sessions';
import { REDIS_CLIENT } from '../redis/redis.constants';

/** The value of one cookie from a raw `Cookie` header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
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
 * The staff rooms, each family's dashboard room (the families' one table). A session is in the
 * rooms of the families it sees (`seesFamily`: the family's dashboard flag, or an administrator,
 * whose Insights count every family): the room carries the family's changes and signer presence,
 * so a PM with only the SOW dashboard is not in the contract dashboard's room.
 */
function staffRooms(): Array<{ room: string; families: AgreementFamily[] }> {
  // Read at use, not at import: a family registered at start brings its room.
  const rooms = new Map<string, AgreementFamily[]>();
  for (const { id, dashboard } of allFamilies()) {
    rooms.set(dashboard.staffRoom, [...(rooms.get(dashboard.staffRoom) ?? []), id]);
  }
  return [...rooms].map(([room, families]) => ({ room, families }));
}

/** Where a socket keeps the promise of its room admission (awaited by the ping). */
export const ADMISSION_KEY = 'staffRoomAdmission';

/** Every socket's standing is read again this often (expiry and changes missed on the channel). */
const STAFF_ROOM_RECHECK_MS = 30_000;

interface StaffSocketData {
  staff?: {
    sessionId: string;
    /** `sessionKeyOf(sessionId)`, as sign-out announces it. */
    sessionKey: string;
    email: string;
    expiryTimer?: NodeJS.Timeout;
  };
}

/**
 * Puts sockets that carry a live staff session cookie of a listed user whose
 * flags allow it in the staff rooms (contract dashboard: `dashboardAccess`;
 * SOW dashboard: `sowDashboardAccess`). Signers, anonymous sockets and staff
 * without a dashboard flag hear nothing.
 *
 * A socket lasts no longer than what admitted it: it is dropped (left rooms,
 * disconnected) when its session is signed out or the user deleted (announced
 * on Redis by SessionService, so every api process acts), when a flag change
 * leaves it no room (AccessService), at the session's expiry, and in any case
 * at the next periodic re-check (STAFF_ROOM_RECHECK_MS).
 */
@WebSocketGateway()
class StaffRoomGateway
  implements OnGatewayConnection, OnGatewayDisconnect, OnModuleInit, OnModuleDestroy
{
  private readonly logger = new Logger(StaffRoomGateway.name);
  /** This process's staff sockets, by socket id. */
  private readonly members = new Map<string, Socket>();
  private subscriber?: Redis;
  private recheckTimer?: NodeJS.Timeout;

  constructor(
    private readonly staffSessions: StaffSessions,
    private readonly accessEvents: StaffAccessEvents,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  async onModuleInit(): Promise<void> {
    // Subscriptions need a connection of their own.
    const subscriber = this.redis.duplicate({ lazyConnect: true });
    this.subscriber = subscriber;
    subscriber.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.accessEvents.channel) this.onAccessEvent(message);
    });
    await subscriber.connect();
    await subscriber.subscribe(this.accessEvents.channel);
    this.recheckTimer = setInterval(() => void this.recheckAll(), STAFF_ROOM_RECHECK_MS);
    this.recheckTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.recheckTimer);
    for (const socket of this.members.values()) clearTimeout(dataOf(socket).staff?.expiryTimer);
    this.members.clear();
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber && subscriber.status !== 'end') {
      await subscriber.quit().catch(() => subscriber.disconnect());
    }
  }

  handleConnection(socket: Socket): Promise<void> {
    // Kept on the socket so a client's ping is answered only after admission (ADMISSION_KEY).
    const admission = this.admit(socket);
    (socket.data as Record<string, unknown>)[ADMISSION_KEY] = admission;
    return admission;
  }

  private async admit(socket: Socket): Promise<void> {
    try {
      const sessionId = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
      if (!sessionId) return;
      const standing = await this.standingOf(sessionId);
      if (!standing || standing.rooms.length === 0) return;
      dataOf(socket).staff = {
        sessionId,
        sessionKey: sessionKeyOf(sessionId),
        email: standing.email.toLowerCase(),
      };
      this.members.set(socket.id, socket);
      await socket.join(standing.rooms);
      this.dropAtExpiry(socket, standing.expiresAt);
    } catch (error) {
      this.logger.warn(`Staff socket not admitted: ${(error as Error).message}`);
    }
  }

  handleDisconnect(socket: Socket): void {
    clearTimeout(dataOf(socket).staff?.expiryTimer);
    this.members.delete(socket.id);
  }

  /** The rooms a session may be in now; null when it is no live session of a listed user. */
  private async standingOf(
    sessionId: string,
  ): Promise<{ email: string; expiresAt: string; rooms: string[] } | null> {
    const standing = await this.staffSessions.standingOf(sessionId);
    if (standing.state !== 'staff') return null;
    const { session, user } = standing;
    const viewer = { isAdmin: user.roles.includes('admin'), access: user.access };
    const rooms = staffRooms()
      .filter(({ families }) => families.some((family) => seesFamily(viewer, family)))
      .map(({ room }) => room);
    return { email: user.email, expiresAt: session.expiresAt, rooms };
  }

  /** Reads the socket's standing again: leaves the rooms it lost, or goes when none is left. */
  private async recheck(socket: Socket): Promise<void> {
    const staff = dataOf(socket).staff;
    if (!staff || !this.members.has(socket.id)) return;
    let standing: Awaited<ReturnType<StaffRoomGateway['standingOf']>>;
    try {
      standing = await this.standingOf(staff.sessionId);
    } catch (error) {
      // Redis or MongoDB away: keep the socket, the next re-check decides.
      this.logger.warn(`Staff socket not re-checked: ${(error as Error).message}`);
      return;
    }
    if (!standing || standing.rooms.length === 0) return this.drop(socket);
    for (const { room } of staffRooms()) {
      if (!standing.rooms.includes(room)) await socket.leave(room);
    }
    await socket.join(standing.rooms);
  }

  private async recheckAll(): Promise<void> {
    await Promise.all([...this.members.values()].map((socket) => this.recheck(socket)));
  }

  private onAccessEvent(message: string): void {
    let event: StaffAccessEvent;
    try {
      event = JSON.parse(message) as StaffAccessEvent;
    } catch {
      return;
    }
    for (const socket of [...this.members.values()]) {
      const staff = dataOf(socket).staff;
      if (!staff) continue;
      if (event.kind === 'session-ended' && staff.sessionKey === event.sessionKey) {
        this.drop(socket);
      } else if (event.kind === 'user-changed' && staff.email === event.email) {
        void this.recheck(socket);
      }
    }
  }

  private dropAtExpiry(socket: Socket, expiresAt: string): void {
    const staff = dataOf(socket).staff;
    if (!staff) return;
    // A little after the session's own expiry, so the re-check finds it gone.
    const delay = Math.min(Math.max(Date.parse(expiresAt) - Date.now(), 0) + 50, 2 ** 31 - 1);
    staff.expiryTimer = setTimeout(() => void this.recheck(socket), delay);
    staff.expiryTimer.unref();
  }

  private drop(socket: Socket): void {
    clearTimeout(dataOf(socket).staff?.expiryTimer);
    this.members.delete(socket.id);
    for (const { room } of staffRooms()) void socket.leave(room);
    socket.disconnect(true);
  }
}

function dataOf(socket: Socket): StaffSocketData {
  return socket.data as StaffSocketData;
}

/**
 * The gateway reads users through the platform's StaffSessions over the StaffDirectory.
 * The module that provides both (modules/access) is handed in by the root module, so
 * platform code never imports a feature module.
 */
@Module({})
export class StaffRoomModule {
  static withDirectory(directoryModule: Type<unknown>): DynamicModule {
    return {
      module: StaffRoomModule,
      imports: [directoryModule],
      providers: [StaffRoomGateway],
    };
  }
}
