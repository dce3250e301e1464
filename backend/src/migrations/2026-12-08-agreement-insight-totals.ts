import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, Types } from 'mongoose';
import { AgreementInsightsRepository, type Agreement } from '../modules/agreements';
import type { Migration } from '../platform/migrations/migration';

/**
 * The running totals Insights reads (`agreement_insight_totals`): the facts of every agreement
 * stored again (they gained `idleDay`), then the totals counted from them; from then on each
 * write of the facts adds its change. Both start from the records, so a run cut short runs
 * again from the start.
 */
@Injectable()
export class AgreementInsightTotals implements Migration {
  readonly id = '2026-12-08-agreement-insight-totals';

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly insights: AgreementInsightsRepository,
  ) {}

  async up(): Promise<string> {
    const agreements = this.connection.collection<Agreement & { _id: Types.ObjectId }>(
      'agreements',
    );
    let stored = 0;
    for await (const agreement of agreements.find({})) {
      await this.insights.rebuild(agreement);
      stored += 1;
    }
    // Counted afresh: the rebuilds above added changes to totals that may not have existed.
    const totals = await this.insights.recountTotals();
    return `Insights facts stored for ${stored} agreement(s), ${totals} total(s) counted`;
  }
}
