import { Injectable } from '@nestjs/common';
import { AgreementInsightsRepository } from '../modules/agreements';
import type { Migration } from '../platform/migrations/migration';

/**
 * The running totals Insights reads (`agreement_insight_totals`), counted from the facts
 * stored before them: from then on each write of the facts adds its change. A recount
 * starts from nothing, so a run cut short runs again from the start.
 */
@Injectable()
export class AgreementInsightTotals implements Migration {
  readonly id = '2026-12-08-agreement-insight-totals';

  constructor(private readonly insights: AgreementInsightsRepository) {}

  async up(): Promise<string> {
    const totals = await this.insights.recountTotals();
    return `Insights totals counted: ${totals} record(s)`;
  }
}
