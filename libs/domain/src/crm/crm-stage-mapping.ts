/**
 * Stages per event and per pipeline: which stage of a deal pipeline an
 * agreement event moves the deal to. An admin maps each event of each pipeline the firm uses
 * to a stage, or to no move; a deal never moves backwards unless the mapping says it may, and
 * a repeated event finds the deal already there and moves nothing.
 */

/** The agreement events that can move a deal. */
export const CRM_STAGE_EVENTS = [
  'sent',
  'viewed',
  'signed',
  'declined',
  'voided',
  'expired',
] as const;
export type CrmStageEvent = (typeof CRM_STAGE_EVENTS)[number];

export function isCrmStageEvent(event: string): event is CrmStageEvent {
  return (CRM_STAGE_EVENTS as readonly string[]).includes(event);
}

export const CRM_STAGE_EVENT_LABELS: Readonly<Record<CrmStageEvent, string>> = {
  sent: 'Sent',
  viewed: 'First viewed',
  signed: 'Signed',
  declined: 'Declined',
  voided: 'Voided',
  expired: 'Expired',
};

/** Where one event moves the deal: a stage id, or null for no move. */
export interface CrmStageRule {
  stageId: string | null;
  /** Whether the move may go to an earlier stage than the deal's (a decline back to "Proposal"). */
  allowBackward: boolean;
}

/** One pipeline's rules, every event present. */
export type CrmPipelineStageRules = Record<CrmStageEvent, CrmStageRule>;

/** A stage as the pipeline orders it. */
export interface CrmStageInOrder {
  id: string;
  label: string;
  displayOrder: number;
}

/** What `GET /api/admin/crm/stage-mappings` answers: each pipeline with its stages and rules. */
export interface CrmStageMappingView {
  pipelines: Array<{
    id: string;
    label: string;
    stages: CrmStageInOrder[];
    rules: CrmPipelineStageRules;
    /** True while no admin saved this pipeline's rules: they are the defaults. */
    isDefault: boolean;
    updatedBy: string | null;
    updatedAt: string | null;
  }>;
}

/** The body of `PUT /api/admin/crm/stage-mappings/{pipelineId}`. */
export interface CrmStageMappingUpdate {
  rules: CrmPipelineStageRules;
}

const NO_MOVE: CrmStageRule = { stageId: null, allowBackward: false };

/** Rules that move nothing: a pipeline ProSign has no default for. */
export function noStageRules(): CrmPipelineStageRules {
  return Object.fromEntries(
    CRM_STAGE_EVENTS.map((event) => [event, { ...NO_MOVE }]),
  ) as CrmPipelineStageRules;
}

/**
 * Rules with `sent` and `signed` going where the configured stages say, from wherever the deal
 * is (what the spec's calls do: a resent contract moves its deal back to "sent").
 */
export function sentSignedRules(sentStage: string, signedStage: string): CrmPipelineStageRules {
  return {
    ...noStageRules(),
    sent: { stageId: sentStage, allowBackward: true },
    signed: { stageId: signedStage, allowBackward: true },
  };
}

/**
 * Checks rules an admin sends for a pipeline: every event, each a stage of that pipeline or
 * none. The problems in words, or an empty list.
 */
export function stageRuleProblems(rules: unknown, stages: readonly CrmStageInOrder[]): string[] {
  if (typeof rules !== 'object' || rules === null) return ['rules must be an object'];
  const problems: string[] = [];
  const ids = new Set(stages.map((stage) => stage.id));
  for (const key of Object.keys(rules)) {
    if (!(CRM_STAGE_EVENTS as readonly string[]).includes(key))
      problems.push(`unknown event ${key}`);
  }
  for (const event of CRM_STAGE_EVENTS) {
    const rule = (rules as Record<string, unknown>)[event] as Partial<CrmStageRule> | undefined;
    if (!rule || typeof rule !== 'object') {
      problems.push(`${event}: a stage or none is required`);
      continue;
    }
    if (rule.stageId !== null && (typeof rule.stageId !== 'string' || !ids.has(rule.stageId))) {
      problems.push(`${event}: ${String(rule.stageId)} is not a stage of this pipeline`);
    }
    if (typeof rule.allowBackward !== 'boolean') {
      problems.push(`${event}: allowBackward must be true or false`);
    }
  }
  return problems;
}

/**
 * The stage a deal moves to on an event, or null for none: no rule, already there (a repeated
 * event), or an earlier stage than the deal's when the rule does not allow going back. A deal at
 * a stage the pipeline no longer has moves forward to the rule's stage.
 */
export function plannedStageMove(
  stages: readonly CrmStageInOrder[],
  currentStageId: string | null,
  rule: CrmStageRule | undefined,
): string | null {
  if (!rule?.stageId || rule.stageId === currentStageId) return null;
  const target = stages.find((stage) => stage.id === rule.stageId);
  if (!target) return null;
  const current = stages.find((stage) => stage.id === currentStageId);
  if (current && target.displayOrder < current.displayOrder && !rule.allowBackward) return null;
  return target.id;
}
