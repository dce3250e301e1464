import { Module } from '@nestjs/common';
import { CrmFlowsModule } from './crm-flows.module';
import { CrmRecordViewController } from './crm-record-view.controller';
import { CrmRecordViews } from './crm-record-view.service';
import { CrmStageMappingsController } from './crm-stage-mappings.controller';
import { CrmStageMovesController } from './crm-stage-moves.controller';
import { CrmStageMovesModule } from './crm-stage-moves.module';
import { CrmController } from './crm.controller';
import { CrmService } from './crm.service';

/** Api side of the CRM: the `/api/hubspot/...` calls over the CRM port, and the queued moves' log. */
@Module({
  imports: [CrmStageMovesModule, CrmFlowsModule],
  controllers: [
    CrmController,
    CrmStageMovesController,
    CrmStageMappingsController,
    CrmRecordViewController,
  ],
  providers: [CrmService, CrmRecordViews],
  // The deal-to-signed route (modules/signing) moves a staff member's deal through it.
  exports: [CrmService],
})
export class CrmModule {}
