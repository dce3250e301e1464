import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { WebhookEventType } from '@prosign/domain';
import type { Collection, Filter } from 'mongodb';
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
  /** When it was stored: the events feed's order. */
  createdAt: Date;
}

/** A place in the feed: an event's storing time and id. */
export interface WebhookEventPosition {
  createdAt: Date;
  id: string;
}

/** What the feed may be narrowed to. */
export interface WebhookEventFeedFilter {
  types?: readonly WebhookEventType[];
  agreementId?: string;
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
    // The events feed in storing order: all of it, one agreement's, or some types'. The first
    // also serves the retention's removal by age.
    await this.events.createIndex({ createdAt: 1, _id: 1 }, { name: 'stored_order' });
    await this.events.createIndex(
      { agreementId: 1, createdAt: 1, _id: 1 },
      { name: 'agreement_stored_order' },
    );
    await this.events.createIndex({ type: 1, createdAt: 1, _id: 1 }, { name: 'type_stored_order' });
  }

  findById(id: string): Promise<WebhookEventDoc | null> {
    return this.events.findOne({ _id: id });
  }

  /**
   * At most `limit` events stored after `after` (from the first when null) and before
   * `storedBefore`, in storing order.
   */
  feed(
    filter: WebhookEventFeedFilter,
    after: WebhookEventPosition | null,
    storedBefore: Date,
    limit: number,
  ): Promise<WebhookEventDoc[]> {
    const query: Filter<WebhookEventDoc>[] = [{ createdAt: { $lt: storedBefore } }];
    if (filter.types?.length) query.push({ type: { $in: [...filter.types] } });
    if (filter.agreementId) query.push({ agreementId: filter.agreementId });
    if (after) {
      query.push({
        $or: [
          { createdAt: { $gt: after.createdAt } },
          { createdAt: after.createdAt, _id: { $gt: after.id } },
        ],
      });
    }
    return this.events.find({ $and: query }).sort({ createdAt: 1, _id: 1 }).limit(limit).toArray();
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
