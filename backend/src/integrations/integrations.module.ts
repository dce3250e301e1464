import { Module } from '@nestjs/common';
import { CrmIntegrationModule } from './crm/crm.module';

/** Every port to an outside service, each with the adapter AppConfig selects (ARCHITECTURE §2). */
@Module({
  imports: [CrmIntegrationModule],
  exports: [CrmIntegrationModule],
})
export class IntegrationsModule {}
