import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AccessModule } from '../../access/access.module';
import { AgreementActionsModule } from '../../agreements/agreement-actions.module';
import { CrmFlowsModule } from '../../crm/crm-flows.module';
import { DocumentsCoreModule } from '../../documents/documents.module';
import { SowServicesTemplateRepository } from './sow-services-template.repository';
import { SowServicesTemplate, SowServicesTemplateSchema } from './sow-services-template.schema';
import { SowController } from './sow.controller';
import { SowCreationService } from './sow-creation.service';
import { SowCrmService } from './sow-crm.service';
import { SowTemplatesService } from './sow-templates.service';
import { SowTemplatesSeeder } from './sow-templates.seeder';

/** The SOW templates collection, for the api and the seed process. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: SowServicesTemplate.name, schema: SowServicesTemplateSchema },
    ]),
  ],
  providers: [SowServicesTemplateRepository, SowTemplatesSeeder],
  exports: [SowServicesTemplateRepository, SowTemplatesSeeder],
})
export class SowTemplateStoreModule {}

/**
 * Scope-of-Work contracts: creation, services templates, the SOW CRM calls
 * (spec 3). Its dashboard and the partner's signing calls are every family's
 * (`FamilyRoutesModule`).
 */
@Module({
  imports: [
    SowTemplateStoreModule,
    AccessModule,
    AgreementActionsModule,
    DocumentsCoreModule,
    CrmFlowsModule,
  ],
  controllers: [SowController],
  providers: [SowTemplatesService, SowCreationService, SowCrmService],
  exports: [SowTemplatesService, SowCreationService],
})
export class SowModule {}
