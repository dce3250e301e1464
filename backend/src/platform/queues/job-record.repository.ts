import type { Collection, Document, Filter, UpdateFilter } from 'mongodb';
import { insertIfAbsent } from '../database/insert-if-absent';
import type { SweptRecord, SweptRecords } from './sweep-lost-jobs';

/** A stored side effect (a mail delivery, a CRM move) whose queued job carries it out. */
export interface JobRecord extends SweptRecord {
  status: string;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The writes every store of job records shares (Immich's thin repository: no
 * business logic, each method one read or one write by `_id` or one listed
 * query). A store extends it with the writes of its own outcome.
 */
export abstract class JobRecordRepository<T extends JobRecord> implements SweptRecords<T> {
  protected constructor(protected readonly records: Collection<T>) {}

  findById(id: string): Promise<T | null> {
    return this.records.findOne({ _id: id } as Filter<T>) as Promise<T | null>;
  }

  /** Inserts the record unless its `_id` is taken (then the stored one stays as it is). */
  /** Whether it was inserted (false: a record with its `_id` was there already). */
  async insertIfAbsent(record: T): Promise<boolean> {
    return (await insertIfAbsent(this.records as never, [record as T & { _id: string }])) === 1;
  }

  async exists(id: string): Promise<boolean> {
    return (await this.records.countDocuments({ _id: id } as Filter<T>)) > 0;
  }

  /** One page of records (newest first) matching `query`, and how many match. */
  async page(
    query: Filter<T>,
    { page, limit }: { page: number; limit: number },
    projection?: Document,
  ): Promise<{ docs: T[]; total: number }> {
    const [docs, total] = await Promise.all([
      this.records
        .find(query, projection ? { projection } : {})
        .sort({ createdAt: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .toArray(),
      this.records.countDocuments(query),
    ]);
    return { docs: docs as T[], total };
  }

  /** A failed record queued again (one more re-queue); null unless it had failed. */
  requeueFailed(id: string): Promise<T | null> {
    return this.records.findOneAndUpdate(
      { _id: id, status: 'failed' } as Filter<T>,
      {
        $set: { status: 'queued', lastError: null, updatedAt: new Date() },
        $inc: { requeues: 1 },
      } as unknown as UpdateFilter<T>,
      { returnDocument: 'after' },
    ) as Promise<T | null>;
  }

  /**
   * One more try begins (with the fields the store sets as it starts one), unless the record
   * is already `done`: the record as the try starts, in the same write (no read before it).
   * Null when there is no such record or it is done; `findById` tells which.
   */
  claimAttempt(id: string, done: string, set: Partial<T> = {}): Promise<T | null> {
    return this.records.findOneAndUpdate(
      { _id: id, status: { $ne: done } } as Filter<T>,
      {
        $set: { ...set, updatedAt: new Date() },
        $inc: { attempts: 1 },
      } as unknown as UpdateFilter<T>,
      { returnDocument: 'after' },
    ) as Promise<T | null>;
  }

  /** A try failed: `retrying` while tries are left, `failed` for good. */
  async markTryFailed(
    id: string,
    status: 'retrying' | 'failed',
    error: string,
    now = new Date(),
  ): Promise<void> {
    await this.records.updateOne(
      { _id: id } as Filter<T>,
      { $set: { status, lastError: error, updatedAt: now } } as UpdateFilter<T>,
    );
  }

  /** The records left in a pending status, untouched since before `olderThan`. */
  stale(pending: readonly string[], olderThan: Date, limit: number): Promise<T[]> {
    return this.records
      .find({ status: { $in: [...pending] }, updatedAt: { $lt: olderThan } } as Filter<T>)
      .limit(limit)
      .toArray() as Promise<T[]>;
  }

  /**
   * How many records are in one of the `pending` statuses (the outbox's backlog), read from
   * the `status_updated` index (`ensureStatusIndex`).
   */
  countPending(pending: readonly string[]): Promise<number> {
    return this.records.countDocuments({ status: { $in: [...pending] } } as Filter<T>);
  }

  /** The index `countPending` and `stale` read: status, then when the record last changed. */
  protected async ensureStatusIndex(): Promise<void> {
    await this.records
      .createIndex({ status: 1, updatedAt: 1 } as never, { name: 'status_updated' })
      .catch(() => undefined);
  }

  /** One more re-queue, if nobody re-queued the record since it was read. */
  bumpRequeues(record: T): Promise<T | null> {
    return this.records.findOneAndUpdate(
      { _id: record._id, requeues: record.requeues } as Filter<T>,
      { $inc: { requeues: 1 }, $set: { updatedAt: new Date() } } as unknown as UpdateFilter<T>,
      { returnDocument: 'after' },
    ) as Promise<T | null>;
  }
}
