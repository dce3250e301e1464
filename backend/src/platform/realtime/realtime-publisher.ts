import { Emitter } from '@socket.io/redis-emitter';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.constants';
import {
  ServerEvent,
  STAFF_ROOM,
  staffRoomOf,
  type AgreementChangedEvent,
  type InvoiceChangedEvent,
  type ServerToClientEvents,
  type SignerPresenceEvent,
} from './realtime-events';

/**
 * Pushes agreement changes and signer presence to the staff room of the
 * dashboard that lists the family (contracts and change orders: `staff`, SOW: `staff-sow`). It publishes
 * through Redis (the Socket.IO adapter's channel), so the api and the worker
 * (expiry, reminders) reach every api replica's sockets alike. Delivery is
 * best effort: a Redis hiccup never fails the action that caused the event.
 */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger(RealtimePublisher.name);
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, config: AppConfig) {
    // Same key as RedisIoAdapter, so the adapter's subscribers receive these.
    this.emitter = new Emitter<ServerToClientEvents>(redis, {
      key: `${config.QUEUE_PREFIX}:socket.io`,
    });
  }

  agreementChanged(event: Omit<AgreementChangedEvent, 'at'> & { at?: Date | string }): void {
    this.publish(() =>
      this.emitter
        .to(staffRoomOf(event.family))
        .emit(ServerEvent.AgreementChanged, { ...event, at: iso(event.at) }),
    );
  }

  signerPresence(event: Omit<SignerPresenceEvent, 'at'> & { at?: Date | string }): void {
    this.publish(() =>
      this.emitter
        .to(staffRoomOf(event.family))
        .emit(ServerEvent.SignerPresence, { ...event, at: iso(event.at) }),
    );
  }

  /** An invoice was sent or its status changed: to the contract dashboard's room (invoices need dashboardAccess). */
  invoiceChanged(event: Omit<InvoiceChangedEvent, 'at'> & { at?: Date | string }): void {
    this.publish(() =>
      this.emitter.to(STAFF_ROOM).emit(ServerEvent.InvoiceChanged, { ...event, at: iso(event.at) }),
    );
  }

  private publish(emit: () => void): void {
    try {
      emit();
    } catch (error) {
      this.logger.warn(`Realtime event not published: ${(error as Error).message}`);
    }
  }
}

function iso(at: Date | string | undefined): string {
  if (at === undefined) return new Date().toISOString();
  return typeof at === 'string' ? at : at.toISOString();
}
