import { Module } from '@nestjs/common';
import { CrmFlowsModule } from './crm-flows.module';
import { CrmMoveSweeper } from './crm-move-sweeper';
import { CrmStageMovesModule } from './crm-stage-moves.module';
import { CrmProcessor } from './crm.processor';

/** Worker side of the CRM: the `crm` queue processor. */
@Module({
  imports: [CrmStageMovesModule, CrmFlowsModule],
  providers: [CrmProcessor, CrmMoveSweeper],
})
export class CrmWorkerModule {}
