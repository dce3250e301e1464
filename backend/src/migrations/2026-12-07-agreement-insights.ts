import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, Types } from 'mongoose';
import { AgreementInsightsRepository, type Agreement } from '../modules/agreements';
import type { Migration } from '../platform/migrations/migration';

/**
 * The Insights facts (`agreement_insights`, issue 58) of every agreement stored before them:
 * from then on each write of an agreement keeps its facts. Rebuilding from the record is
 * exact, so a run cut short runs again from the start.
 */
@Injectable()
export class AgreementInsightsFacts implements Migration {
  readonly id = '2026-12-07-agreement-insights';

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly insights: AgreementInsightsRepository,
  ) {}

  async up(): Promise<string> {
    const agreements = this.connection.collection<Agreement & { _id: Types.ObjectId }>(
      'agreements',
    );
    let stored = 0;
    // The whole record: the facts read its form (owner, fee), events and invoices.
    for await (const agreement of agreements.find({})) {
      await this.insights.rebuild(agreement);
      stored += 1;
    }
    return `Insights facts stored for ${stored} agreement(s)`;
  }
}
