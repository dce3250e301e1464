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

/**
 * The agreements sent in a period, grouped by everything the sent-side figures read (funnel,
 * time to sign, weekly sends, the owners and pipelines of the period): one read of the range.
 */
export interface SentRow {
  family: string;
  owner: string;
  pipeline: string | null;
  week: string;
  viewed: 0 | 1;
  signed: 0 | 1;
  declined: 0 | 1;
  expired: 0 | 1;
  voided: 0 | 1;
  daysToSign: number | null;
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

/** The declines of one week, reason group and signer's words. */
export interface DeclineRow {
  week: string;
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

  /**
   * The agreements of `families` sent in `days`, grouped (see SentRow). Owner and pipeline are
   * not filtered here: the caller filters the rows, and lists the period's owners and pipelines
   * from them (the filter boxes' choices), so one read answers both.
   */
  async sent(families: readonly string[], days: DayRange): Promise<SentRow[]> {
    const rows = await this.aggregate<{ _id: Omit<SentRow, 'count'>; count: number }>([
      {
        $match: {
          ...this.scoped({ families, owner: null, pipeline: null }),
          sentDay: { $gte: days.from, $lte: days.to },
        },
      },
      {
        $group: {
          _id: {
            family: '$family',
            owner: '$owner',
            pipeline: '$pipeline',
            week: '$sentWeek',
            viewed: '$viewed',
            signed: '$signed',
            declined: '$declined',
            expired: '$expired',
            voided: '$voided',
            daysToSign: '$daysToSign',
          },
          count: { $sum: 1 },
        },
      },
    ]);
    return rows.map(({ _id, count }) => ({
      ..._id,
      pipeline: _id.pipeline ?? null,
      daysToSign: typeof _id.daysToSign === 'number' ? _id.daysToSign : null,
      count,
    }));
  }

  /** The agreements waiting for a signature now, by stage and day sent: counts and fees. */
  async waiting(scope: InsightScope): Promise<WaitingRow[]> {
    type Key = { stage: WaitingStage; sentDay: string; fee: number };
    // Grouped by fee too, multiplied out here: one accumulator per $group (see `aggregate`).
    const rows = await this.aggregate<{ _id: Key; count: number }>([
      { $match: { ...this.scoped(scope), open: true } },
      {
        $group: {
          _id: { stage: '$stage', sentDay: '$sentDay', fee: '$fee' },
          count: { $sum: 1 },
        },
      },
    ]);
    const byDay = new Map<string, WaitingRow>();
    for (const { _id, count } of rows) {
      const key = `${_id.stage} ${_id.sentDay}`;
      const row = byDay.get(key) ?? { stage: _id.stage, sentDay: _id.sentDay, count: 0, fee: 0 };
      row.count += count;
      row.fee += (_id.fee ?? 0) * count;
      byDay.set(key, row);
    }
    return [...byDay.values()];
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

  /** How many were signed each week of `days` (by the day of the signature). */
  async signedWeeks(scope: InsightScope, days: DayRange): Promise<WeekRow[]> {
    const rows = await this.aggregate<{ _id: string; count: number }>([
      { $match: { ...this.scoped(scope), signedDay: { $gte: days.from, $lte: days.to } } },
      { $group: { _id: '$signedWeek', count: { $sum: 1 } } },
    ]);
    return rows.map((row) => ({ week: row._id, count: row.count }));
  }

  /** The declines of `days`, by week, reason group and the signer's words. */
  async declines(scope: InsightScope, days: DayRange): Promise<DeclineRow[]> {
    const rows = await this.aggregate<{
      _id: { week: string; group: DeclineReasonGroup; reason: string | null };
      count: number;
    }>([
      { $match: { ...this.scoped(scope), declinedDay: { $gte: days.from, $lte: days.to } } },
      {
        $group: {
          _id: { week: '$declinedWeek', group: '$declineGroup', reason: '$declineReason' },
          count: { $sum: 1 },
        },
      },
    ]);
    return rows.map((row) => ({
      week: row._id.week,
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
      // Only agreements whose latest invoice is in or after the period can have one in it.
      { $match: { ...this.scoped(scope), lastIssuedDay: { $gte: days.from } } },
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
   * Runs a pipeline. Each `$group` has one accumulator: FerretDB v1 as released hands every
   * accumulator of a group the same iterator, so all but the first sum 0 (our embedded build
   * is patched, `ferretdb-group-hash.patch`; a stock FerretDB server is not).
   */
  private aggregate<T>(pipeline: PipelineStage[]): Promise<T[]> {
    return this.facts.aggregate<T>(pipeline).exec();
  }
}

function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}
