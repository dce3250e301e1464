import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  noStageRules,
  plannedStageMove,
  sentSignedRules,
  stageRuleProblems,
  type CrmPipelineStageRules,
  type CrmStageEvent,
  type CrmStageMappingView,
} from '@prosign/domain';
import { CRM_PORT, type CrmPipeline, type CrmPort } from '../../integrations/crm';
import { AppConfig } from '../../platform/config/app-config';
import { CrmStageMappingRepository } from './crm-stage-mapping.repository';

/** Pipelines change rarely; an event's move reads them at most this often. */
const PIPELINES_FRESH_MS = 60_000;

/**
 * Which stage each agreement event moves a deal to, per pipeline: the
 * admin's rules where saved, else defaults that do what the spec's calls do (sent and signed
 * to the configured stages of the sales and change-order pipelines, nothing else moves).
 */
@Injectable()
export class CrmStageMappings {
  private pipelines?: { at: number; list: Promise<CrmPipeline[]> };

  constructor(
    @Inject(CRM_PORT) private readonly crm: CrmPort,
    private readonly mappings: CrmStageMappingRepository,
    private readonly config: AppConfig,
  ) {}

  /** Every pipeline with its stages and its rules (saved or default), for the admin screen. */
  async view(): Promise<CrmStageMappingView> {
    const [pipelines, saved] = await Promise.all([this.crm.listPipelines(), this.mappings.all()]);
    return {
      pipelines: pipelines.map((pipeline) => {
        const mine = saved.find((doc) => doc._id === pipeline.id);
        return {
          ...pipeline,
          rules: mine?.rules ?? this.defaultRules(pipeline.id),
          isDefault: !mine,
          updatedBy: mine?.updatedBy ?? null,
          updatedAt: mine?.updatedAt.toISOString() ?? null,
        };
      }),
    };
  }

  /** Saves an admin's rules for one pipeline; rules naming a stage it lacks change nothing (400). */
  async save(pipelineId: string, rules: unknown, actor: string): Promise<CrmStageMappingView> {
    const pipeline = (await this.crm.listPipelines()).find(
      (candidate) => candidate.id === pipelineId,
    );
    if (!pipeline) throw new NotFoundException(`Pipeline ${pipelineId} not found in the CRM`);
    const problems = stageRuleProblems(rules, pipeline.stages);
    if (problems.length > 0) throw new BadRequestException(problems);
    await this.mappings.save(pipelineId, rules as CrmPipelineStageRules, actor);
    this.pipelines = undefined;
    return this.view();
  }

  /**
   * The stage a deal in `pipelineId` at `currentStageId` moves to on `event`, or null (no
   * rule, already there, or backwards without leave).
   */
  async stageFor(
    event: CrmStageEvent,
    pipelineId: string | null,
    currentStageId: string | null,
  ): Promise<string | null> {
    const pipeline = (await this.pipelineList()).find((candidate) => candidate.id === pipelineId);
    if (!pipeline) return null;
    const rules = (await this.mappings.find(pipeline.id))?.rules ?? this.defaultRules(pipeline.id);
    return plannedStageMove(pipeline.stages, currentStageId, rules[event]);
  }

  private defaultRules(pipelineId: string): CrmPipelineStageRules {
    if (pipelineId === this.config.CRM_CHANGE_ORDER_PIPELINE) {
      return sentSignedRules(
        this.config.CRM_CHANGE_ORDER_SENT_STAGE,
        this.config.CRM_CHANGE_ORDER_SIGNED_STAGE,
      );
    }
    if (pipelineId === 'default') {
      return sentSignedRules(
        this.config.CRM_CONTRACT_SENT_STAGE,
        this.config.CRM_CONTRACT_SIGNED_STAGE,
      );
    }
    return noStageRules();
  }

  private pipelineList(): Promise<CrmPipeline[]> {
    if (!this.pipelines || Date.now() - this.pipelines.at > PIPELINES_FRESH_MS) {
      const list = this.crm.listPipelines();
      this.pipelines = { at: Date.now(), list };
      list.catch(() => (this.pipelines = undefined));
    }
    return this.pipelines.list;
  }
}
