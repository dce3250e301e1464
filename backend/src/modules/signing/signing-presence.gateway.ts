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
const PRESENCE_WRITE_CONCURRENCY = 16;

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

  handleDisconnect(socket: Socket): void {
    const data = socket.data as SignerSocketData;
    if (data.active) this.queueReport(data, false);
  }

  // The handlers answer at once: a report waits in its socket's small queue, not in a
  // message's handler pipeline (5,000 pages reporting at once held 5,000 of those).
  @SubscribeMessage(ClientEvent.UserActive)
  userActive(@ConnectedSocket() socket: Socket, @MessageBody() report: SignerPresenceReport): void {
    if (namesOwnToken(socket, report)) this.queueReport(socket.data as SignerSocketData, true);
  }

  @SubscribeMessage(ClientEvent.UserInactive)
  userInactive(
    @ConnectedSocket() socket: Socket,
    @MessageBody() report: SignerPresenceReport,
  ): void {
    if (namesOwnToken(socket, report)) this.queueReport(socket.data as SignerSocketData, false);
  }

  /**
   * Queues a report behind the socket's earlier ones (and its link check): written
   * in the order said, and only for a token that named a sent contract.
   */
  private queueReport(data: SignerSocketData, active: boolean): void {
    // Set now, so a disconnect right after still queues its inactive report.
    data.active = active;
    data.reports = (data.reports ?? data.checked ?? Promise.resolve()).then(() => {
      const agreement = data.agreement;
      if (!agreement) return;
      return this.writes
        .run(() => this.presence.record(agreement, active))
        .then(
          () => undefined,
          (error: Error) =>
            // Never the token: logs must not carry signing links.
            this.logger.warn(`A signer's presence was not recorded: ${error.message}`),
        );
    });
  }
}

/** A socket may only report the contract its handshake named. */
function namesOwnToken(socket: Socket, report: unknown): boolean {
  const token = (report as Partial<SignerPresenceReport> | null)?.token;
  return typeof token === 'string' && token !== '' && token === socket.handshake.query?.token;
}
