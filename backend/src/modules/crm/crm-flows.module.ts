import { Module } from '@nestjs/common';
import { CrmFlows } from './crm-flows.service';

/** The CRM operations composed on the CRM port, for every feature that reads or writes the CRM. */
@Module({
  providers: [CrmFlows],
  exports: [CrmFlows],
})
export class CrmFlowsModule {}
