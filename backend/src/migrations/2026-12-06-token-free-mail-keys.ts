import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { AgreementFamily } from '@prosign/domain';
import type { Connection, Types } from 'mongoose';
import { createHash } from 'node:crypto';
import { agreementMailKey } from '../modules/agreements';
import type { Migration } from '../platform/migrations/migration';

const DUPLICATE_KEY = 11000;
const OBJECT_ID = /^[0-9a-f]{24}$/;
/**
 * A delivery key as first stored, with the agreement's signing token after the mail kind:
 * `sow-cc-copy.{token}`, `signed-copy.{token}`, `co-reminder.{token}.{time}`.
 */
const TOKEN_KEY =
  /^(?:[a-z]+-(review-link|cc-copy|reminder)|(signed-copy))\.([^.]+)((?:\.[^.]+)*)$/;
/** The Message-ID shape of today: a hash of the key, nothing of the key spelled out. */
const OPAQUE_MESSAGE_ID = /^<[0-9a-f]{32}@prosign\.mail>$/;

/** A record of `mail_deliveries`, as far as this migration reads it. */
interface DeliveryRecord extends Record<string, unknown> {
  _id: string;
  messageId?: string | null;
}

interface PendingEntry extends Record<string, unknown> {
  deliveryId: string;
}

/** The opaque Message-ID of a key (the mail module's rule on this date). */
function opaqueMessageId(key: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@prosign.mail>`;
}

/**
 * Mail deliveries name their agreement by `_id` in their key and carry an opaque Message-ID:
 * a delivery recorded under a key with the signing token is renamed to the key the product
 * computes now (so an unfinished send or finish finds it there and sends no second copy),
 * its agreement's pending-mail entry follows it, and every delivery whose Message-ID spelled
 * its key out keeps the opaque one it was being sent with, now recorded.
 */
@Injectable()
export class TokenFreeMailKeys implements Migration {
  readonly id = '2026-12-06-token-free-mail-keys';

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async up(): Promise<string> {
    const deliveries = this.connection.collection<DeliveryRecord>('mail_deliveries');
    let renamed = 0;
    let orphans = 0;
    let messageIds = 0;
    for await (const delivery of deliveries.find({}, { projection: { _id: 1, messageId: 1 } })) {
      const match = TOKEN_KEY.exec(delivery._id);
      if (match && !OBJECT_ID.test(match[3])) {
        if (await this.rename(delivery._id, match)) renamed += 1;
        else orphans += 1;
      } else if (!delivery.messageId || !OPAQUE_MESSAGE_ID.test(delivery.messageId)) {
        await deliveries.updateOne(
          { _id: delivery._id },
          { $set: { messageId: opaqueMessageId(delivery._id) } },
        );
        messageIds += 1;
      }
    }
    return (
      `${renamed} delivery key(s) renamed, ${messageIds} Message-ID(s) recorded opaque` +
      (orphans ? `, ${orphans} key(s) naming no agreement left` : '')
    );
  }

  /** Renames one token key; false when the token opens no agreement any more. */
  private async rename(key: string, match: RegExpExecArray): Promise<boolean> {
    const [, linkKind, signedCopy, token, rest] = match;
    const link = await this.connection
      .collection<{ _id: string; agreementId: Types.ObjectId; family: AgreementFamily }>(
        'agreement_links',
      )
      .findOne({ _id: token, kind: 'sign' });
    if (!link) return false;
    const deliveries = this.connection.collection<DeliveryRecord>('mail_deliveries');
    const record = await deliveries.findOne({ _id: key });
    if (!record) return true;
    const kind = (linkKind ?? signedCopy) as 'review-link' | 'cc-copy' | 'reminder' | 'signed-copy';
    const extra = rest.split('.').filter(Boolean);
    const agreementId = String(link.agreementId);
    const newKey = agreementMailKey({ family: link.family, _id: agreementId }, kind, ...extra);
    const messageId =
      record.messageId && OPAQUE_MESSAGE_ID.test(record.messageId)
        ? record.messageId
        : opaqueMessageId(key);
    try {
      await deliveries.insertOne({ ...record, _id: newKey, messageId });
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
    }
    await deliveries.deleteOne({ _id: key });
    await this.movePendingEntry(link.agreementId, key, newKey);
    return true;
  }

  /** The agreement card's pending-mail entry of the delivery, under its new key. */
  private async movePendingEntry(
    agreementId: Types.ObjectId,
    from: string,
    to: string,
  ): Promise<void> {
    const agreements = this.connection.collection<{
      _id: Types.ObjectId;
      mailPending?: PendingEntry[];
    }>('agreements');
    const agreement = await agreements.findOne(
      { _id: agreementId },
      { projection: { mailPending: 1 } },
    );
    const pending = agreement?.mailPending ?? [];
    if (!pending.some((entry) => entry.deliveryId === from)) return;
    await agreements.updateOne(
      { _id: agreementId },
      {
        $set: {
          mailPending: pending.map((entry) =>
            entry.deliveryId === from ? { ...entry, deliveryId: to } : entry,
          ),
        },
      },
    );
  }
}
