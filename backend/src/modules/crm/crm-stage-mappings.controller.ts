import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import type { CrmStageMappingView } from '@prosign/domain';
import { IsObject, IsString, Length } from 'class-validator';
import { AdminOnly, CurrentStaff } from '../../platform/auth/auth.decorators';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { CrmStageMappings } from './crm-stage-mapping.service';

class PipelineParam {
  @IsString()
  @Length(1, 100)
  pipelineId: string;
}

class StageRulesBody {
  /** Checked against the pipeline's stages by the domain rule (stageRuleProblems). */
  @IsObject()
  rules: Record<string, unknown>;
}

/** Admins map agreement events to the stages of each deal pipeline. */
@AdminOnly()
@Controller('admin/crm/stage-mappings')
export class CrmStageMappingsController {
  constructor(private readonly mappings: CrmStageMappings) {}

  @Get()
  view(): Promise<CrmStageMappingView> {
    return this.mappings.view();
  }

  @Put(':pipelineId')
  save(
    @Param() { pipelineId }: PipelineParam,
    @Body() body: StageRulesBody,
    @CurrentStaff() actor: StaffPrincipal,
  ): Promise<CrmStageMappingView> {
    return this.mappings.save(pipelineId, body.rules, actor.email);
  }
}
