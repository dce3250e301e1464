import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
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
export class WebhookInboxRepository {
  private readonly entries: Collection<WebhookInboxDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.entries = connection.collection<WebhookInboxDoc>(
      'webhook_inbox',
    ) as unknown as Collection<WebhookInboxDoc>;
  }

  async insert(doc: WebhookInboxDoc): Promise<void> {
    await this.entries.insertOne(doc);
  }

  newest(limit: number): Promise<WebhookInboxDoc[]> {
    return this.entries.find({}).sort({ receivedAt: -1, _id: -1 }).limit(limit).toArray();
  }
}
