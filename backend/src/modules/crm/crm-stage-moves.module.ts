import { Module } from '@nestjs/common';
import { CrmStageMoves } from './crm-stage-moves';

/** Queued CRM deal moves, for the features whose pipelines move deals (sends, signatures). */
@Module({
  providers: [CrmStageMoves],
  exports: [CrmStageMoves],
})
export class CrmStageMovesModule {}
