import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';

/** The code a link was last sent: only its keyed hash is stored, never the digits. */
export interface StoredEmailCode {
  /** Random id: the hash is keyed with it, the mail's key names it. */
  id: string;
  /** HMAC-SHA-256 (server secret) of the id and the code, base64url. */
  hash: string;
  sentAt: Date;
  expiresAt: Date;
  /** Entries checked against this code, right or wrong. */
  tries: number;
  usedAt: Date | null;
}

/**
 * One record per signing link (`_id`: SHA-256 of the link token, so a code mailed for one link
 * is never looked up for another): the code last sent, the times of the latest sends (the
 * resend limit's window) and a version that makes every change one conditional write by
 * `_id`, whichever api replica makes it.
 */
export interface EmailCodeDoc {
  _id: string;
  agreementId: string;
  recipientId: string;
  code: StoredEmailCode | null;
  /** The latest sends, newest first, at most the limit's count. */
  sends: Date[];
  verifiedAt: Date | null;
  version: number;
  /** When nothing in it matters any more (the code expired and the send window passed). */
  purgeAt: Date;
}

const DUPLICATE_KEY = 11000;

/**
 * The only reader and writer of `email_codes`. Reads and writes go by `_id`;
 * the secondary index serves the clean-up: a TTL index on `purgeAt` where the database has
 * them (MongoDB), else a sweep of expired records on the sends (the embedded FerretDB v1
 * refuses `expireAfterSeconds`).
 */
@Injectable()
export class EmailCodeRepository implements OnModuleInit {
  private readonly logger = new Logger(EmailCodeRepository.name);
  private readonly codes: Collection<EmailCodeDoc>;
  /** False once the database refused a TTL index: expired records are swept instead. */
  private ttl = false;
  private lastSweep = 0;

  constructor(@InjectConnection() connection: Connection) {
    this.codes = connection.collection<EmailCodeDoc>(
      'email_codes',
    ) as unknown as Collection<EmailCodeDoc>;
  }

  async onModuleInit(): Promise<void> {
    try {
      await this.codes.createIndex({ purgeAt: 1 }, { name: 'purgeAt_ttl', expireAfterSeconds: 0 });
      this.ttl = true;
    } catch (error) {
      this.logger.log(
        `no TTL index on email_codes (${(error as Error).message}): expired codes are swept`,
      );
      await this.codes.createIndex({ purgeAt: 1 }, { name: 'purgeAt_1' }).catch(() => undefined);
    }
  }

  findById(id: string): Promise<EmailCodeDoc | null> {
    return this.codes.findOne({ _id: id });
  }

  /** Creates the link's record; false when another request created it first. */
  async insert(doc: EmailCodeDoc): Promise<boolean> {
    try {
      await this.codes.insertOne(doc);
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  /** Writes `set` if the record is still at `version` (and bumps it); false if it moved on. */
  async replace(
    id: string,
    version: number,
    set: Partial<Omit<EmailCodeDoc, '_id' | 'version'>>,
  ): Promise<boolean> {
    const written = await this.codes.updateOne(
      { _id: id, version },
      { $set: { ...set, version: version + 1 } },
    );
    return written.modifiedCount === 1;
  }

  /** Removes records nothing depends on any more (where no TTL index does), at most every minute. */
  async sweep(now: Date): Promise<void> {
    if (this.ttl || now.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = now.getTime();
    await this.codes
      .deleteMany({ purgeAt: { $lte: now } })
      .catch((error: unknown) =>
        this.logger.warn(`email code sweep failed: ${(error as Error).message}`),
      );
  }
}
