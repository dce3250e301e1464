import { Injectable, Logger, Optional } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { emailAddressKey, transitionCondition, type StatusRule } from '@prosign/domain';
import type { Model, QueryFilter, Types, UpdateQuery } from 'mongoose';
import { Agreement, type AgreementDocument } from './agreement.schema';
import { AgreementAnnouncer } from './agreement-announcer';
import { AgreementInsightsRepository } from './agreement-insights.repository';
import { chainedEvent, checkEventChain, type EventInput } from './event-chain';
import {
  outboxEntryOfHistoryEvent,
  WEBHOOK_OUTBOX_FIELD,
  WEBHOOK_SEQUENCE_FIELD,
  WebhookRelayRequests,
} from '../webhooks';

/** How often an append retries when another write moved the chain's head meanwhile. */
const MAX_CHAIN_RETRIES = 20;

/**
 * An agreement as a writer knows it: its id and, when just read, its chain head
 * and status (saves a read; a stale pair only costs a retry).
 */
export type AgreementRef = Pick<Agreement, '_id'> & {
  headHash?: string | null;
  status?: string | null;
};

/**
 * The condition of a write that gives a recipient's place to `email`: no recipient holds that
 * address yet (trimmed, any case), so of writes giving two places to one person at the same
 * instant one finds it. The place's own entry counts too: a hand-over never gives
 * a place the address it has. A `$nor` of a match, because the embedded FerretDB reads `$ne`
 * and `$not` on a path into an array wrongly and has no `$elemMatch` on fields.
 */
export function addressFreeCondition(email: string): QueryFilter<Agreement> {
  const key = emailAddressKey(email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { $nor: [{ 'recipients.email': new RegExp(`^\\s*${key}\\s*$`, 'i') }] };
}

/** A write to an agreement: fields to set or increment, an event to append, a condition it needs. */
export interface AgreementWrite {
  set?: Record<string, unknown>;
  inc?: Record<string, number>;
  push?: Record<string, unknown>;
  /** Extra condition on the stored record (besides its id). */
  condition?: QueryFilter<Agreement>;
  event?: EventInput;
  now?: Date;
}

/**
 * The writes of an agreement's life: status is written only by `transition`, with the family's
 * rule as the update's condition; every event is appended to the hash chain in the same
 * conditional update; every status change is told to open dashboards by `_id`.
 */
@Injectable()
export class AgreementEventRepository {
  private readonly logger = new Logger(AgreementEventRepository.name);

  constructor(
    @InjectModel(Agreement.name) private readonly agreements: Model<Agreement>,
    private readonly announcer: AgreementAnnouncer,
    private readonly insights: AgreementInsightsRepository,
    @Optional() private readonly webhookRelay?: WebhookRelayRequests,
  ) {}

  /**
   * The only writer of `status`: applies `rule` (from the family's table) as
   * one conditional update — the status is one the rule starts from, plus the
   * rule's resend and lock guards — and appends the event. Null when the
   * agreement is no longer in a state the rule allows (a concurrent change won).
   */
  async transition<TForm extends object = Record<string, unknown>>(
    agreement: AgreementRef & Pick<Agreement, 'family'>,
    rule: StatusRule,
    write: AgreementWrite = {},
  ): Promise<AgreementDocument<TForm> | null> {
    if (rule.to === null) throw new Error('transition needs a rule that leads to a status');
    if (!write.event) throw new Error('a status change is always an event of the log');
    const now = write.now ?? new Date();
    const updated = await this.write<TForm>(agreement, {
      ...write,
      now,
      set: { ...write.set, status: rule.to },
      condition: {
        deletedAt: null,
        ...(transitionCondition(rule, now) as QueryFilter<Agreement>),
        ...(write.condition ?? {}),
      },
    });
    if (updated) this.announcer.changed(updated);
    return updated;
  }

  /**
   * Any other write (views, consent, signature, reminders, progress): never
   * the status. With an event it is appended to the chain in the same update.
   */
  async record<TForm extends object = Record<string, unknown>>(
    agreement: AgreementRef,
    write: AgreementWrite,
    options: { notify?: boolean } = {},
  ): Promise<AgreementDocument<TForm> | null> {
    if (write.set && 'status' in write.set) {
      throw new Error('status is written by transition() only');
    }
    const updated = await this.write<TForm>(agreement, write);
    if (updated && options.notify) this.announcer.changed(updated);
    return updated;
  }

  /** Whether the stored event log is intact (nothing edited, removed or reordered). */
  async checkChain(id: Types.ObjectId | string) {
    const agreement = await this.agreements.findById(id, { events: 1, headHash: 1 }).lean();
    if (!agreement) return null;
    return checkEventChain(agreement.events ?? [], agreement.headHash ?? null);
  }

  // ── The one conditional write, chained ──

  /** Every write, then the agreement's Insights facts from the record it returned. */
  private async write<TForm extends object = Record<string, unknown>>(
    agreement: AgreementRef,
    write: AgreementWrite,
  ): Promise<AgreementDocument<TForm> | null> {
    const updated = await this.writeChained<TForm>(agreement, write);
    if (updated) await this.insights.refresh(updated.toObject() as never);
    return updated;
  }

  private async writeChained<TForm extends object = Record<string, unknown>>(
    agreement: AgreementRef,
    write: AgreementWrite,
  ): Promise<AgreementDocument<TForm> | null> {
    const now = write.now ?? new Date();
    const base: UpdateQuery<Agreement> = {};
    if (write.set && Object.keys(write.set).length) base.$set = { ...write.set };
    if (write.inc && Object.keys(write.inc).length) base.$inc = { ...write.inc };
    if (write.push && Object.keys(write.push).length) base.$push = { ...write.push };
    const condition = { _id: agreement._id, ...(write.condition ?? {}) } as QueryFilter<Agreement>;
    if (!write.event) {
      return this.agreements.findOneAndUpdate(condition, base, {
        returnDocument: 'after',
      }) as unknown as Promise<AgreementDocument<TForm> | null>;
    }
    // Head and status are read together: every status change appends an event, so while the
    // head is unchanged the status is too, and the event names the status it leaves behind.
    let head: string | null;
    let statusNow: string | null;
    if (agreement.headHash === undefined || agreement.status === undefined) {
      const stored = await this.agreements
        .findById(agreement._id, { headHash: 1, status: 1 })
        .lean();
      head = stored?.headHash ?? null;
      statusNow = stored?.status ?? null;
    } else {
      head = agreement.headHash;
      statusNow = agreement.status;
    }
    for (let attempt = 0; attempt < MAX_CHAIN_RETRIES; attempt += 1) {
      const statusAfter = (write.set?.status as string | undefined) ?? statusNow;
      const event = chainedEvent(write.event, head, statusAfter, now);
      // A webhook event goes into the outbox in this same update: stored with the change or not at all.
      const outboxEntry = outboxEntryOfHistoryEvent(String(agreement._id), event);
      const update: UpdateQuery<Agreement> = {
        ...base,
        $set: { ...(base.$set ?? {}), headHash: event.hash },
        $push: {
          ...(base.$push ?? {}),
          events: event,
          ...(outboxEntry ? { [WEBHOOK_OUTBOX_FIELD]: outboxEntry } : {}),
        },
        ...(outboxEntry ? { $inc: { ...(base.$inc ?? {}), [WEBHOOK_SEQUENCE_FIELD]: 1 } } : {}),
      };
      const updated = await this.agreements.findOneAndUpdate(
        { ...condition, headHash: head } as QueryFilter<Agreement>,
        update,
        { returnDocument: 'after' },
      );
      if (updated) {
        if (outboxEntry) await this.webhookRelay?.relaySoon(String(agreement._id), outboxEntry);
        return updated as unknown as AgreementDocument<TForm>;
      }
      const fresh = await this.agreements.findOne(condition, { headHash: 1, status: 1 }).lean();
      if (!fresh) return null;
      head = fresh.headHash ?? null;
      statusNow = fresh.status ?? null;
    }
    this.logger.warn(`event ${write.event.type} on ${String(agreement._id)} kept losing the chain`);
    return null;
  }
}
