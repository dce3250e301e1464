import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { AdminOnly } from '../../platform/auth/auth.decorators';
import { PageQuery } from '../../platform/validation/page-query.dto';
import { CRM_STAGE_MOVE_STATUSES, type CrmStageMoveStatus } from './crm-stage-move.repository';
import { CrmStageMoves } from './crm-stage-moves';

class StageMovesQuery extends PageQuery {
  @IsOptional()
  @IsIn(CRM_STAGE_MOVE_STATUSES, {
    message: `status must be one of: ${CRM_STAGE_MOVE_STATUSES.join(', ')}`,
  })
  status?: CrmStageMoveStatus;
}

class MoveIdParam {
  @IsString()
  @Length(1, 300)
  id: string;
}

/** Admin view of queued CRM deal moves: every move with its outcome, failed ones re-queueable. */
@AdminOnly()
@Controller('hubspot/stage-moves')
export class CrmStageMovesController {
  constructor(private readonly moves: CrmStageMoves) {}

  @Get()
  list(@Query() query: StageMovesQuery) {
    return this.moves.list(query);
  }

  @Post(':id/retry')
  @HttpCode(HttpStatus.ACCEPTED)
  retry(@Param() { id }: MoveIdParam) {
    return this.moves.requeue(id);
  }
}
