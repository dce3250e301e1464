import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { SEAL_WAITING_MESSAGES, type AgreementFamily } from '@prosign/domain';
import { Types, type Model, type QueryFilter } from 'mongoose';
import type { StoredSigningPlaces } from '../documents';
import { Agreement, type AgreementDocument } from './agreement.schema';

/**
 * The agreement records (docs/architecture.md#contract-families-on-one-agreement-core): every read of one agreement goes by its `_id`, and
 * the lists and sweeps read them here. Writes that change the record's life go through
 * AgreementEventRepository (status by `transition`, every event chained); keys resolve through
 * AgreementLinkRepository; the resumable operations' progress is AgreementProgressRepository's.
 */
@Injectable()
export class AgreementRepository {
  constructor(@InjectModel(Agreement.name) private readonly agreements: Model<Agreement>) {}

  findById<TForm extends object = Record<string, unknown>>(
    id: Types.ObjectId | string,
  ): Promise<AgreementDocument<TForm> | null> {
    if (!Types.ObjectId.isValid(id)) return Promise.resolve(null);
    return this.agreements.findById(id) as unknown as Promise<AgreementDocument<TForm> | null>;
  }

  /** The agreements of these ids (a short list: Insights' stalled rows), without `leaveOut`'s fields. */
  byIds<TForm extends object = Record<string, unknown>>(
    ids: readonly Types.ObjectId[],
    leaveOut: Record<string, 0>,
  ): Promise<(Agreement<TForm> & { _id: Types.ObjectId })[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.agreements
      .find({ _id: { $in: [...ids] } }, leaveOut)
      .lean<(Agreement<TForm> & { _id: Types.ObjectId })[]>()
      .exec();
  }

  /** An agreement's family and status only (null: no such agreement). */
  familyAndStatusOf(id: Types.ObjectId | string) {
    return this.agreements
      .findById(id, { status: 1, family: 1 })
      .lean<Pick<Agreement, '_id' | 'family' | 'status'>>();
  }

  /** A page of agreements matching `filter`, newest first, and how many match in all. */
  async page<TForm extends object = Record<string, unknown>>(
    filter: QueryFilter<Agreement>,
    skip: number,
    limit: number,
    projection: Record<string, 0 | 1>,
  ): Promise<{ rows: (Agreement<TForm> & { _id: Types.ObjectId })[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.agreements
        .find(filter, projection)
        .sort({ createdAt: -1, _id: -1 })
        .skip(skip)
        .limit(limit)
        .lean<(Agreement<TForm> & { _id: Types.ObjectId })[]>(),
      this.agreements.countDocuments(filter),
    ]);
    return { rows, total };
  }

  /**
   * Up to `limit` agreements matching `filter`, newest first (`createdAt`, then `_id`), after
   * the one `after` names: a keyset page (the public api's cursor), which neither skips nor
   * repeats a row while agreements are added or change status.
   */
  async pageAfter<TForm extends object = Record<string, unknown>>(
    filter: QueryFilter<Agreement>,
    after: { createdAt: Date; id: Types.ObjectId } | null,
    limit: number,
  ): Promise<(Agreement<TForm> & { _id: Types.ObjectId })[]> {
    const keyset: QueryFilter<Agreement> = after
      ? {
          $or: [
            { createdAt: { $lt: after.createdAt } },
            { createdAt: after.createdAt, _id: { $lt: after.id } },
          ],
        }
      : {};
    return this.agreements
      .find({ $and: [filter, keyset] }, { searchText: 0, send: 0, finish: 0, headHash: 0 })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<(Agreement<TForm> & { _id: Types.ObjectId })[]>();
  }

  /**
   * Agreements in these statuses whose firm countersigner is this staff user (their
   * "Waiting for my signature"), oldest first, at most `limit`.
   */
  async ofCountersigner<TForm extends object = Record<string, unknown>>(
    staffEmail: string,
    statuses: readonly string[],
    limit: number,
  ): Promise<(Agreement<TForm> & { _id: Types.ObjectId })[]> {
    return this.agreements
      .find({
        countersignerUserId: staffEmail.trim().toLowerCase(),
        status: { $in: [...statuses] },
        deletedAt: null,
      })
      .sort({ createdAt: 1, _id: 1 })
      .limit(limit)
      .lean<(Agreement<TForm> & { _id: Types.ObjectId })[]>();
  }

  /**
   * Whether an agreement in these statuses (not deleted) names this staff user its firm
   * countersigner: one row read from the countersigner index, its `_id` only.
   */
  async namesCountersigner(staffEmail: string, statuses: readonly string[]): Promise<boolean> {
    const row = await this.agreements
      .findOne(
        {
          countersignerUserId: staffEmail.trim().toLowerCase(),
          status: { $in: [...statuses] },
          deletedAt: null,
        },
        { _id: 1 },
      )
      .lean();
    return row !== null;
  }

  /** Ids of agreements matching `filter` (the schedules' sweeps), at most `limit`. */
  async idsWhere(filter: QueryFilter<Agreement>, limit: number): Promise<Types.ObjectId[]> {
    const rows = await this.agreements.find(filter, { _id: 1 }).limit(limit).lean();
    return rows.map((row) => row._id as Types.ObjectId);
  }

  /**
   * Keeps the signing places of an agreement's document (no event: they are derived from the
   * document, not a step of its life). `ifAbsent`: only where none are stored yet — a link
   * check filling in an agreement sent before they were kept never overwrites newer ones.
   */
  async storeSigningPlaces(
    id: Types.ObjectId,
    places: StoredSigningPlaces,
    options: { ifAbsent?: boolean } = {},
  ): Promise<void> {
    await this.agreements.updateOne(
      { _id: id, ...(options.ifAbsent ? { signingPlaces: { $exists: false } } : {}) },
      { $set: { signingPlaces: places } },
    );
  }

  /** Forgets an agreement's signing places: its next link check computes them again. */
  async forgetSigningPlaces(id: Types.ObjectId): Promise<void> {
    await this.agreements.updateOne({ _id: id }, { $unset: { signingPlaces: 1 } });
  }

  /**
   * Agreements whose send or finish failed at a step and is not complete, with
   * only their family and both progresses (at most `limit`).
   */
  stoppedOperations(limit: number) {
    return this.agreements
      .find(
        {
          $or: [
            { 'finish.state': 'in_progress', 'finish.failedStep': { $ne: null } },
            { 'send.state': 'in_progress', 'send.failedStep': { $ne: null } },
          ],
        },
        { family: 1, send: 1, finish: 1 },
      )
      .limit(limit)
      .lean();
  }

  /**
   * Finishes whose seal waits for the time-stamp service (the card's "waiting" line): how many,
   * and since when the oldest (its finish's start). Read from the `finish.state` index.
   */
  async sealsWaitingForTimestamp(): Promise<{ count: number; oldestSince: Date | null }> {
    const finishes = await this.agreements
      .find(
        { 'finish.state': 'in_progress', 'finish.failedStep': 'merged' },
        { 'finish.lastError': 1, 'finish.startedAt': 1, 'finish.failedAt': 1 },
      )
      .lean<{ finish?: { lastError?: string | null; startedAt?: Date; failedAt?: Date } }[]>();
    const waiting = finishes.flatMap(({ finish }) =>
      finish?.lastError?.includes(SEAL_WAITING_MESSAGES[0])
        ? [new Date(finish.startedAt ?? finish.failedAt ?? Date.now()).getTime()]
        : [],
    );
    return {
      count: waiting.length,
      oldestSince: waiting.length > 0 ? new Date(waiting.reduce((a, b) => Math.min(a, b))) : null,
    };
  }

  /**
   * What a CRM write reads of an agreement for the deal's link: its family,
   * status, deletion and signing link, and nothing else of the record; null if none.
   */
  async signingLinkStateOf(agreementId: string) {
    const doc = await this.agreements.collection.findOne({ _id: storedId(agreementId) } as never, {
      projection: { family: 1, status: 1, deletedAt: 1, signingLink: 1 },
    });
    if (!doc) return null;
    return {
      family: doc.family as AgreementFamily,
      status: (doc.status as string | null) ?? null,
      deleted: Boolean(doc.deletedAt),
      signingLink: (doc.signingLink as string | undefined) ?? null,
    };
  }
}

/** The stored `_id` an agreement id names: an ObjectId, or as it is if it spells none. */
export function storedId(id: string): Types.ObjectId | string {
  return Types.ObjectId.isValid(id) && String(new Types.ObjectId(id)) === id
    ? new Types.ObjectId(id)
    : id;
}
