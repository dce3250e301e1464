import { type DynamicModule, Module } from '@nestjs/common';
import { IntegrationsModule } from '../integrations/integrations.module';
import { AccessModule } from '../modules/access/access.module';
import { AgreementMailNotesModule } from '../modules/agreements/agreement-mail-notes.module';
import { AgreementsModule } from '../modules/agreements/agreements.module';
import { AgreementSendService, AgreementSendSteps } from '../modules/agreements';
import { CrmStageMovesModule } from '../modules/crm/crm-stage-moves.module';
import { DocumentsCoreModule } from '../modules/documents/documents.module';
import { DocumentStoreModule } from '../integrations/documents/document-store.module';
import { ServiceStoreModule } from '../modules/services/service-store.module';
import { SowTemplateStoreModule } from '../modules/families/sow/sow.module';
import { CoTemplateStoreModule } from '../modules/families/co/co.module';
import { MailService } from '../modules/mail';
import { MailDeliveryStoreModule } from '../modules/mail/mail-delivery-store.module';
import { SignatureImageStoreModule } from '../modules/signing/signature-image-store.module';
import { OutboundWebhooksModule } from '../modules/webhooks/outbound-webhooks.module';
import { SIGNING_CORE_PROVIDERS } from '../modules/signing';
import { AuthPlatformModule } from '../platform/auth/auth-platform.module';
import type { AppConfig } from '../platform/config/app-config';
import { PlatformModule } from '../platform/platform.module';
import { SEEDERS } from './seeders';

/** The seed process: platform, ports and every seeder, no HTTP and no queue workers. */
@Module({})
export class SeedModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SeedModule,
      imports: [
        PlatformModule.forRoot(config, 'seed'),
        AuthPlatformModule,
        AccessModule,
        IntegrationsModule,
        DocumentStoreModule,
        ServiceStoreModule,
        SowTemplateStoreModule,
        CoTemplateStoreModule,
        DocumentsCoreModule,
        AgreementsModule,
        AgreementMailNotesModule,
        CrmStageMovesModule,
        MailDeliveryStoreModule,
        SignatureImageStoreModule,
        // The demo webhook endpoint, made through the admins' own service.
        OutboundWebhooksModule,
      ],
      // The demo contracts are signed through the product's own finish.
      providers: [
        ...SEEDERS,
        MailService,
        AgreementSendService,
        AgreementSendSteps,
        ...SIGNING_CORE_PROVIDERS,
      ],
    };
  }
}
