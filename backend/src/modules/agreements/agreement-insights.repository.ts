import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { DeclineReasonGroup, WaitingStage } from '@prosign/domain';
import type { Model, PipelineStage, Types } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { insightFactsOf, type AgreementInsightFacts } from './agreement-insight-facts';
import { AgreementInsight } from './agreement-insights.schema';
import type { Agreement } from './agreement.schema';

const DUPLICATE_KEY = 11000;

/**
 * Whose agreements a figure counts: those of `families` (the ones the viewer may see, the
 * family filter applied), of one owner and one pipeline when given.
 */
export interface InsightScope {
  families: readonly string[];
  owner: string | null;
  pipeline: string | null;
}

/** Calendar days, both included (`YYYY-MM-DD` in the firm's time zone). */
export interface DayRange {
  from: string;
  to: string;
}

export type FunnelCounts = Record<
  'sent' | 'viewed' | 'signed' | 'declined' | 'expired' | 'voided',
  number
>;

/** A time-to-sign histogram row: how many of a family and owner took `days`. */
export interface TimeToSignRow {
  family: string;
  owner: string;
  days: number;
  count: number;
}

/** Waiting agreements sent on one day at one stage: how many, and their fees. */
export interface WaitingRow {
  stage: WaitingStage;
  sentDay: string;
  count: number;
  fee: number;
}

export interface WeekRow {
  week: string;
  count: number;
}

export interface DeclineRow {
  group: DeclineReasonGroup;
  reason: string;
  count: number;
}

export interface InvoiceTotals {
  issuedCount: number;
  issued: number;
  paidCount: number;
  paid: number;
  overdueCount: number;
  overdue: number;
}

/** What a week's volume counts, by the day field it reads. */
const WEEK_FIELDS = {
  sent: { day: 'sentDay', week: 'sentWeek' },
  signed: { day: 'signedDay', week: 'signedWeek' },
  declined: { day: 'declinedDay', week: 'declinedWeek' },
} as const;

/**
 * The Insights facts of every agreement (`agreement_insights`): kept by the agreement core's
 * writes (`refresh`, called by AgreementEventRepository with the record each write returns),
 * and every figure of the page as an aggregation on them. Each pipeline starts with a `$match`
 * on indexed fields (`listed`, `family`, then the figure's own), so both MongoDB and the
 * embedded database read only the candidates' small records, never an agreement or its events.
 */
@Injectable()
export class AgreementInsightsRepository {
  private readonly logger = new Logger(AgreementInsightsRepository.name);

  constructor(
    @InjectModel(AgreementInsight.name) private readonly facts: Model<AgreementInsight>,
    private readonly config: AppConfig,
  ) {}

  /** The facts of an agreement, as stored now. */
  factsOf(agreement: Agreement & { _id: Types.ObjectId }): AgreementInsightFacts {
    return insightFactsOf(agreement, {
      timeZone: this.config.FIRM_TIME_ZONE,
      invoiceDueDays: this.config.INVOICE_DUE_DAYS,
    });
  }

  /**
   * Stores the facts of the agreement as a write just returned it. A computation from an
   * older state (fewer events) never overwrites a newer one: two writes racing each store
   * theirs, the later state stays. Failures are logged, never the write's: the next change,
   * or the rebuild (`rebuild`), puts the facts right.
   */
  async refresh(agreement: Agreement & { _id: Types.ObjectId }): Promise<void> {
    try {
      const { _id, ...facts } = this.factsOf(agreement);
      await this.facts.collection.updateOne(
        { _id, eventCount: { $lte: facts.eventCount } },
        { $set: facts },
        { upsert: true },
      );
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return;
      this.logger.warn(
        `Insights facts of ${String(agreement._id)} not stored: ${(error as Error).message}`,
      );
    }
  }

  /** Stores the facts of every agreement given, replacing what was there (the migration's rebuild). */
  async rebuild(agreement: Agreement & { _id: Types.ObjectId }): Promise<void> {
    const facts = this.factsOf(agreement);
    await this.facts.collection.replaceOne({ _id: facts._id }, facts, { upsert: true });
  }

  /** The funnel's counts of the agreements sent in `days`. */
  async funnel(scope: InsightScope, days: DayRange): Promise<FunnelCounts> {
    // Grouped by the flags, then added up here: one accumulator per $group (see `aggregate`).
    const rows = await this.aggregate<{ _id: Omit<FunnelCounts, 'sent'>; count: number }>([
      { $match: { ...this.scoped(scope), sentDay: { $gte: days.from, $lte: days.to } } },
      {
        $group: {
          _id: {
            viewed: '$viewed',
            signed: '$signed',
            declined: '$declined',
            expired: '$expired',
            voided: '$voided',
          },
          count: { $sum: 1 },
        },
      },
    ]);
    const counts: FunnelCounts = {
      sent: 0,
      viewed: 0,
      signed: 0,
      declined: 0,
      expired: 0,
      voided: 0,
    };
    for (const { _id: flags, count } of rows) {
      counts.sent += count;
      for (const step of ['viewed', 'signed', 'declined', 'expired', 'voided'] as const) {
        if (flags[step] === 1) counts[step] += count;
      }
    }
    return counts;
  }

  /** How many of the agreements sent in `days` and signed by their signer took each time, by family and owner. */
  async timeToSign(scope: InsightScope, days: DayRange): Promise<TimeToSignRow[]> {
    const rows = await this.aggregate<{
      _id: { family: string; owner: string; days: number | null };
      count: number;
    }>([
      {
        $match: {
          ...this.scoped(scope),
          sentDay: { $gte: days.from, $lte: days.to },
          daysToSign: { $ne: null },
        },
      },
      {
        $group: {
          _id: { family: '$family', owner: '$owner', days: '$daysToSign' },
          count: { $sum: 1 },
        },
      },
    ]);
    return rows
      .filter((row) => typeof row._id.days === 'number')
      .map((row) => ({
        family: row._id.family,
        owner: row._id.owner,
        days: row._id.days as number,
        count: row.count,
      }));
  }

  /** The agreements waiting for a signature now, by stage and day sent: counts and fees. */
  async waiting(scope: InsightScope): Promise<WaitingRow[]> {
    type Key = { stage: WaitingStage; sentDay: string };
    const match = { $match: { ...this.scoped(scope), open: true } };
    const group = { stage: '$stage', sentDay: '$sentDay' };
    const [counts, fees] = await Promise.all([
      this.aggregate<{ _id: Key; count: number }>([
        match,
        { $group: { _id: group, count: { $sum: 1 } } },
      ]),
      this.aggregate<{ _id: Key; fee: number }>([
        match,
        { $group: { _id: group, fee: { $sum: '$fee' } } },
      ]),
    ]);
    const feeOf = new Map(fees.map((row) => [`${row._id.stage} ${row._id.sentDay}`, row.fee]));
    return counts.map((row) => ({
      stage: row._id.stage,
      sentDay: row._id.sentDay,
      count: row.count,
      fee: feeOf.get(`${row._id.stage} ${row._id.sentDay}`) ?? 0,
    }));
  }

  /** The open agreements idle since before `idleBefore`: how many, and the oldest `limit`. */
  async stalled(
    scope: InsightScope,
    idleBefore: Date,
    limit: number,
  ): Promise<{ total: number; facts: AgreementInsightFacts[] }> {
    const filter = { ...this.scoped(scope), open: true, idleSince: { $lte: idleBefore } };
    const [total, facts] = await Promise.all([
      this.facts.countDocuments(filter).exec(),
      this.facts
        .find(filter)
        .sort({ idleSince: 1, _id: 1 })
        .limit(limit)
        .lean<AgreementInsightFacts[]>()
        .exec(),
    ]);
    return { total, facts };
  }

  /** How many were sent, signed or declined each week of `days` (by the day it happened). */
  async weekly(
    scope: InsightScope,
    days: DayRange,
    what: keyof typeof WEEK_FIELDS,
  ): Promise<WeekRow[]> {
    const { day, week } = WEEK_FIELDS[what];
    const rows = await this.aggregate<{ _id: string; count: number }>([
      { $match: { ...this.scoped(scope), [day]: { $gte: days.from, $lte: days.to } } },
      { $group: { _id: `$${week}`, count: { $sum: 1 } } },
    ]);
    return rows.map((row) => ({ week: row._id, count: row.count }));
  }

  /** The declines of `days`, by reason group and the signer's words. */
  async declines(scope: InsightScope, days: DayRange): Promise<DeclineRow[]> {
    const rows = await this.aggregate<{
      _id: { group: DeclineReasonGroup; reason: string | null };
      count: number;
    }>([
      { $match: { ...this.scoped(scope), declinedDay: { $gte: days.from, $lte: days.to } } },
      {
        $group: {
          _id: { group: '$declineGroup', reason: '$declineReason' },
          count: { $sum: 1 },
        },
      },
    ]);
    return rows.map((row) => ({
      group: row._id.group,
      reason: row._id.reason ?? '',
      count: row.count,
    }));
  }

  /** The invoices issued in `days`: billed and paid so far; overdue at `now` and still owed. */
  async invoices(scope: InsightScope, days: DayRange, now: Date): Promise<InvoiceTotals> {
    // Grouped by what each invoice bills, paid and owes and when it is due, added up here.
    const rows = await this.aggregate<{
      _id: { amount: number; paid: number; owed: number; dueAt: Date };
      count: number;
    }>([
      { $match: { ...this.scoped(scope), invoiced: true } },
      { $unwind: '$invoices' },
      { $match: { 'invoices.issuedDay': { $gte: days.from, $lte: days.to } } },
      {
        $group: {
          _id: {
            amount: '$invoices.amount',
            paid: '$invoices.paid',
            owed: '$invoices.owed',
            dueAt: '$invoices.dueAt',
          },
          count: { $sum: 1 },
        },
      },
    ]);
    const totals: InvoiceTotals = {
      issuedCount: 0,
      issued: 0,
      paidCount: 0,
      paid: 0,
      overdueCount: 0,
      overdue: 0,
    };
    for (const { _id: invoice, count } of rows) {
      totals.issuedCount += count;
      totals.issued += invoice.amount * count;
      totals.paid += invoice.paid * count;
      if (invoice.owed === 0) totals.paidCount += count;
      else if (new Date(invoice.dueAt) < now) {
        totals.overdueCount += count;
        totals.overdue += invoice.owed * count;
      }
    }
    return {
      ...totals,
      issued: roundCents(totals.issued),
      paid: roundCents(totals.paid),
      overdue: roundCents(totals.overdue),
    };
  }

  /** The owners and pipelines of the families' agreements (the filter boxes' choices). */
  async choices(families: readonly string[]): Promise<{ owners: string[]; pipelines: string[] }> {
    const rows = await this.aggregate<{ _id: { owner: string; pipeline: string | null } }>([
      { $match: { listed: true, family: { $in: [...families] } } },
      { $group: { _id: { owner: '$owner', pipeline: '$pipeline' } } },
    ]);
    const owners = new Set<string>();
    const pipelines = new Set<string>();
    for (const { _id } of rows) {
      if (_id.owner) owners.add(_id.owner);
      if (_id.pipeline) pipelines.add(_id.pipeline);
    }
    return { owners: [...owners].sort(), pipelines: [...pipelines].sort() };
  }

  /** The `$match` of a scope: listed agreements of its families, owner and pipeline. */
  private scoped(scope: InsightScope): Record<string, unknown> {
    return {
      listed: true,
      family: { $in: [...scope.families] },
      ...(scope.owner ? { owner: scope.owner } : {}),
      ...(scope.pipeline ? { pipeline: scope.pipeline } : {}),
    };
  }

  /**
   * Runs a pipeline. Each `$group` has one accumulator: the embedded FerretDB (v1) hands every
   * accumulator of a group the same iterator, so all but the first see no document and sum 0.
   */
  private aggregate<T>(pipeline: PipelineStage[]): Promise<T[]> {
    return this.facts.aggregate<T>(pipeline).exec();
  }
}

function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}
