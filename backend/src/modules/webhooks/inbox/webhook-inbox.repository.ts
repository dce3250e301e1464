import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Filter } from 'mongodb';
import type { Connection } from 'mongoose';

export interface WebhookInboxDoc {
  _id: string;
  receivedAt: Date;
  inbox: string;
  headers: Record<string, string>;
  body: string;
  signatureValid: boolean | null;
}

/** The only reader and writer of `webhook_inbox` (the local inbox of `npm start`). */
@Injectable()
export class WebhookInboxRepository implements OnModuleInit {
  private readonly entries: Collection<WebhookInboxDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.entries = connection.collection<WebhookInboxDoc>(
      'webhook_inbox',
    ) as unknown as Collection<WebhookInboxDoc>;
  }

  async onModuleInit(): Promise<void> {
    // The newest first, and the retention's cut.
    await this.entries.createIndex({ receivedAt: -1, _id: -1 }, { name: 'newest' });
  }

  async insert(doc: WebhookInboxDoc): Promise<void> {
    await this.entries.insertOne(doc);
  }

  newest(limit: number): Promise<WebhookInboxDoc[]> {
    return this.entries.find({}).sort({ receivedAt: -1, _id: -1 }).limit(limit).toArray();
  }

  /**
   * Deletes the entries received before `before`, and every one beyond the newest `keep`;
   * how many went.
   */
  async prune(before: Date, keep: number): Promise<number> {
    let deleted = (await this.entries.deleteMany({ receivedAt: { $lt: before } })).deletedCount;
    const [firstDropped] = await this.entries
      .find({}, { projection: { receivedAt: 1 } })
      .sort({ receivedAt: -1, _id: -1 })
      .skip(keep)
      .limit(1)
      .toArray();
    if (firstDropped) {
      // That entry and every one after it in the newest-first order.
      const { receivedAt, _id } = firstDropped;
      deleted += (
        await this.entries.deleteMany({
          $or: [{ receivedAt: { $lt: receivedAt } }, { receivedAt, _id: { $lte: _id } }],
        } as Filter<WebhookInboxDoc>)
      ).deletedCount;
    }
    return deleted;
  }
}
