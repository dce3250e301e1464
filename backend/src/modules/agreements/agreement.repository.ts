import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  emailAddressKey,
  transitionCondition,
  type AgreementFamily,
  type StatusRule,
} from '@prosign/domain';
import { Types, type Model, type QueryFilter, type UpdateQuery } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import type { StoredSigningPlaces } from '../documents';
import type { AgreementMailNotes, StoredMailPending, StoredMailProblem } from '../mail';
import {
  Agreement,
  AgreementLink,
  type AgreementDocument,
  type AgreementEvent,
  type AgreementLinkKind,
  type StepProgress,
} from './agreement.schema';
import type { StoredRecipient } from './agreement-recipients';
import { chainedEvent, checkEventChain, type EventInput } from './event-chain';

const DUPLICATE_KEY = 11000;
/** How many signing links a process keeps resolved (a few hundred bytes each). */
const RESOLVED_SIGNING_LINKS = 5_000;
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

/** The two resumable operations an agreement carries. */
export type AgreementOperation = 'send' | 'finish';

/** 192 random bits: signing links cannot be guessed (docs/architecture.md#how-a-request-flows asks ≥128). */
export function newLinkToken(): string {
  return randomBytes(24).toString('base64url');
}

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

export interface NewAgreement<TForm extends object> {
  family: AgreementFamily;
  /** What makes two sends the same send (the agreement document's id). */
  sendKey: string;
  form: TForm;
  docLink: string;
  sentBy: string;
  searchText: string;
  signingLinkOf: (token: string) => string;
  sendParams?: Record<string, string | null>;
  /** Signers besides the form's own, each with their own token (several signers). */
  additionalSigners?: StoredRecipient[];
  /** Every signer must enter an e-mail code before the document opens (issue 35). */
  requireEmailCode?: boolean;
}

/**
 * The one owner of agreement records (docs/architecture.md#contract-families-on-one-agreement-core): every read and write
 * of one agreement goes by its `_id`; keys (link token, verify id, send key)
 * resolve through `agreement_links`, whose `_id` is the key itself. Status is
 * written only by `transition`, with the family's rule as the update's
 * condition; every event is appended to the hash chain; every status change
 * is told to open dashboards by `_id`.
 */
@Injectable()
export class AgreementRepository implements AgreementMailNotes {
  private readonly logger = new Logger(AgreementRepository.name);
  /**
   * Signing links this process resolved, by token: the agreement and seat each names. A link
   * never names another agreement or seat once stored (a hand-over gives a new token; a link
   * is removed only when nobody was given it), so a signer's next calls read the agreement
   * alone, which says whether the token still opens it.
   */
  private readonly resolvedSigningLinks = new Map<
    string,
    { agreementId: Types.ObjectId; recipientId: string | null }
  >();

  constructor(
    @InjectModel(Agreement.name) private readonly agreements: Model<Agreement>,
    @InjectModel(AgreementLink.name) private readonly links: Model<AgreementLink>,
    private readonly realtime: RealtimePublisher,
  ) {}

  // ── Reads ──

  findById<TForm extends object = Record<string, unknown>>(
    id: Types.ObjectId | string,
  ): Promise<AgreementDocument<TForm> | null> {
    if (!Types.ObjectId.isValid(id)) return Promise.resolve(null);
    return this.agreements.findById(id) as unknown as Promise<AgreementDocument<TForm> | null>;
  }

  /**
   * The agreement a key names (a signing token, a verify id, a send key), or
   * null. A family's send looks its key up with findBySendKey instead.
   */
  async findByKey<TForm extends object = Record<string, unknown>>(
    kind: AgreementLinkKind,
    key: string,
  ): Promise<AgreementDocument<TForm> | null> {
    if (!key) return null;
    const link = await this.links.findById(linkId(kind, key)).lean();
    if (!link || link.kind !== kind) return null;
    return this.findById<TForm>(link.agreementId);
  }

  /**
   * The agreement a signing token opens and whose it is: the first signer's (the
   * agreement's own token; `recipientId` null) or another signer's.
   */
  async findBySigningToken<TForm extends object = Record<string, unknown>>(
    token: string,
  ): Promise<{ agreement: AgreementDocument<TForm>; recipientId: string | null } | null> {
    if (!token) return null;
    const link = this.resolvedSigningLinks.get(token) ?? (await this.resolveSigningLink(token));
    if (!link) return null;
    const agreement = await this.findById<TForm>(link.agreementId);
    return agreement ? { agreement, recipientId: link.recipientId } : null;
  }

  private async resolveSigningLink(token: string) {
    const link = await this.links.findById(linkId('sign', token)).lean();
    if (!link || link.kind !== 'sign') return null;
    const resolved = { agreementId: link.agreementId, recipientId: link.recipientId ?? null };
    this.resolvedSigningLinks.set(token, resolved);
    // The oldest resolved first out: a Map iterates in insertion order.
    for (const oldest of this.resolvedSigningLinks.keys()) {
      if (this.resolvedSigningLinks.size <= RESOLVED_SIGNING_LINKS) break;
      this.resolvedSigningLinks.delete(oldest);
    }
    return resolved;
  }

  /**
   * The agreement `family`'s send started under this key, or null. A key
   * another family's send holds is not found: one family's send, copy or
   * record call never reads or writes another family's agreement.
   */
  async findBySendKey<TForm extends object = Record<string, unknown>>(
    family: AgreementFamily,
    sendKey: string,
  ): Promise<AgreementDocument<TForm> | null> {
    if (!sendKey) return null;
    const link = await this.links.findById(linkId('send', sendKey)).lean();
    if (!link || link.kind !== 'send' || link.family !== family) return null;
    return this.findById<TForm>(link.agreementId);
  }

  /** The sent agreement a key names, with only what presence needs (its id and family). */
  async sentAgreementOfKey(
    kind: AgreementLinkKind,
    key: string,
  ): Promise<Pick<Agreement, '_id' | 'family'> | null> {
    if (!key) return null;
    const link = await this.links.findById(linkId(kind, key)).lean();
    if (!link || link.kind !== kind) return null;
    if (link.publishedAt) return { _id: link.agreementId, family: link.family };
    // Not marked (not yet published, a send that stopped between its two writes,
    // or a link older than the mark): the agreement's status decides.
    const agreement = await this.agreements
      .findById(link.agreementId, { status: 1, family: 1 })
      .lean<Pick<Agreement, '_id' | 'family' | 'status'>>();
    if (!agreement || agreement.status === null) return null;
    if (kind === 'sign') await this.markSigningLinkPublished(key);
    return { _id: agreement._id, family: agreement.family };
  }

  /**
   * Marks a published agreement's signing link, so a key check reads the link
   * alone. Idempotent; called by the send once its record is published.
   */
  async markSigningLinkPublished(token: string, at = new Date()): Promise<void> {
    await this.links.updateOne(
      { _id: linkId('sign', token), kind: 'sign', publishedAt: null },
      { $set: { publishedAt: at } },
    );
  }

  // ── Hand-over (issue 35): a new signer's link, the old one closed ──

  /**
   * Registers a new signing link of a published agreement (a hand-over's): the first
   * signer's (`recipientId` null) or another signer's. It opens nothing until the
   * agreement names it (SigningService.seatOf compares the seat's current token).
   */
  async addSigningLink(
    agreement: Pick<Agreement, '_id' | 'family'>,
    token: string,
    recipientId: string | null,
    at: Date,
  ): Promise<void> {
    await this.links.create({
      _id: token,
      kind: 'sign',
      agreementId: agreement._id,
      family: agreement.family,
      ...(recipientId ? { recipientId } : {}),
      createdAt: at,
      publishedAt: at,
    });
  }

  /** Removes a signing link nobody was given (a hand-over that lost its race). */
  async removeSigningLink(token: string): Promise<void> {
    this.resolvedSigningLinks.delete(token);
    await this.links.deleteOne({ _id: linkId('sign', token), kind: 'sign' });
  }

  /** Marks a signing link handed over: its page says to whom (the new signer's name). */
  async markLinkHandedOver(token: string, to: string, at: Date): Promise<void> {
    await this.links.updateOne(
      { _id: linkId('sign', token), kind: 'sign' },
      { $set: { handedOverAt: at, handedOverTo: to } },
    );
  }

  /** When and to whom a signing link was handed over, or null (not a link, or not handed over). */
  async handoverOfLink(token: string): Promise<{ at: Date; to: string } | null> {
    if (!token) return null;
    const link = await this.links.findById(linkId('sign', token)).lean();
    if (!link || link.kind !== 'sign' || !link.handedOverAt) return null;
    return { at: link.handedOverAt, to: link.handedOverTo ?? '' };
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

  // ── Creation ──

  /**
   * The agreement of a send: created on the first attempt (send key, signing
   * token and record, in that order, so a crash between them is completed by
   * the retry); a repeated or concurrent attempt gets the same record. A send
   * key belongs to the family whose send took it first: another family's send
   * under it is 404, as for a document that family never made, and its
   * record is neither returned nor changed.
   */
  async createOnce<TForm extends object = Record<string, unknown>>(
    input: NewAgreement<TForm>,
  ): Promise<{
    agreement: AgreementDocument<TForm>;
    created: boolean;
  }> {
    const now = new Date();
    const proposedId = new Types.ObjectId();
    let agreementId = proposedId;
    try {
      await this.links.create({
        _id: linkId('send', input.sendKey),
        kind: 'send',
        agreementId: proposedId,
        family: input.family,
        createdAt: now,
      });
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      const existing = await this.links.findById(linkId('send', input.sendKey)).lean();
      if (!existing) throw error;
      if (existing.family !== input.family) throw new NotFoundException('Document not found.');
      agreementId = existing.agreementId as Types.ObjectId;
      const found = await this.findById<TForm>(agreementId);
      if (found) return { agreement: found, created: false };
    }
    // The record itself (first attempt, or a retry after a crash right after the key).
    const token = newLinkToken();
    await this.links.create({
      _id: token,
      kind: 'sign',
      agreementId,
      family: input.family,
      createdAt: now,
    });
    const additional = input.additionalSigners ?? [];
    await Promise.all(
      // The firm's countersigner signs in the staff app: no link.
      additional
        .filter((signer) => signer.token)
        .map((signer) =>
          this.links.create({
            _id: signer.token as string,
            kind: 'sign',
            agreementId,
            family: input.family,
            recipientId: signer.id,
            createdAt: now,
          }),
        ),
    );
    try {
      const created = await this.agreements.create({
        _id: agreementId,
        ...(additional.length ? { recipients: additional } : {}),
        ...countersignerUserIdOf(additional),
        family: input.family,
        token,
        docLink: input.docLink,
        signingLink: input.signingLinkOf(token),
        form: input.form,
        sentBy: input.sentBy,
        status: null,
        searchText: input.searchText,
        requireEmailCode: input.requireEmailCode === true,
        send: {
          state: 'in_progress',
          steps: {},
          startedAt: now,
          attempts: 0,
          params: input.sendParams ?? {},
        },
      });
      return { agreement: created as unknown as AgreementDocument<TForm>, created: true };
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      await this.links.deleteMany({
        _id: { $in: [token, ...additional.map((signer) => signer.token as string)] },
      });
      const winner = await this.findById<TForm>(agreementId);
      if (!winner) throw error;
      return { agreement: winner, created: false };
    }
  }

  /**
   * Writes a whole agreement as it already happened (demo data, the one-time
   * move of old contract records): its events, given in order with their
   * times, are chained here; its keys are registered. Nothing is written when
   * an agreement with this `_id` exists (re-running adds nothing).
   */
  async importRecord<TForm extends object>(
    record: Omit<Partial<Agreement<TForm>>, 'events' | 'headHash'> &
      Pick<Agreement<TForm>, '_id' | 'family' | 'token' | 'form'>,
    events: readonly EventInput[],
    keys: { sendKey?: string | null; verifyId?: string | null } = {},
  ): Promise<boolean> {
    if (await this.agreements.exists({ _id: record._id })) return false;
    const chained: AgreementEvent[] = [];
    let head: string | null = null;
    let status: string | null = null;
    for (const input of events) {
      status = input.status === undefined ? status : input.status;
      const event = chainedEvent(input, head, status, input.at ?? new Date());
      chained.push(event);
      head = event.hash;
    }
    const now = new Date();
    const link = (kind: AgreementLinkKind, key: string) =>
      this.links.updateOne(
        { _id: linkId(kind, key) },
        {
          $setOnInsert: {
            kind,
            agreementId: record._id,
            family: record.family,
            createdAt: now,
            ...(kind === 'sign' && status !== null ? { publishedAt: now } : {}),
          },
        },
        { upsert: true },
      );
    await link('sign', record.token);
    if (keys.sendKey) await link('send', keys.sendKey);
    if (keys.verifyId) await link('verify', keys.verifyId);
    try {
      await this.agreements.create({ ...record, events: chained, headHash: head });
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      return false;
    }
    return true;
  }

  /** Registers the public verify id of a signed agreement. */
  async addKey(agreement: Pick<Agreement, '_id' | 'family'>, kind: AgreementLinkKind, key: string) {
    await this.links.updateOne(
      { _id: linkId(kind, key) },
      {
        $setOnInsert: {
          kind,
          agreementId: agreement._id,
          family: agreement.family,
          createdAt: new Date(),
        },
      },
      { upsert: true },
    );
  }

  // ── Writes ──

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
    if (updated) this.changed(updated);
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
    if (updated && options.notify) this.changed(updated);
    return updated;
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

  /** Whether the stored event log is intact (nothing edited, removed or reordered). */
  async checkChain(id: Types.ObjectId | string) {
    const agreement = await this.agreements.findById(id, { events: 1, headHash: 1 }).lean();
    if (!agreement) return null;
    return checkEventChain(agreement.events ?? [], agreement.headHash ?? null);
  }

  /** Writes the signer's presence only when it changed or is older than `refreshMs`. */
  async recordPresence(
    agreement: Pick<Agreement, '_id' | 'family'>,
    active: boolean,
    now: Date,
    refreshMs: number,
  ): Promise<boolean> {
    const written = await this.agreements.updateOne(
      {
        _id: agreement._id,
        status: { $ne: null },
        $or: [
          { presence: null },
          { 'presence.active': !active },
          { 'presence.at': { $lt: new Date(now.getTime() - refreshMs) } },
        ],
      },
      { $set: { presence: { active, at: now } } },
    );
    if (written.modifiedCount === 0) return false;
    this.realtime.signerPresence({
      family: agreement.family,
      id: String(agreement._id),
      active,
      at: now,
    });
    return true;
  }

  // ── Progress of the resumable operations (used by StepRunner) ──

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
    return this.agreements.findOneAndUpdate(
      { _id: id, [`${operation}.runner`]: runner },
      {
        $set: {
          ...fields,
          ...stepTimes(operation, steps),
          ...(complete
            ? { ...completed(operation, now), ...leaseFreed(operation) }
            : { [`${operation}.leaseUntil`]: new Date(now.getTime() + leaseMs) }),
        },
      },
      { returnDocument: 'after' },
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
    return this.endLease(id, operation, runner, doneSteps, {
      ...fields,
      ...completed(operation, new Date()),
    });
  }

  /** Records the steps done and gives the runner's lease back, with `set` (completion, say). */
  private endLease(
    id: Types.ObjectId,
    operation: AgreementOperation,
    runner: string,
    doneSteps: Record<string, Date>,
    set: Record<string, unknown>,
  ) {
    if ('status' in set) throw new Error('status is written by transition() only');
    return this.agreements.findOneAndUpdate(
      { _id: id, [`${operation}.runner`]: runner },
      { $set: { ...stepTimes(operation, doneSteps), ...set, ...leaseFreed(operation) } },
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

  // ── Admins' view of stopped operations ──

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

  // ── Its mails' state on the card (AgreementMailNotes, for the mail module) ──
  // On the driver's collection, as the mail module wrote them before: by `_id`, the array
  // entries addressed by index and pulled by value, nothing cast or added by the schema.

  async mailPendingOf(agreementId: string): Promise<StoredMailPending[]> {
    const doc = await this.agreements.collection.findOne({ _id: storedId(agreementId) } as never, {
      projection: { mailPending: 1 },
    });
    return (doc?.mailPending as StoredMailPending[] | undefined) ?? [];
  }

  async pushMailPending(agreementId: string, entry: StoredMailPending, max: number) {
    const result = await this.agreements.collection.updateOne(
      {
        _id: storedId(agreementId),
        'mailPending.deliveryId': { $ne: entry.deliveryId },
        [`mailPending.${max - 1}`]: { $exists: false },
      } as never,
      { $push: { mailPending: entry } } as never,
    );
    return result.matchedCount > 0;
  }

  async setMailPendingTry(
    agreementId: string,
    index: number,
    deliveryId: string,
    attempts: number,
    lastError: string,
  ) {
    const result = await this.agreements.collection.updateOne(
      { _id: storedId(agreementId), [`mailPending.${index}.deliveryId`]: deliveryId } as never,
      {
        $set: {
          [`mailPending.${index}.attempts`]: attempts,
          [`mailPending.${index}.lastError`]: lastError,
        },
      },
    );
    return result.matchedCount > 0;
  }

  async pullMailPending(agreementId: string, entry: StoredMailPending) {
    const result = await this.agreements.collection.updateOne(
      { _id: storedId(agreementId) } as never,
      { $pull: { mailPending: entry } } as never,
    );
    return result.modifiedCount > 0;
  }

  async setMailProblem(agreementId: string, problem: StoredMailProblem): Promise<void> {
    await this.agreements.collection.updateOne({ _id: storedId(agreementId) } as never, {
      $set: { mailProblem: problem },
    });
  }

  async clearMailProblem(agreementId: string, deliveryId: string): Promise<void> {
    await this.agreements.collection.updateOne(
      { _id: storedId(agreementId), 'mailProblem.deliveryId': deliveryId } as never,
      { $set: { mailProblem: null } },
    );
  }

  async cardStateOf(agreementId: string) {
    const doc = await this.agreements.collection.findOne({ _id: storedId(agreementId) } as never, {
      projection: { family: 1, status: 1 },
    });
    if (!doc) return null;
    return {
      id: String(doc._id),
      family: doc.family as AgreementFamily,
      status: (doc.status as string | null) ?? null,
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

  /** Tells open dashboards an agreement changed (by `_id`, never by its signing token). */
  changed(agreement: Pick<Agreement, '_id' | 'family' | 'status'>, status?: string): void {
    this.realtime.agreementChanged({
      family: agreement.family,
      id: String(agreement._id),
      status: status ?? agreement.status ?? '',
    });
  }

  // ── The one conditional write, chained ──

  private async write<TForm extends object = Record<string, unknown>>(
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
      const update: UpdateQuery<Agreement> = {
        ...base,
        $set: { ...(base.$set ?? {}), headHash: event.hash },
        $push: { ...(base.$push ?? {}), events: event },
      };
      const updated = await this.agreements.findOneAndUpdate(
        { ...condition, headHash: head } as QueryFilter<Agreement>,
        update,
        { returnDocument: 'after' },
      );
      if (updated) return updated as unknown as AgreementDocument<TForm>;
      const fresh = await this.agreements.findOne(condition, { headHash: 1, status: 1 }).lean();
      if (!fresh) return null;
      head = fresh.headHash ?? null;
      statusNow = fresh.status ?? null;
    }
    this.logger.warn(`event ${write.event.type} on ${String(agreement._id)} kept losing the chain`);
    return null;
  }
}

/** The stored `_id` an agreement id names: an ObjectId, or as it is if it spells none. */
function storedId(id: string): Types.ObjectId | string {
  return Types.ObjectId.isValid(id) && String(new Types.ObjectId(id)) === id
    ? new Types.ObjectId(id)
    : id;
}

function linkId(kind: AgreementLinkKind, key: string): string {
  // Signing tokens are their own id (the spec's link shape); other keys are namespaced.
  return kind === 'sign' ? key : `${kind}:${key}`;
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

/** The countersigner's staff e-mail as its own field, for the indexed "Waiting for my signature". */
function countersignerUserIdOf(recipients: readonly StoredRecipient[]) {
  const firm = recipients.find((recipient) => recipient.role === 'countersigner');
  return firm?.staffUserId ? { countersignerUserId: firm.staffUserId } : {};
}
