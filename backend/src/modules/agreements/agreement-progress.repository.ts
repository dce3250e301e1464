import { Injectable, Optional } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types, UpdateQuery } from 'mongoose';
import { Agreement, type StepProgress } from './agreement.schema';
import {
  outboxEntryOfLifeStep,
  WEBHOOK_OUTBOX_FIELD,
  WEBHOOK_SEQUENCE_FIELD,
  WebhookRelayRequests,
  type WebhookOutboxEntry,
} from '../webhooks';

/** The two resumable operations an agreement carries. */
export type AgreementOperation = 'send' | 'finish';

/**
 * The progress of an agreement's resumable operations (send, finish), used by StepRunner: the
 * steps done, and the lease one runner holds while it works.
 */
@Injectable()
export class AgreementProgressRepository {
  constructor(
    @InjectModel(Agreement.name) private readonly agreements: Model<Agreement>,
    @Optional() private readonly webhookRelay?: WebhookRelayRequests,
  ) {}

  /** Starts an operation's progress unless it has one (the finish's is started by its claim). */
  startProgress(id: Types.ObjectId, operation: AgreementOperation, params = {}) {
    return this.agreements.findOneAndUpdate(
      { _id: id, [operation]: null },
      { $set: { [operation]: newProgress(params) } },
      { returnDocument: 'after' },
    );
  }

  takeLease(id: Types.ObjectId, operation: AgreementOperation, runner: string, leaseMs: number) {
    const now = new Date();
    return this.agreements.findOneAndUpdate(
      {
        _id: id,
        [`${operation}.state`]: 'in_progress',
        $or: [
          { [`${operation}.leaseUntil`]: null },
          { [`${operation}.leaseUntil`]: { $lte: now } },
        ],
      },
      {
        $set: {
          [`${operation}.leaseUntil`]: new Date(now.getTime() + leaseMs),
          [`${operation}.runner`]: runner,
          [`${operation}.failedStep`]: null,
          [`${operation}.lastError`]: null,
        },
        $inc: { [`${operation}.attempts`]: 1 },
      },
      { returnDocument: 'after' },
    );
  }

  /** Extends the lease while its runner works (a heartbeat); false once another runner took over. */
  async renewLease(
    id: Types.ObjectId,
    operation: AgreementOperation,
    runner: string,
    leaseMs: number,
  ): Promise<boolean> {
    const renewed = await this.agreements.updateOne(
      { _id: id, [`${operation}.runner`]: runner },
      { $set: { [`${operation}.leaseUntil`]: new Date(Date.now() + leaseMs) } },
    );
    return renewed.matchedCount > 0;
  }

  /**
   * Records finished steps (with when each finished) and the fields they produced; with
   * `complete`, the operation completes in the same write.
   */
  stepDone(
    id: Types.ObjectId,
    operation: AgreementOperation,
    runner: string,
    steps: Record<string, Date>,
    fields: Record<string, unknown>,
    leaseMs: number,
    { complete = false }: { complete?: boolean } = {},
  ) {
    if ('status' in fields) throw new Error('status is written by transition() only');
    const now = new Date();
    const outbox = complete ? completionOutbox(id, operation, now) : null;
    return this.afterOutbox(
      id,
      outbox,
      this.agreements.findOneAndUpdate(
        { _id: id, [`${operation}.runner`]: runner },
        {
          $set: {
            ...fields,
            ...stepTimes(operation, steps),
            ...(complete
              ? { ...completed(operation, now), ...leaseFreed(operation) }
              : { [`${operation}.leaseUntil`]: new Date(now.getTime() + leaseMs) }),
          },
          ...outbox?.update,
        },
        { returnDocument: 'after' },
      ),
    );
  }

  async stepFailed(
    id: Types.ObjectId,
    operation: AgreementOperation,
    runner: string,
    step: string,
    detail: string,
    doneBefore: Record<string, Date> = {},
    fields: Record<string, unknown> = {},
  ): Promise<void> {
    if ('status' in fields) throw new Error('status is written by transition() only');
    await this.agreements.updateOne(
      { _id: id, [`${operation}.runner`]: runner },
      {
        $set: {
          ...fields,
          ...stepTimes(operation, doneBefore),
          [`${operation}.failedStep`]: step,
          [`${operation}.lastError`]: detail,
          [`${operation}.failedAt`]: new Date(),
          ...leaseFreed(operation),
        },
      },
    );
  }

  /** Gives the lease back (a partial run: the spec's one-step calls), with the steps' fields. */
  releaseLease(
    id: Types.ObjectId,
    operation: AgreementOperation,
    runner: string,
    doneSteps: Record<string, Date> = {},
    fields: Record<string, unknown> = {},
  ) {
    return this.endLease(id, operation, runner, doneSteps, fields);
  }

  completeProgress(
    id: Types.ObjectId,
    operation: AgreementOperation,
    runner: string,
    doneSteps: Record<string, Date> = {},
    fields: Record<string, unknown> = {},
  ) {
    const now = new Date();
    const outbox = completionOutbox(id, operation, now);
    return this.afterOutbox(
      id,
      outbox,
      this.endLease(
        id,
        operation,
        runner,
        doneSteps,
        { ...fields, ...completed(operation, now) },
        outbox?.update,
      ),
    );
  }

  /** The write's result; once it is stored, its webhook event is relayed. */
  private async afterOutbox<T>(
    id: Types.ObjectId,
    outbox: { entry: WebhookOutboxEntry } | null,
    write: PromiseLike<T>,
  ): Promise<T> {
    const written = await write;
    if (written && outbox) await this.webhookRelay?.relaySoon(String(id), outbox.entry);
    return written;
  }

  /** Records the steps done and gives the runner's lease back, with `set` (completion, say). */
  private endLease(
    id: Types.ObjectId,
    operation: AgreementOperation,
    runner: string,
    doneSteps: Record<string, Date>,
    set: Record<string, unknown>,
    more: UpdateQuery<Agreement> = {},
  ) {
    if ('status' in set) throw new Error('status is written by transition() only');
    return this.agreements.findOneAndUpdate(
      { _id: id, [`${operation}.runner`]: runner },
      { $set: { ...stepTimes(operation, doneSteps), ...set, ...leaseFreed(operation) }, ...more },
      { returnDocument: 'after' },
    );
  }

  /** Operations in progress whose runner is gone (lease lapsed or never taken) since before `before`. */
  abandoned(operation: AgreementOperation, before: Date, limit: number) {
    return this.agreements
      .find({
        [`${operation}.state`]: 'in_progress',
        [`${operation}.startedAt`]: { $lt: before },
        $or: [
          { [`${operation}.leaseUntil`]: null },
          { [`${operation}.leaseUntil`]: { $lte: new Date() } },
        ],
      })
      .limit(limit);
  }
}

function newProgress(params: Record<string, string | null>): StepProgress {
  return {
    state: 'in_progress',
    steps: {},
    failedStep: null,
    lastError: null,
    attempts: 0,
    startedAt: new Date(),
    completedAt: null,
    leaseUntil: null,
    runner: null,
    params,
  };
}

/** `$set` entries of an operation that completed at `at`. */
function completed(operation: AgreementOperation, at: Date) {
  return { [`${operation}.state`]: 'completed', [`${operation}.completedAt`]: at };
}

/**
 * A finish that completes is the agreement's `agreement.completed` webhook event (sealed, the
 * signed copy ready): its outbox entry goes into the completing update. The condition on the
 * runner lets one update complete it, so the entry is pushed once.
 */
function completionOutbox(
  id: Types.ObjectId,
  operation: AgreementOperation,
  at: Date,
): { entry: WebhookOutboxEntry; update: UpdateQuery<Agreement> } | null {
  if (operation !== 'finish') return null;
  const entry = outboxEntryOfLifeStep(String(id), 'agreement.completed', at);
  return {
    entry,
    update: {
      $push: { [WEBHOOK_OUTBOX_FIELD]: entry },
      $inc: { [WEBHOOK_SEQUENCE_FIELD]: 1 },
    } as UpdateQuery<Agreement>,
  };
}

/** `$set` entries giving an operation's lease back: no runner holds it. */
function leaseFreed(operation: AgreementOperation) {
  return { [`${operation}.leaseUntil`]: null, [`${operation}.runner`]: null };
}

/** `$set` entries recording when each step finished. */
function stepTimes(operation: AgreementOperation, steps: Record<string, Date>) {
  return Object.fromEntries(
    Object.entries(steps).map(([step, at]) => [`${operation}.steps.${step}`, at]),
  );
}
