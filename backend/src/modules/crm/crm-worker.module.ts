import { Module } from '@nestjs/common';
import { CrmMoveSweeper } from './crm-move-sweeper';
import { CrmProcessor } from './crm.processor';

/** Worker side of the CRM: the `crm` queue processor. */
@Module({
  providers: [CrmProcessor, CrmMoveSweeper],
})
export class CrmWorkerModule {}
