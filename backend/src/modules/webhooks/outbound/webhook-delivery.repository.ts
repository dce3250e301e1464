import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type {
  WebhookAttemptView,
  WebhookDeliveryEventType,
  WebhookDeliveryState,
} from '@prosign/domain';
import type { Collection, Filter } from 'mongodb';
import type { Connection } from 'mongoose';
import { insertIfAbsent } from '../../../platform/database/insert-if-absent';

interface StoredWebhookAttempt extends Omit<WebhookAttemptView, 'at'> {
  at: Date;
}

/** One event's delivery to one endpoint: its tries, its state, and what is due next. */
export interface WebhookDeliveryDoc {
  /** `{eventId}.{endpointId}`: one delivery per event and endpoint, however often relayed. */
  _id: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookDeliveryEventType;
  state: WebhookDeliveryState;
  /** The payload's JSON, as every try sends it. */
  body: string;
  createdAt: Date;
  updatedAt: Date;
  /** The first try of the current run (a resend starts a new one): the retry window counts from it. */
  windowStartedAt: Date | null;
  nextAttemptAt: Date | null;
  attempts: StoredWebhookAttempt[];
  /** Tries recorded so far (the attempts' count): the next try is number `tries + 1`. */
  tries: number;
  /** While a try is under way: till when its runner holds it. */
  leaseUntil: Date | null;
  /** How often the sweep or a resend queued it again: part of the job's id. */
  requeues: number;
  responseExcerpt: string | null;
  lastError: string | null;
}

/** A try's outcome, recorded with the delivery's next state in one write. */
export interface RecordedTry {
  attempt: StoredWebhookAttempt;
  state: WebhookDeliveryState;
  nextAttemptAt: Date | null;
  responseExcerpt: string | null;
}

const PENDING_STATES: WebhookDeliveryState[] = ['pending', 'retrying'];

/** The id of an event's delivery to an endpoint: one per pair, whatever the relays. */
function deliveryIdOf(eventId: string, endpointId: string): string {
  return `${eventId}.${endpointId}`;
}

/** A delivery not tried yet, due now. */
export function newDeliveryOf(
  event: { id: string; type: WebhookDeliveryEventType; body: string },
  endpointId: string,
  now: Date,
): WebhookDeliveryDoc {
  return {
    _id: deliveryIdOf(event.id, endpointId),
    endpointId,
    eventId: event.id,
    eventType: event.type,
    state: 'pending',
    body: event.body,
    createdAt: now,
    updatedAt: now,
    windowStartedAt: null,
    nextAttemptAt: now,
    attempts: [],
    tries: 0,
    leaseUntil: null,
    requeues: 0,
    responseExcerpt: null,
    lastError: null,
  };
}

/** The only reader and writer of `webhook_deliveries`. */
@Injectable()
export class WebhookDeliveryRepository implements OnModuleInit {
  private readonly deliveries: Collection<WebhookDeliveryDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.deliveries = connection.collection<WebhookDeliveryDoc>(
      'webhook_deliveries',
    ) as unknown as Collection<WebhookDeliveryDoc>;
  }

  async onModuleInit(): Promise<void> {
    // An endpoint's delivery log, newest first; the sweep's overdue deliveries.
    await this.deliveries.createIndex(
      { endpointId: 1, createdAt: -1, _id: -1 },
      { name: 'endpoint_newest' },
    );
    await this.deliveries.createIndex({ state: 1, nextAttemptAt: 1 }, { name: 'state_next' });
    // Retention: finished deliveries by when they finished.
    await this.deliveries.createIndex({ state: 1, updatedAt: 1 }, { name: 'state_updated' });
  }

  /** Whether it was inserted (false: a relay before this one recorded it already). */
  async insertIfAbsent(doc: WebhookDeliveryDoc): Promise<boolean> {
    return (await insertIfAbsent(this.deliveries as never, [doc])) === 1;
  }

  findById(id: string): Promise<WebhookDeliveryDoc | null> {
    return this.deliveries.findOne({ _id: id });
  }

  /** A page of an endpoint's deliveries, newest first, after the `before` position. */
  page(
    endpointId: string,
    options: {
      state?: WebhookDeliveryState;
      before?: { createdAt: Date; id: string };
      limit: number;
    },
  ): Promise<WebhookDeliveryDoc[]> {
    const query: Filter<WebhookDeliveryDoc> = { endpointId };
    if (options.state) query.state = options.state;
    if (options.before) {
      const { createdAt, id } = options.before;
      query.$or = [{ createdAt: { $lt: createdAt } }, { createdAt, _id: { $lt: id } }];
    }
    return this.deliveries
      .find(query)
      .sort({ createdAt: -1, _id: -1 })
      .limit(options.limit)
      .toArray();
  }

  /**
   * Takes try number `tryNumber` of a pending delivery for `leaseMs`, for the job of its
   * `requeues`: the delivery as taken, or null when that try was made already, the delivery is
   * done or queued again since, or another runner holds it.
   */
  claimTry(
    id: string,
    { tryNumber, requeues }: { tryNumber: number; requeues: number },
    now: Date,
    leaseMs: number,
  ): Promise<WebhookDeliveryDoc | null> {
    return this.deliveries.findOneAndUpdate(
      {
        _id: id,
        state: { $in: PENDING_STATES },
        tries: tryNumber - 1,
        // A job queued before a resend or a re-queue is stale: the newer one makes this try.
        requeues,
        $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }],
      } as Filter<WebhookDeliveryDoc>,
      {
        $set: {
          leaseUntil: new Date(now.getTime() + leaseMs),
          updatedAt: now,
          ...(tryNumber === 1 ? { windowStartedAt: now } : {}),
        },
      },
      { returnDocument: 'after' },
    );
  }

  /**
   * Records try `tryNumber` and the state it leads to, if the runner still holds the lease it
   * took (`leaseUntil`): false when it lost it (it ran past its lease and another took over).
   */
  async recordTry(
    claimed: Pick<WebhookDeliveryDoc, '_id' | 'leaseUntil'>,
    tryNumber: number,
    outcome: RecordedTry,
  ): Promise<boolean> {
    const result = await this.deliveries.updateOne(
      {
        _id: claimed._id,
        tries: tryNumber - 1,
        leaseUntil: claimed.leaseUntil,
      } as Filter<WebhookDeliveryDoc>,
      {
        $push: { attempts: outcome.attempt },
        $set: {
          tries: tryNumber,
          state: outcome.state,
          nextAttemptAt: outcome.nextAttemptAt,
          responseExcerpt: outcome.responseExcerpt,
          lastError: outcome.attempt.error,
          leaseUntil: null,
          updatedAt: outcome.attempt.at,
        },
      },
    );
    return result.modifiedCount === 1;
  }

  /** Ends a delivery without a try (its endpoint was disabled or removed meanwhile). */
  async giveUp(id: string, reason: string, now: Date): Promise<void> {
    await this.deliveries.updateOne(
      { _id: id, state: { $in: PENDING_STATES } } as Filter<WebhookDeliveryDoc>,
      {
        $set: {
          state: 'failed',
          lastError: reason,
          nextAttemptAt: null,
          leaseUntil: null,
          updatedAt: now,
        },
      },
    );
  }

  /**
   * Starts a delivery over (Resend): pending now, a new retry window, queued under a new job
   * id. Null when it is being tried right now (the caller says so) or is gone.
   */
  restart(id: string, endpointId: string, now: Date): Promise<WebhookDeliveryDoc | null> {
    return this.deliveries.findOneAndUpdate(
      {
        _id: id,
        endpointId,
        $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }],
      } as Filter<WebhookDeliveryDoc>,
      {
        $set: {
          state: 'pending',
          nextAttemptAt: now,
          windowStartedAt: now,
          leaseUntil: null,
          updatedAt: now,
        },
        $inc: { requeues: 1 },
      },
      { returnDocument: 'after' },
    );
  }

  /** Pending deliveries whose next try is overdue since before `dueBefore` (their job may be lost). */
  overdue(dueBefore: Date, limit: number): Promise<WebhookDeliveryDoc[]> {
    return this.deliveries
      .find({
        state: { $in: PENDING_STATES },
        nextAttemptAt: { $lt: dueBefore },
        $or: [{ leaseUntil: null }, { leaseUntil: { $lte: dueBefore } }],
      } as Filter<WebhookDeliveryDoc>)
      .limit(limit)
      .toArray();
  }

  /** One more re-queue, if nobody re-queued it since it was read. */
  bumpRequeues(doc: WebhookDeliveryDoc, now: Date): Promise<WebhookDeliveryDoc | null> {
    return this.deliveries.findOneAndUpdate(
      { _id: doc._id, requeues: doc.requeues, tries: doc.tries } as Filter<WebhookDeliveryDoc>,
      { $inc: { requeues: 1 }, $set: { updatedAt: now } },
      { returnDocument: 'after' },
    );
  }

  /**
   * Deletes the deliveries that ended (delivered or failed) before `before`; pending ones stay
   * whatever their age. How many went.
   */
  async removeEndedBefore(before: Date): Promise<number> {
    const ended: WebhookDeliveryState[] = ['delivered', 'failed'];
    const result = await this.deliveries.deleteMany({
      state: { $in: ended },
      updatedAt: { $lt: before },
    } as Filter<WebhookDeliveryDoc>);
    return result.deletedCount;
  }

  async removeOfEndpoint(endpointId: string): Promise<void> {
    await this.deliveries.deleteMany({ endpointId });
  }
}
