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
import { SigningPresenceService } from './signing-presence.service';

/**
 * Link checks running at once on this process. Every signing page reconnects
 * at once after a restart; started all together, thousands of checks' queries
 * held their driver state while waiting for the pool (bench/presence, 5,000
 * sockets: 324–333 MB RSS connected, 263–275 MB with this limit).
 */
export const LINK_CHECK_CONCURRENCY = 16;

interface SignerSocketData {
  /** The handshake's token, once it named an existing sent contract. */
  signerToken?: string;
  active?: boolean;
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

  constructor(private readonly presence: SigningPresenceService) {}

  async handleConnection(socket: Socket): Promise<void> {
    const token = socket.handshake.query?.token;
    if (typeof token !== 'string' || !token) return;
    const data = socket.data as SignerSocketData;
    // Known before any report is handled: reports wait for this check.
    const known = this.linkChecks.run(() => this.presence.isKnownToken(token)).catch(() => false);
    (socket.data as { known?: Promise<boolean> }).known = known;
    if (await known) data.signerToken = token;
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    const data = socket.data as SignerSocketData;
    if (!data.signerToken || !data.active) return;
    await this.report(data.signerToken, false);
  }

  @SubscribeMessage(ClientEvent.UserActive)
  async userActive(
    @ConnectedSocket() socket: Socket,
    @MessageBody() report: SignerPresenceReport,
  ): Promise<void> {
    if (await this.reportsOwnToken(socket, report)) {
      (socket.data as SignerSocketData).active = true;
      await this.report(report.token, true);
    }
  }

  @SubscribeMessage(ClientEvent.UserInactive)
  async userInactive(
    @ConnectedSocket() socket: Socket,
    @MessageBody() report: SignerPresenceReport,
  ): Promise<void> {
    if (await this.reportsOwnToken(socket, report)) {
      (socket.data as SignerSocketData).active = false;
      await this.report(report.token, false);
    }
  }

  /** A socket may only report the contract its handshake named (and that exists). */
  private async reportsOwnToken(socket: Socket, report: unknown): Promise<boolean> {
    await (socket.data as { known?: Promise<boolean> }).known;
    const token = (report as Partial<SignerPresenceReport> | null)?.token;
    const own = (socket.data as SignerSocketData).signerToken;
    return typeof token === 'string' && own !== undefined && token === own;
  }

  private async report(token: string, active: boolean): Promise<void> {
    try {
      await this.presence.record(token, active);
    } catch (error) {
      // Never the token: logs must not carry signing links.
      this.logger.warn(`A signer's presence was not recorded: ${(error as Error).message}`);
    }
  }
}
