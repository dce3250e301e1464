import { Injectable } from '@nestjs/common';
import { AgreementInsightsRepository } from '../modules/agreements';
import type { Migration } from '../platform/migrations/migration';
import { AgreementInsightsFacts } from './2026-12-07-agreement-insights';

/**
 * The running totals Insights reads (`agreement_insight_totals`): the facts of every agreement
 * stored again as the facts' own migration stores them (they gained `idleDay`), then the totals
 * counted from them; from then on each write of the facts adds its change. Both start from
 * the records, so a run cut short runs again from the start.
 */
@Injectable()
export class AgreementInsightTotals implements Migration {
  readonly id = '2026-12-08-agreement-insight-totals';

  constructor(
    private readonly facts: AgreementInsightsFacts,
    private readonly insights: AgreementInsightsRepository,
  ) {}

  async up(): Promise<string> {
    const stored = await this.facts.up();
    // Counted afresh: storing the facts added changes to totals that may not have existed.
    const totals = await this.insights.recountTotals();
    return `${stored}; Insights totals counted: ${totals} record(s)`;
  }
}
