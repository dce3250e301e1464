import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Migration } from '../platform/migrations/migration';

const DUPLICATE_KEY = 11000;
const OBJECT_ID = /^[0-9a-f]{24}$/;
/** A resend's send key as first stored: `send:resend-of.{the replaced agreement's token}`. */
const TOKEN_RESEND_KEY = /^send:resend-of\.(.+)$/;

/** A record of `agreement_links`, as far as this migration reads it. */
interface LinkRecord extends Record<string, unknown> {
  _id: string;
  kind: string;
  agreementId: unknown;
}

/**
 * A resend's send key names the agreement it replaces by `_id` (`resend-of.{agreementId}`),
 * no longer by that agreement's signing token: the keys a resend began under the token are
 * renamed, so a repeated Resend finds them under the one key the send computes now.
 */
@Injectable()
export class ResendKeysByAgreementId implements Migration {
  readonly id = '2026-12-06-resend-keys-by-agreement-id';

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async up(): Promise<string> {
    const links = this.connection.collection<LinkRecord>('agreement_links');
    const resendKeys = await links
      .find({ kind: 'send', _id: { $regex: '^send:resend-of\\.' } })
      .toArray();
    let renamed = 0;
    let orphans = 0;
    for (const link of resendKeys) {
      const token = TOKEN_RESEND_KEY.exec(link._id)?.[1];
      if (!token || OBJECT_ID.test(token)) continue;
      // The replaced agreement, through its own signing link (`_id` = the token).
      const replaced = await links.findOne({ _id: token, kind: 'sign' });
      if (!replaced) {
        orphans += 1;
        continue;
      }
      await insertUnlessPresent(links, {
        ...link,
        _id: `send:resend-of.${String(replaced.agreementId)}`,
      });
      await links.deleteOne({ _id: link._id });
      renamed += 1;
    }
    return `${renamed} resend key(s) renamed${orphans ? `, ${orphans} naming no agreement left` : ''}`;
  }
}

async function insertUnlessPresent<T extends { _id: string }>(
  collection: { insertOne(doc: T): Promise<unknown> },
  record: T,
): Promise<void> {
  try {
    await collection.insertOne(record);
  } catch (error) {
    if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
  }
}
