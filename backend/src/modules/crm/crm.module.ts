import { Module } from '@nestjs/common';
import { CrmController } from './crm.controller';
import { CrmService } from './crm.service';

/** Api side of the CRM: the `/api/hubspot/...` calls over the CRM port. */
@Module({
  controllers: [CrmController],
  providers: [CrmService],
})
export class CrmModule {}
