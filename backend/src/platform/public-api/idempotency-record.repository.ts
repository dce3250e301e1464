import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';

/**
 * A public-api POST sent with an `Idempotency-Key`: while it runs, a claim; once answered, the
 * answer, replayed to a retry with the same key and body until `expiresAt`.
 */
export interface IdempotencyRecordDoc {
  /** SHA-256 of the API key's id and the Idempotency-Key: one record per key and caller. */
  _id: string;
  apiKeyId: string;
  /** SHA-256 of the request's method, URL and body: a retry must send the same. */
  fingerprint: string;
  state: 'running' | 'answered';
  /** Who holds the claim: only it may answer or release it. */
  claimId: string;
  /** A claim still running after this was lost with its process: a retry may take it over. */
  leaseUntil: Date;
  /** The answer, once there is one: its status, `Location` and body (JSON text, null for none). */
  status: number | null;
  location: string | null;
  body: string | null;
  createdAt: Date;
  expiresAt: Date;
}

const DUPLICATE_KEY = 11000;
const SWEEP_EVERY_MS = 60_000;

/**
 * The only reader and writer of `idempotency_records`. Reads and writes go by `_id`; expired
 * records are removed by a TTL index where the database has them (MongoDB), else swept when
 * records are claimed (the embedded FerretDB v1 refuses `expireAfterSeconds`); the service
 * treats an expired record as absent either way.
 */
@Injectable()
export class IdempotencyRecordRepository implements OnModuleInit {
  private readonly logger = new Logger(IdempotencyRecordRepository.name);
  private readonly records: Collection<IdempotencyRecordDoc>;
  private ttl = false;
  private lastSweep = 0;

  constructor(@InjectConnection() connection: Connection) {
    this.records = connection.collection<IdempotencyRecordDoc>(
      'idempotency_records',
    ) as unknown as Collection<IdempotencyRecordDoc>;
  }

  async onModuleInit(): Promise<void> {
    try {
      await this.records.createIndex(
        { expiresAt: 1 },
        { name: 'expiresAt_ttl', expireAfterSeconds: 0 },
      );
      this.ttl = true;
    } catch (error) {
      this.logger.log(
        `no TTL index on idempotency_records (${(error as Error).message}): expired records are swept`,
      );
      await this.records
        .createIndex({ expiresAt: 1 }, { name: 'expiresAt_1' })
        .catch(() => undefined);
    }
  }

  /** Stores a new claim; false when a record with this id exists (another request's). */
  async insert(doc: IdempotencyRecordDoc): Promise<boolean> {
    await this.sweep(doc.createdAt);
    try {
      await this.records.insertOne(doc);
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  findById(id: string): Promise<IdempotencyRecordDoc | null> {
    return this.records.findOne({ _id: id });
  }

  /**
   * Replaces a record that no longer counts (expired, or a claim whose lease ran out) with a
   * new claim; false when it counts again by now (another request got there first).
   */
  async takeOver(doc: IdempotencyRecordDoc): Promise<boolean> {
    const now = doc.createdAt;
    const result = await this.records.replaceOne(
      {
        _id: doc._id,
        $or: [{ expiresAt: { $lte: now } }, { state: 'running', leaseUntil: { $lte: now } }],
      },
      doc,
    );
    return result.modifiedCount === 1;
  }

  /** Keeps the answer of a claim still held by `claimId`. */
  async answer(
    id: string,
    claimId: string,
    answer: Pick<IdempotencyRecordDoc, 'status' | 'location' | 'body'>,
  ): Promise<void> {
    await this.records.updateOne(
      { _id: id, claimId, state: 'running' },
      { $set: { state: 'answered', ...answer } },
    );
  }

  /** Gives up a claim still held by `claimId` (its request failed): a retry runs afresh. */
  async release(id: string, claimId: string): Promise<void> {
    await this.records.deleteOne({ _id: id, claimId, state: 'running' });
  }

  /** Removes expired records (where no TTL index does), at most every minute. */
  private async sweep(now: Date): Promise<void> {
    if (this.ttl || now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.records
      .deleteMany({ expiresAt: { $lte: now } })
      .catch((error: unknown) =>
        this.logger.warn(`idempotency record sweep failed: ${(error as Error).message}`),
      );
  }
}
