import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { calendarDayIn } from '@prosign/domain';
import type { Model, PipelineStage, Types } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { insightFactsOf, type AgreementInsightFacts } from './agreement-insight-facts';
import {
  sincePlanOf,
  totalChangesOf,
  totalsOfAll,
  totalWritesOf,
  waitingDaysFrom,
  weekPlanOf,
  type InsightTotal,
  type PeriodRange,
  type TotalChange,
  type TotalSeries,
} from './agreement-insight-totals';
import { AgreementInsightTotal } from './agreement-insight-totals.schema';
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

export interface InvoiceTotals {
  issuedCount: number;
  issued: number;
  paidCount: number;
  paid: number;
  overdueCount: number;
  overdue: number;
}

/** Totals are written this many at a time when counted afresh. */
const RECOUNT_BATCH = 1000;

/**
 * The Insights facts of every agreement (`agreement_insights`) and their running totals
 * (`agreement_insight_totals`, agreement-insight-totals.ts): kept by the agreement core's
 * writes (`refresh`, called by AgreementEventRepository with the record each write returns).
 * The page's figures read the totals of its period (a few hundred small records) and, for the
 * stalled list and invoices, only the candidates' facts, by indexed fields; never an agreement
 * or its events.
 */
@Injectable()
export class AgreementInsightsRepository {
  private readonly logger = new Logger(AgreementInsightsRepository.name);

  constructor(
    @InjectModel(AgreementInsight.name) private readonly facts: Model<AgreementInsight>,
    @InjectModel(AgreementInsightTotal.name) private readonly totals: Model<AgreementInsightTotal>,
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
   * Stores the facts of the agreement as a write just returned it, and adds what they change
   * to the totals. A computation from an older state (fewer events) never overwrites a newer
   * one: two writes racing each store theirs, the later state stays, and each adds the change
   * from the facts it replaced. Failures are logged, never the write's: the next change, or a
   * recount (`recountTotals`), puts them right.
   */
  async refresh(agreement: Agreement & { _id: Types.ObjectId }): Promise<void> {
    try {
      const after = this.factsOf(agreement);
      const { _id, ...facts } = after;
      const before = await this.facts.collection.findOneAndUpdate(
        { _id, eventCount: { $lte: facts.eventCount } },
        { $set: facts },
        { upsert: true, returnDocument: 'before' },
      );
      await this.addToTotals(totalChangesOf(before as AgreementInsightFacts | null, after));
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return;
      this.logger.warn(
        `Insights facts of ${String(agreement._id)} not stored: ${(error as Error).message}`,
      );
    }
  }

  /** Stores the facts of an agreement, replacing what was there (the migration's rebuild). */
  async rebuild(agreement: Agreement & { _id: Types.ObjectId }): Promise<void> {
    const after = this.factsOf(agreement);
    const before = await this.facts.collection.findOneAndReplace({ _id: after._id }, after, {
      upsert: true,
      returnDocument: 'before',
    });
    await this.addToTotals(totalChangesOf(before as AgreementInsightFacts | null, after));
  }

  /** Counts every total afresh from the stored facts (a migration; a repair). */
  async recountTotals(): Promise<number> {
    await this.totals.collection.deleteMany({});
    const changes = await totalsOfAll(
      this.facts.collection.find({
        listed: true,
      }) as unknown as AsyncIterable<AgreementInsightFacts>,
    );
    for (let start = 0; start < changes.length; start += RECOUNT_BATCH) {
      await this.addToTotals(changes.slice(start, start + RECOUNT_BATCH));
    }
    return changes.length;
  }

  /**
   * What happened in `days` to the agreements of `families`, by day or whole week: sent (and
   * what became of those), signed, declined with the reasons.
   */
  activityTotals(families: readonly string[], days: DayRange): Promise<InsightTotal[]> {
    return this.read('activity', families, weekPlanOf(days.from, days.to));
  }

  /**
   * The agreements waiting for a signature now, by the day they were sent (by month when
   * older than the age bands need), each stage's count and fee in cents; and how many have
   * been idle since each day, by day from `idleBefore`'s month on (what `stalled` counts).
   */
  waitingTotals(
    families: readonly string[],
    today: string,
    idleBefore: Date,
  ): Promise<InsightTotal[]> {
    const cutDay = calendarDayIn(idleBefore, this.config.FIRM_TIME_ZONE);
    const byDayFrom = [waitingDaysFrom(today), cutDay].sort()[0];
    return this.read('waiting', families, sincePlanOf(byDayFrom, '9999-12-31'));
  }

  /**
   * The open agreements idle since before `idleBefore`: how many, and the oldest `limit`. The
   * count is the idle totals (`waiting`, from `waitingTotals` for the same instant) of the days
   * before `idleBefore`'s day, and that day's facts up to the instant; the page reads facts
   * only up to the day (or month) the `limit`th one is idle since, then orders them.
   */
  async stalled(
    scope: InsightScope,
    idleBefore: Date,
    limit: number,
    waiting: readonly InsightTotal[],
  ): Promise<{ total: number; facts: AgreementInsightFacts[] }> {
    const cutDay = calendarDayIn(idleBefore, this.config.FIRM_TIME_ZONE);
    // Months are all before the cut day's month (waitingTotals reads that month on by day).
    const before = waiting
      .filter((total) => inScope(total, scope) && (total.n?.idle ?? 0) !== 0)
      .filter((total) => total.series.endsWith(':m') || total.period < cutDay)
      .sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
    const stalled = { ...this.scoped(scope), open: true, idleSince: { $lte: idleBefore } };
    const onCutDay = await this.facts.collection
      .find({ ...stalled, idleDay: cutDay }, { projection: { _id: 1 } })
      .toArray();
    let counted = 0;
    let upToDay = cutDay;
    for (const idle of before) {
      counted += idle.n?.idle ?? 0;
      if (counted >= limit) {
        // A month's total: any of its days (every month's days sort before its "-31").
        upToDay = idle.series.endsWith(':m') ? `${idle.period}-31` : idle.period;
        break;
      }
    }
    const total = before.reduce((sum, idle) => sum + (idle.n?.idle ?? 0), 0) + onCutDay.length;
    // Ordered here: the rows are few, and a sort or limit would keep the embedded server
    // from reading the index's range (it reads the whole collection then).
    const candidates =
      total === 0
        ? []
        : await this.facts.collection
            .find<AgreementInsightFacts>({ ...stalled, idleDay: { $lte: upToDay } })
            .toArray();
    const facts = candidates
      .sort(
        (a, b) =>
          new Date(a.idleSince!).getTime() - new Date(b.idleSince!).getTime() ||
          String(a._id).localeCompare(String(b._id)),
      )
      .slice(0, limit);
    return { total, facts };
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

  /** The totals of a series over a plan of period ranges, for `families`. */
  private async read(
    series: TotalSeries,
    families: readonly string[],
    plan: readonly PeriodRange[],
  ): Promise<InsightTotal[]> {
    const parts = await Promise.all(
      plan.map((range) =>
        this.totals.collection
          .find<InsightTotal>({
            series: `${series}:${range.resolution}`,
            family: { $in: [...families] },
            period: { $gte: range.from, $lte: range.to },
          })
          .toArray(),
      ),
    );
    return parts.flat();
  }

  private async addToTotals(changes: readonly TotalChange[]): Promise<void> {
    if (changes.length === 0) return;
    await this.totals.collection.bulkWrite(totalWritesOf(changes) as never, { ordered: false });
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

/** Whether a total is of the scope's owner and pipeline (its family is read by the query). */
export function inScope(
  total: Pick<InsightTotal, 'owner' | 'pipeline'>,
  scope: Pick<InsightScope, 'owner' | 'pipeline'>,
): boolean {
  return (
    (scope.owner === null || total.owner === scope.owner) &&
    (scope.pipeline === null || total.pipeline === scope.pipeline)
  );
}
