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
  daysBetween,
  decideAgreementAction,
  DECLINE_REASON_GROUP_LABELS,
  DECLINE_REASON_GROUPS,
  dashboardRoutesOf,
  familyDefinition,
  funnelFigures,
  INSIGHTS_STALLED_LIMIT,
  isAgreementFamily,
  parseInsightsQuery,
  seesFamily,
  TIME_TO_SIGN_BUCKETS,
  timeToSignBucketOf,
  timeToSignSummary,
  VALUE_AGE_BANDS,
  valueAgeBandOf,
  WAITING_STAGE_LABELS,
  WAITING_STAGES,
  weeksOf,
  type AccessFlags,
  type AgreementFamily,
  type DeclineReasonFigure,
  type HistogramEntry,
  type InsightsFilter,
  type InsightsQuery,
  type InsightsResponse,
  type MoneyAmount,
  type StalledAgreement,
  type TimeToSignFigures,
  type TimeToSignGroup,
  type ValueWaitingFigures,
  type WaitingOn,
} from '@prosign/domain';
import {
  AgreementInsightsRepository,
  AgreementRepository,
  familyConfig,
  recipientsOf,
  type AgreementInsightFacts,
  type DayRange,
  type InsightScope,
  type SentRow,
} from '../agreements';
import { CRM_PORT, type CrmPort } from '../../integrations/crm';
import { AppConfig } from '../../platform/config/app-config';

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

const usd = (amount: number): MoneyAmount => ({
  amount: Math.round(amount * 100) / 100,
  currency: 'USD',
});

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
    const [sentRows, waitingRows, stalled, signed, declines, invoices, names] = await Promise.all([
      this.facts.sent(scope.families, days),
      this.facts.waiting(scope),
      this.stalled(viewer, scope, filter.stalledDays, now),
      this.facts.signedWeeks(scope, days),
      this.facts.declines(scope, days),
      this.facts.invoices(scope, days, now),
      this.pipelineNamesAt(now),
    ]);
    const sent = sentRows.filter(
      (row) =>
        (scope.owner === null || row.owner === scope.owner) &&
        (scope.pipeline === null || row.pipeline === scope.pipeline),
    );
    const countOf = (rows: readonly { week: string; count: number }[], week: string) =>
      rows.filter((row) => row.week === week).reduce((sum, row) => sum + row.count, 0);
    const choices = choicesOf(sentRows, filter);
    return {
      filter,
      timeZone: this.config.FIRM_TIME_ZONE,
      generatedAt: now.toISOString(),
      funnel: funnelFigures(funnelCountsOf(sent)),
      timeToSign: timeToSignFigures(sent),
      valueWaiting: valueWaitingFigures(waitingRows, today),
      stalled,
      volume: {
        weeks: weeksOf(filter.from, filter.to).map((week) => ({
          weekStart: week,
          sent: countOf(sent, week),
          signed: countOf(signed, week),
          declined: countOf(declines, week),
        })),
        declineReasons: declineReasonFigures(declines),
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
    now: Date,
  ): Promise<InsightsResponse['stalled']> {
    const idleBefore = new Date(now.getTime() - stalledDays * 86_400_000);
    const { total, facts } = await this.facts.stalled(scope, idleBefore, INSIGHTS_STALLED_LIMIT);
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

/** The funnel's counts: every agreement sent, and how many of them reached each step. */
function funnelCountsOf(rows: readonly SentRow[]) {
  const counts = { sent: 0, viewed: 0, signed: 0, declined: 0, expired: 0, voided: 0 };
  for (const row of rows) {
    counts.sent += row.count;
    for (const step of ['viewed', 'signed', 'declined', 'expired', 'voided'] as const) {
      if (row[step] === 1) counts[step] += row.count;
    }
  }
  return counts;
}

/**
 * The owner and pipeline boxes' choices: those with agreements sent in the period (in the
 * families asked for), and the ones chosen, so a choice never vanishes from its own box.
 */
function choicesOf(rows: readonly SentRow[], filter: InsightsFilter) {
  const owners = new Set(rows.map((row) => row.owner).filter(Boolean));
  const pipelines = new Set(rows.map((row) => row.pipeline).filter((id): id is string => !!id));
  if (filter.owner) owners.add(filter.owner);
  if (filter.pipeline) pipelines.add(filter.pipeline);
  return { owners: [...owners].sort(), pipelines: [...pipelines].sort() };
}

function timeToSignFigures(sent: readonly SentRow[]): TimeToSignFigures {
  const rows = sent.filter(
    (row): row is SentRow & { daysToSign: number } => typeof row.daysToSign === 'number',
  );
  const histogram = (of: typeof rows): HistogramEntry[] =>
    of.map((row) => ({ value: row.daysToSign, count: row.count }));
  const groups = (key: 'family' | 'owner'): TimeToSignGroup[] => {
    const keys = [...new Set(rows.map((row) => row[key]))].sort();
    return keys.map((value) => ({
      key: value,
      label: key === 'family' ? familyDefinition(value).label : value,
      ...timeToSignSummary(histogram(rows.filter((row) => row[key] === value))),
    }));
  };
  return {
    ...timeToSignSummary(histogram(rows)),
    buckets: TIME_TO_SIGN_BUCKETS.map((bucket) => ({
      key: bucket.key,
      label: bucket.label,
      count: rows
        .filter((row) => timeToSignBucketOf(row.daysToSign) === bucket.key)
        .reduce((sum, row) => sum + row.count, 0),
    })),
    byFamily: groups('family'),
    byOwner: groups('owner'),
  };
}

function valueWaitingFigures(
  rows: Awaited<ReturnType<AgreementInsightsRepository['waiting']>>,
  today: string,
): ValueWaitingFigures {
  const aged = rows.map((row) => ({
    ...row,
    band: valueAgeBandOf(Math.max(0, daysBetween(row.sentDay ?? today, today))),
  }));
  const total = (of: typeof aged) => ({
    count: of.reduce((sum, row) => sum + row.count, 0),
    value: usd(of.reduce((sum, row) => sum + row.fee, 0)),
  });
  const all = total(aged);
  return {
    count: all.count,
    total: all.value,
    byAge: VALUE_AGE_BANDS.map((band) => ({
      key: band.key,
      label: band.label,
      ...total(aged.filter((row) => row.band === band.key)),
    })),
    byStage: WAITING_STAGES.map((stage) => ({
      key: stage,
      label: WAITING_STAGE_LABELS[stage],
      ...total(aged.filter((row) => row.stage === stage)),
    })),
  };
}

function declineReasonFigures(
  rows: Awaited<ReturnType<AgreementInsightsRepository['declines']>>,
): DeclineReasonFigure[] {
  // The rows are by week too: the same words in two weeks are one example.
  const byReason = new Map<string, { group: string; reason: string; count: number }>();
  for (const row of rows) {
    const group = row.group ?? 'none';
    const key = `${group}\u0000${row.reason}`;
    const merged = byReason.get(key) ?? { group, reason: row.reason, count: 0 };
    merged.count += row.count;
    byReason.set(key, merged);
  }
  const reasons = [...byReason.values()];
  return DECLINE_REASON_GROUPS.map((group) => {
    const inGroup = reasons.filter((row) => row.group === group);
    return {
      group,
      label: DECLINE_REASON_GROUP_LABELS[group],
      count: inGroup.reduce((sum, row) => sum + row.count, 0),
      examples: inGroup
        .filter((row) => row.reason)
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
        .slice(0, 3)
        .map((row) => row.reason),
    };
  }).filter((figure) => figure.count > 0);
}
