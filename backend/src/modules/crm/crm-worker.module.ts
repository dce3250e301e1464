import { Module } from '@nestjs/common';
import { CrmProcessor } from './crm.processor';

/** Worker side of the CRM: the `crm` queue processor. */
@Module({
  providers: [CrmProcessor],
})
export class CrmWorkerModule {}
