import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AgreementFamily } from '@prosign/domain';
import type { Model } from 'mongoose';
import type {
  AgreementOutboxSnapshot,
  AgreementWebhookOutbox,
  WebhookOutboxEntry,
} from '../webhooks';
import { Agreement, type AgreementEvent } from './agreement.schema';
import type { StoredRecipient } from './agreement-recipients';
import { storedId } from './agreement.repository';

type OutboxFields = Pick<Agreement, '_id' | 'family' | 'status' | 'events'> & {
  recipients?: StoredRecipient[];
  webhookOutbox?: WebhookOutboxEntry[];
  webhookSequence?: number;
};

/**
 * The agreement's webhook outbox (AgreementWebhookOutbox, for the webhooks module): read by
 * `_id` with a projection that leaves out every token and link, and entries pulled by value
 * on the driver's collection (the embedded database pulls by value only).
 */
@Injectable()
export class AgreementWebhookOutboxRepository implements AgreementWebhookOutbox {
  constructor(@InjectModel(Agreement.name) private readonly agreements: Model<Agreement>) {}

  async snapshotOf(agreementId: string): Promise<AgreementOutboxSnapshot | null> {
    const doc = (await this.agreements.collection.findOne({ _id: storedId(agreementId) } as never, {
      projection: {
        family: 1,
        status: 1,
        webhookOutbox: 1,
        webhookSequence: 1,
        'events.hash': 1,
        'events.type': 1,
        'events.status': 1,
        'events.data': 1,
        'recipients.id': 1,
        'recipients.name': 1,
        'recipients.role': 1,
      },
    })) as OutboxFields | null;
    if (!doc) return null;
    const outbox = doc.webhookOutbox ?? [];
    const named = new Set(outbox.map((entry) => entry.historyHash).filter(Boolean));
    return {
      id: String(doc._id),
      family: doc.family as AgreementFamily,
      status: doc.status ?? null,
      sequence: doc.webhookSequence ?? outbox.length,
      outbox,
      history: (doc.events ?? [])
        .filter((event: AgreementEvent) => named.has(event.hash))
        .map((event) => ({
          hash: event.hash,
          type: event.type,
          status: event.status ?? null,
          data: event.data ?? null,
        })),
      recipients: (doc.recipients ?? []).map(({ id, name, role }) => ({ id, name, role })),
    };
  }

  async withOutbox(limit: number): Promise<string[]> {
    const docs = await this.agreements.collection
      .find({ 'webhookOutbox.0': { $exists: true } } as never, { projection: { _id: 1 } })
      .limit(limit)
      .toArray();
    return docs.map((doc) => String(doc._id));
  }

  async removeRelayed(agreementId: string, entry: WebhookOutboxEntry): Promise<void> {
    await this.agreements.collection.updateOne(
      { _id: storedId(agreementId) } as never,
      { $pull: { webhookOutbox: entry } } as never,
    );
  }
}
