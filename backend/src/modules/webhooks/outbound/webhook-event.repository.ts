import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { WebhookEventType } from '@prosign/domain';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { insertIfAbsent } from '../../../platform/database/insert-if-absent';

/** A relayed webhook event: its payload as sent, and the endpoints it was for when relayed. */
export interface WebhookEventDoc {
  /** The event id (`webhook-id`). */
  _id: string;
  type: WebhookEventType;
  /** The agreement it is about (an invoice's agreement for invoice events). */
  agreementId: string;
  sequence: number;
  /** The payload's JSON, exactly as every delivery sends it. */
  body: string;
  /** The endpoints subscribed when it was first relayed: a relay run again reuses this list. */
  endpointIds: string[];
  occurredAt: Date;
  createdAt: Date;
}

/** The only reader and writer of `webhook_events`. */
@Injectable()
export class WebhookEventRepository implements OnModuleInit {
  private readonly events: Collection<WebhookEventDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.events = connection.collection<WebhookEventDoc>(
      'webhook_events',
    ) as unknown as Collection<WebhookEventDoc>;
  }

  async onModuleInit(): Promise<void> {
    // Retention: events by age.
    await this.events.createIndex({ createdAt: 1 }, { name: 'created' });
  }

  /** The stored event: `fresh` if this call stored it, else the one an earlier relay stored. */
  async insertOrGet(fresh: WebhookEventDoc): Promise<WebhookEventDoc> {
    if ((await insertIfAbsent(this.events as never, [fresh])) === 1) return fresh;
    const stored = await this.events.findOne({ _id: fresh._id });
    if (!stored) throw new Error(`webhook event ${fresh._id} vanished`);
    return stored;
  }

  /** Deletes the events relayed before `before` (their deliveries carry their own body); how many went. */
  async removeCreatedBefore(before: Date): Promise<number> {
    return (await this.events.deleteMany({ createdAt: { $lt: before } })).deletedCount;
  }
}
