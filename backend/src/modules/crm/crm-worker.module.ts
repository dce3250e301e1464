import { Module } from '@nestjs/common';
import { CrmMoveSweeper } from './crm-move-sweeper';
import { CrmStageMovesModule } from './crm-stage-moves.module';
import { CrmProcessor } from './crm.processor';

/** Worker side of the CRM: the `crm` queue processor. */
@Module({
  imports: [CrmStageMovesModule],
  providers: [CrmProcessor, CrmMoveSweeper],
})
export class CrmWorkerModule {}
