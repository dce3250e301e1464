import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AccessModule } from '../../access/access.module';
import { AgreementActionsModule } from '../../agreements/agreement-actions.module';
import { CrmFlowsModule } from '../../crm/crm-flows.module';
import { DocumentStoreModule } from '../../../integrations/documents/document-store.module';
import { DocumentsCoreModule } from '../../documents/documents.module';
import { CoCreationController } from './co-creation.controller';
import { CoCreationService } from './co-creation.service';
import { CoCrmController } from './co.controller';
import { CoCrmService } from './co-crm.service';
import { CoTemplateRepository } from './co-template.repository';
import { CoTemplate, CoTemplateSchema } from './co-template.schema';
import { CoTemplatesSeeder } from './co-templates.seeder';
import { CoTemplatesService } from './co-templates.service';

/** The CO templates collection, for the api and the seed process. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: CoTemplate.name, schema: CoTemplateSchema }]),
    DocumentStoreModule,
  ],
  providers: [CoTemplateRepository, CoTemplatesSeeder],
  exports: [CoTemplateRepository, CoTemplatesSeeder],
})
export class CoTemplateStoreModule {}

/**
 * Change orders (spec 2 §7, spec 3): the CO screen's CRM calls, the CO
 * template, creation and sending. Show CO's list and actions and the client
 * signatory's signing calls are every family's (`FamilyRoutesModule`).
 */
@Module({
  imports: [
    CoTemplateStoreModule,
    AccessModule,
    AgreementActionsModule,
    DocumentsCoreModule,
    CrmFlowsModule,
  ],
  controllers: [CoCrmController, CoCreationController],
  providers: [CoCrmService, CoTemplatesService, CoCreationService],
  exports: [CoCreationService],
})
export class CoModule {}
