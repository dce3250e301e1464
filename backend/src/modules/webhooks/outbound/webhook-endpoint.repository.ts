import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { WebhookEndpointState, WebhookEventType } from '@prosign/domain';
import type { Collection, Filter } from 'mongodb';
import type { Connection } from 'mongoose';

/** One signing secret of an endpoint, sealed (WebhookSecretBox); `until` set once it was rotated out. */
export interface StoredWebhookSecret {
  sealed: string;
  until: Date | null;
}

export interface WebhookEndpointDoc {
  /** An ObjectId's hex: the endpoint's id in routes. */
  _id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  state: WebhookEndpointState;
  /** The current secret first, then those it replaced that still sign (newest first, at most 3). */
  secrets: StoredWebhookSecret[];
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  secretRotatedAt: Date | null;
  failingSince: Date | null;
  disabledAt: Date | null;
  lastDeliveryAt: Date | null;
}

type EndpointChange = Partial<
  Pick<
    WebhookEndpointDoc,
    'url' | 'description' | 'events' | 'state' | 'failingSince' | 'disabledAt'
  >
>;

/** The only reader and writer of `webhook_endpoints`. */
@Injectable()
export class WebhookEndpointRepository implements OnModuleInit {
  private readonly endpoints: Collection<WebhookEndpointDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.endpoints = connection.collection<WebhookEndpointDoc>(
      'webhook_endpoints',
    ) as unknown as Collection<WebhookEndpointDoc>;
  }

  async onModuleInit(): Promise<void> {
    // The relay's lookup of the endpoints an event goes to.
    await this.endpoints.createIndex({ state: 1, events: 1 }, { name: 'state_events' });
  }

  async insert(doc: WebhookEndpointDoc): Promise<void> {
    await this.endpoints.insertOne(doc);
  }

  list(): Promise<WebhookEndpointDoc[]> {
    return this.endpoints.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
  }

  findById(id: string): Promise<WebhookEndpointDoc | null> {
    return this.endpoints.findOne({ _id: id });
  }

  findByIds(ids: readonly string[]): Promise<WebhookEndpointDoc[]> {
    return this.endpoints.find({ _id: { $in: [...ids] } }).toArray();
  }

  /** The enabled endpoints subscribed to `type`. */
  subscribedTo(type: WebhookEventType): Promise<WebhookEndpointDoc[]> {
    return this.endpoints.find({ state: 'enabled', events: type }).toArray();
  }

  /** Applies an admin's change; null when the endpoint is gone. */
  change(id: string, set: EndpointChange, now: Date): Promise<WebhookEndpointDoc | null> {
    return this.endpoints.findOneAndUpdate(
      { _id: id },
      { $set: { ...set, updatedAt: now } },
      { returnDocument: 'after' },
    );
  }

  /** Whether an endpoint was removed. */
  async remove(id: string): Promise<boolean> {
    return (await this.endpoints.deleteOne({ _id: id })).deletedCount === 1;
  }

  /**
   * Replaces the secrets, unless another rotation got there since `rotatedAt` was read (then
   * null: two rotations at once must not leave a secret nobody was shown).
   */
  rotateSecrets(
    id: string,
    rotatedAt: Date | null,
    secrets: StoredWebhookSecret[],
    now: Date,
  ): Promise<WebhookEndpointDoc | null> {
    return this.endpoints.findOneAndUpdate(
      { _id: id, secretRotatedAt: rotatedAt } as Filter<WebhookEndpointDoc>,
      { $set: { secrets, secretRotatedAt: now, updatedAt: now } },
      { returnDocument: 'after' },
    );
  }

  /** A delivery went through: the endpoint is healthy again. */
  async noteDelivered(id: string, at: Date): Promise<void> {
    await this.endpoints.updateOne(
      { _id: id },
      { $set: { failingSince: null, lastDeliveryAt: at } },
    );
  }

  /** A try failed: the endpoint is failing since now, unless it already was. */
  async noteFailed(id: string, at: Date): Promise<void> {
    await this.endpoints.updateOne({ _id: id, failingSince: null } as Filter<WebhookEndpointDoc>, {
      $set: { failingSince: at },
    });
  }

  /**
   * Disables an enabled endpoint failing since before `failingBefore`: the endpoint as
   * disabled, or null when it was not (healthy again, disabled already): one caller mails.
   */
  disableFailing(id: string, failingBefore: Date, now: Date): Promise<WebhookEndpointDoc | null> {
    return this.endpoints.findOneAndUpdate(
      {
        _id: id,
        state: 'enabled',
        failingSince: { $lte: failingBefore },
      } as Filter<WebhookEndpointDoc>,
      { $set: { state: 'disabled_failing', disabledAt: now, updatedAt: now } },
      { returnDocument: 'after' },
    );
  }
}
