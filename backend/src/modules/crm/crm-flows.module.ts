import { Module } from '@nestjs/common';
import { CrmFlows } from './crm-flows.service';
import { CrmStageMappingRepository } from './crm-stage-mapping.repository';
import { CrmStageMappings } from './crm-stage-mapping.service';

/** The CRM operations composed on the CRM port, for every feature that reads or writes the CRM. */
@Module({
  providers: [CrmFlows, CrmStageMappings, CrmStageMappingRepository],
  exports: [CrmFlows, CrmStageMappings],
})
export class CrmFlowsModule {}
