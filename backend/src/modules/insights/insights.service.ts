import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import {
  allFamilies,
  awaitedRecipients,
  calendarDayIn,
  decideAgreementAction,
  dashboardRoutesOf,
  familyDefinition,
  funnelFigures,
  INSIGHTS_STALLED_LIMIT,
  isAgreementFamily,
  parseInsightsQuery,
  seesFamily,
  weeksOf,
  type AccessFlags,
  type AgreementFamily,
  type InsightsFilter,
  type InsightsQuery,
  type InsightsResponse,
  type StalledAgreement,
  type WaitingOn,
} from '@prosign/domain';
import {
  AgreementInsightsRepository,
  AgreementRepository,
  familyConfig,
  inScope,
  recipientsOf,
  weekOfTotal,
  type AgreementInsightFacts,
  type DayRange,
  type InsightScope,
  type InsightTotal,
} from '../agreements';
import { CRM_PORT, type CrmPort } from '../../integrations/crm';
import { AppConfig } from '../../platform/config/app-config';
import {
  choicesOf,
  declineReasonFigures,
  funnelCountsOf,
  timeToSignFigures,
  usd,
  valueWaitingFigures,
} from './insights-figures';

/** Who asks: their e-mail, whether an administrator, and their flags. */
export interface InsightsViewer {
  email: string;
  isAdmin: boolean;
  access: AccessFlags;
}

const INSIGHTS_MESSAGES = {
  familyHidden: 'You do not have access to this family’s agreements.',
  unknownFamily: (family: string) => `No contract family is called "${family}".`,
} as const;

/** How long the CRM's pipeline names are kept before they are read again. */
const PIPELINE_NAMES_TTL_MS = 10 * 60_000;

/**
 * Every figure of the Insights page for one viewer and filter, from the
 * agreement core's Insights facts: the agreements of the families the viewer sees (the
 * dashboards' rule, `seesFamily`), of the owner and pipeline asked for.
 */
@Injectable()
export class InsightsService {
  private readonly logger = new Logger(InsightsService.name);
  private pipelineNames: { names: Map<string, string>; readAt: number } | null = null;

  constructor(
    private readonly facts: AgreementInsightsRepository,
    private readonly agreements: AgreementRepository,
    private readonly config: AppConfig,
    @Inject(CRM_PORT) private readonly crm: CrmPort,
  ) {}

  /** The filter a query asks for (400 with the reason when malformed). */
  filterOf(query: InsightsQuery, now: Date): InsightsFilter {
    const parsed = parseInsightsQuery(query, this.today(now));
    if (!parsed.ok) throw new BadRequestException(parsed.message);
    return parsed.filter;
  }

  today(now: Date): string {
    return calendarDayIn(now, this.config.FIRM_TIME_ZONE);
  }

  async figures(
    viewer: InsightsViewer,
    filter: InsightsFilter,
    now: Date,
  ): Promise<InsightsResponse> {
    const visible = allFamilies()
      .map((definition) => definition.id)
      .filter((family) => seesFamily(viewer, family));
    if (filter.family !== null) {
      if (!isAgreementFamily(filter.family)) {
        throw new BadRequestException(INSIGHTS_MESSAGES.unknownFamily(filter.family));
      }
      if (!visible.includes(filter.family)) {
        throw new ForbiddenException(INSIGHTS_MESSAGES.familyHidden);
      }
    }
    const scope: InsightScope = {
      families: filter.family ? [filter.family] : visible,
      owner: filter.owner,
      pipeline: filter.pipeline,
    };
    const days: DayRange = { from: filter.from, to: filter.to };
    const today = this.today(now);
    const idleBefore = new Date(now.getTime() - filter.stalledDays * 86_400_000);
    const [activityTotals, waitingTotals, invoices, names] = await Promise.all([
      this.facts.activityTotals(scope.families, days),
      this.facts.waitingTotals(scope.families, today, idleBefore),
      this.facts.invoices(scope, days, now),
      this.pipelineNamesAt(now),
    ]);
    const stalled = await this.stalled(viewer, scope, filter.stalledDays, idleBefore, {
      waitingTotals,
      now,
    });
    const activity = activityTotals.filter((total) => inScope(total, scope));
    const countOf = (totals: readonly InsightTotal[], week: string, counter: string) =>
      totals
        .filter((total) => weekOfTotal(total) === week)
        .reduce((sum, total) => sum + (total.n?.[counter] ?? 0), 0);
    const choices = choicesOf(activityTotals, filter);
    return {
      filter,
      timeZone: this.config.FIRM_TIME_ZONE,
      generatedAt: now.toISOString(),
      funnel: funnelFigures(funnelCountsOf(activity)),
      timeToSign: timeToSignFigures(activity),
      valueWaiting: valueWaitingFigures(
        waitingTotals.filter((total) => inScope(total, scope)),
        today,
      ),
      stalled,
      volume: {
        weeks: weeksOf(filter.from, filter.to).map((week) => ({
          weekStart: week,
          sent: countOf(activity, week, 'sent'),
          signed: countOf(activity, week, 'signedOn'),
          declined: countOf(activity, week, 'declinedOn'),
        })),
        declineReasons: declineReasonFigures(activity),
      },
      invoices: {
        issued: { count: invoices.issuedCount, value: usd(invoices.issued) },
        paid: { count: invoices.paidCount, value: usd(invoices.paid) },
        overdue: { count: invoices.overdueCount, value: usd(invoices.overdue) },
      },
      options: {
        families: visible.map((id) => ({ id, label: familyDefinition(id).label })),
        owners: choices.owners.map((email) => ({ email })),
        pipelines: choices.pipelines.map((id) => ({ id, label: names.get(id) ?? id })),
      },
    };
  }

  /**
   * The CRM's names of its pipelines (the filter shows names, the facts keep ids), read at most
   * every ten minutes; while the CRM cannot answer, ids stand in for names.
   */
  private async pipelineNamesAt(now: Date): Promise<Map<string, string>> {
    const kept = this.pipelineNames;
    if (kept && now.getTime() - kept.readAt < PIPELINE_NAMES_TTL_MS) return kept.names;
    try {
      const pipelines = await this.crm.listPipelines();
      const names = new Map(pipelines.map((pipeline) => [pipeline.id, pipeline.label]));
      this.pipelineNames = { names, readAt: now.getTime() };
      return names;
    } catch (error) {
      this.logger.warn(`CRM pipeline names not read: ${(error as Error).message}`);
      return kept?.names ?? new Map();
    }
  }

  /**
   * The open agreements idle for `stalledDays`, oldest first: each with whom it waits on, and
   * whether this viewer may send a reminder now by the family's action table.
   */
  private async stalled(
    viewer: InsightsViewer,
    scope: InsightScope,
    stalledDays: number,
    idleBefore: Date,
    { waitingTotals, now }: { waitingTotals: readonly InsightTotal[]; now: Date },
  ): Promise<InsightsResponse['stalled']> {
    const { total, facts } = await this.facts.stalled(
      scope,
      idleBefore,
      INSIGHTS_STALLED_LIMIT,
      waitingTotals,
    );
    const stored = await this.agreements.byIds(
      facts.map((fact) => fact._id),
      { events: 0, searchText: 0, send: 0, finish: 0, headHash: 0, signingPlaces: 0 },
    );
    const byId = new Map(stored.map((agreement) => [String(agreement._id), agreement]));
    const items: StalledAgreement[] = [];
    for (const fact of facts) {
      const agreement = byId.get(String(fact._id));
      if (!agreement) continue;
      items.push(stalledItem(viewer, fact, agreement, now));
    }
    return { days: stalledDays, total, items };
  }
}

type StoredAgreement = Awaited<ReturnType<AgreementRepository['byIds']>>[number];

function stalledItem(
  viewer: InsightsViewer,
  fact: AgreementInsightFacts,
  agreement: StoredAgreement,
  now: Date,
): StalledAgreement {
  const family = agreement.family as AgreementFamily;
  const config = familyConfig(family);
  const parties = config.parties(agreement.form as never);
  const recipients = recipientsOf(agreement, {
    name: parties.signerName,
    email: parties.signerEmail,
    phone: parties.signerPhone,
  });
  const next = awaitedRecipients(recipients)[0];
  const waitingOn: WaitingOn = next
    ? {
        name: next.name || next.email,
        role: next.role === 'countersigner' ? 'countersigner' : 'signer',
        email: next.email,
      }
    : { name: parties.signerName, role: 'signer', email: parties.signerEmail };
  const decision = decideAgreementAction(
    family,
    'sendReminder',
    {
      status: agreement.status,
      isResend: agreement.isResend,
      isEditResend: agreement.isEditResend,
      isDeactiveReminder: agreement.isDeactiveReminder,
      reminderDeactivateTime: agreement.reminderDeactivateTime,
      recipients,
    },
    { isAdmin: viewer.isAdmin, ...viewer.access },
    now,
  );
  const routes = dashboardRoutesOf(family);
  const route = routes.calls.sendReminder?.[0];
  const idleSince = fact.idleSince ?? fact.sentAt ?? now;
  return {
    id: String(agreement._id),
    family,
    title: config.title(agreement.form as never),
    owner: fact.owner,
    waitingOn,
    reason: fact.viewed ? 'noSignerAction' : 'notViewed',
    since: new Date(idleSince).toISOString(),
    daysWaiting: Math.floor((now.getTime() - new Date(idleSince).getTime()) / 86_400_000),
    reminderAllowed: decision.allowed && route !== undefined,
    reminderRefusal: decision.allowed ? null : decision.message,
    reminder:
      decision.allowed && route
        ? {
            method: route.method,
            path: `/api/${route.path}`,
            body:
              routes.namedBy === 'token'
                ? { token: agreement.token }
                : { id: String(agreement._id) },
          }
        : null,
    link: familyDefinition(family).dashboard.path,
  };
}
