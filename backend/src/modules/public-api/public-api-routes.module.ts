import { Module } from '@nestjs/common';
import { AgreementActionsModule } from '../agreements/agreement-actions.module';
import { DocumentTemplatesModule } from '../document-templates/document-templates.module';
import { DocumentsCoreModule } from '../documents/documents.module';
import { CoModule, CoTemplateStoreModule } from '../families/co/co.module';
import { ContractsModule } from '../families/contracts/contracts.module';
import { DocumentModule } from '../families/document/document.module';
import { SowModule } from '../families/sow/sow.module';
import { ServiceStoreModule } from '../services/service-store.module';
import { OutboundWebhooksModule } from '../webhooks/outbound-webhooks.module';
import { AgreementsV1Controller } from './agreements-v1.controller';
import { ApiReferenceController } from './api-reference.controller';
import { CatalogV1Controller } from './catalog-v1.controller';
import { EventsV1Controller } from './events-v1.controller';
import { InvoicesV1Controller } from './invoices-v1.controller';
import { ProjectAgreementCreation } from './project-agreement-creation';
import { PublicAgreementCreationService } from './public-agreement-creation.service';
import { PublicAgreementsService } from './public-agreements.service';
import { PublicCatalogService } from './public-catalog.service';
import { PublicEventFeedService } from './public-event-feed.service';
import { PublicInvoicesService } from './public-invoices.service';
import { WebhooksV1Controller } from './webhooks-v1.controller';

/**
 * The public api's routes (`/api/v1`), for other systems calling with an API key: agreements,
 * their events, templates and services, invoices, the events feed and webhook endpoints, and
 * the api's own documentation. The key guard, rate
 * limit and error shape are the platform's (platform/public-api).
 */
@Module({
  imports: [
    AgreementActionsModule,
    DocumentsCoreModule,
    ContractsModule,
    SowModule,
    CoModule,
    CoTemplateStoreModule,
    DocumentModule,
    DocumentTemplatesModule,
    ServiceStoreModule,
    OutboundWebhooksModule,
  ],
  controllers: [
    AgreementsV1Controller,
    CatalogV1Controller,
    InvoicesV1Controller,
    EventsV1Controller,
    WebhooksV1Controller,
    ApiReferenceController,
  ],
  providers: [
    PublicAgreementsService,
    PublicAgreementCreationService,
    ProjectAgreementCreation,
    PublicCatalogService,
    PublicInvoicesService,
    PublicEventFeedService,
  ],
})
export class PublicApiRoutesModule {}
