import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { ConcurrencyLimit } from '../../platform/concurrency/concurrency-limit';
import { ClientEvent, type SignerPresenceReport } from '../../platform/realtime/realtime-events';
import { type PresenceAgreement, SigningPresenceService } from './signing-presence.service';

/**
 * Link checks running at once on this process. Every signing page reconnects
 * at once after a restart; started all together, thousands of checks' queries
 * held their driver state while waiting for the pool (bench/presence, 5,000
 * sockets: 324–333 MB RSS connected, 263–275 MB with this limit).
 */
export const LINK_CHECK_CONCURRENCY = 16;

/** Presence writes running at once on this process, for the same reason. */
export const PRESENCE_WRITE_CONCURRENCY = 16;

interface SignerSocketData {
  /** Settles once the handshake's token is checked; reports wait for it. */
  checked?: Promise<void>;
  /** The sent agreement the handshake's token names, once checked. */
  agreement?: PresenceAgreement;
  /** The socket's last reported state. */
  active?: boolean;
  /** The socket's reports, written one after another so the last one said is the one stored. */
  reports?: Promise<void>;
}

/**
 * Signer presence (spec 1 §4.2): the signing page connects with
 * `query: {token, docLink}` and reports `user-active` / `user-inactive`;
 * leaving the page (disconnect) counts as inactive.
 */
@WebSocketGateway()
export class SigningPresenceGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(SigningPresenceGateway.name);
  private readonly linkChecks = new ConcurrencyLimit(LINK_CHECK_CONCURRENCY);
  private readonly writes = new ConcurrencyLimit(PRESENCE_WRITE_CONCURRENCY);

  constructor(private readonly presence: SigningPresenceService) {}

  async handleConnection(socket: Socket): Promise<void> {
    const token = socket.handshake.query?.token;
    if (typeof token !== 'string' || !token) return;
    const data = socket.data as SignerSocketData;
    // Kept on the socket (its id and family), so no report reads the agreement again.
    data.checked = this.linkChecks
      .run(() => this.presence.agreementOfToken(token))
      .then(
        (agreement) => {
          if (agreement) data.agreement = agreement;
        },
        () => undefined,
      );
    await data.checked;
  }

  handleDisconnect(socket: Socket): Promise<void> {
    const data = socket.data as SignerSocketData;
    if (!data.active) return Promise.resolve();
    return this.report(data, false);
  }

  @SubscribeMessage(ClientEvent.UserActive)
  async userActive(
    @ConnectedSocket() socket: Socket,
    @MessageBody() report: SignerPresenceReport,
  ): Promise<void> {
    const data = socket.data as SignerSocketData;
    if (await this.reportsOwnToken(socket, report)) await this.report(data, true);
  }

  @SubscribeMessage(ClientEvent.UserInactive)
  async userInactive(
    @ConnectedSocket() socket: Socket,
    @MessageBody() report: SignerPresenceReport,
  ): Promise<void> {
    const data = socket.data as SignerSocketData;
    if (await this.reportsOwnToken(socket, report)) await this.report(data, false);
  }

  /** A socket may only report the contract its handshake named (and that exists). */
  private async reportsOwnToken(socket: Socket, report: unknown): Promise<boolean> {
    const data = socket.data as SignerSocketData;
    await data.checked;
    const token = (report as Partial<SignerPresenceReport> | null)?.token;
    return (
      data.agreement !== undefined &&
      typeof token === 'string' &&
      token === socket.handshake.query?.token
    );
  }

  /** Queues the socket's report behind its earlier ones. */
  private report(data: SignerSocketData, active: boolean): Promise<void> {
    const agreement = data.agreement;
    if (!agreement) return Promise.resolve();
    data.active = active;
    const written = (data.reports ?? Promise.resolve()).then(() =>
      this.writes
        .run(() => this.presence.record(agreement, active))
        .then(
          () => undefined,
          (error: Error) =>
            // Never the token: logs must not carry signing links.
            this.logger.warn(`A signer's presence was not recorded: ${error.message}`),
        ),
    );
    data.reports = written;
    return written;
  }
}
