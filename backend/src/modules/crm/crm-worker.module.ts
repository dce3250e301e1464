import { Module } from '@nestjs/common';
import { DocumentStoreModule } from '../../integrations/documents/document-store.module';
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
  // The document store: the files signers attached go onto the record with it.
  imports: [CrmStageMovesModule, CrmFlowsModule, DocumentsCoreModule, DocumentStoreModule],
  providers: [CrmProcessor, CrmMoveSweeper, CrmAgreementRecord, DealWriteLock],
})
export class CrmWorkerModule {}
