import { Module } from '@nestjs/common';
import { CrmStageMoveRepository } from './crm-stage-move.repository';
import { CrmStageMoves } from './crm-stage-moves';

/** Queued CRM deal moves, for the features whose pipelines move deals (sends, signatures). */
@Module({
  providers: [CrmStageMoves, CrmStageMoveRepository],
  exports: [CrmStageMoves, CrmStageMoveRepository],
})
export class CrmStageMovesModule {}
