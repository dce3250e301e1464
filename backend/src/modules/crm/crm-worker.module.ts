import { Module } from '@nestjs/common';
import { DocumentsCoreModule } from '../documents/documents.module';
import { CrmAgreementRecord } from './crm-agreement-record';
import { CrmFlowsModule } from './crm-flows.module';
import { CrmMoveSweeper } from './crm-move-sweeper';
import { CrmStageMovesModule } from './crm-stage-moves.module';
import { CrmProcessor } from './crm.processor';
import { DealWriteLock } from './deal-write-lock';

/** Worker side of the CRM: the `crm` queue processor. */
@Module({
  // The documents: a signed agreement's sealed PDF goes onto its CRM record.
  imports: [CrmStageMovesModule, CrmFlowsModule, DocumentsCoreModule],
  providers: [CrmProcessor, CrmMoveSweeper, CrmAgreementRecord, DealWriteLock],
})
export class CrmWorkerModule {}
