import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { IntegrationsModule } from './integrations/integrations.module';
import { AgreementCrmLinksModule } from './modules/agreements/agreement-crm-links.module';
import { AgreementMailNotesModule } from './modules/agreements/agreement-mail-notes.module';
import { AgreementWebhookOutboxModule } from './modules/agreements/agreement-webhook-outbox.module';
import { DiagnosticsWorkerModule } from './modules/diagnostics/diagnostics-worker.module';
import { InsightsWorkerModule } from './modules/insights/insights-worker.module';
import { AgreementsWorkerModule } from './modules/agreements/agreements-worker.module';
import { CrmWorkerModule } from './modules/crm/crm-worker.module';
import { MailWorkerModule } from './modules/mail/mail-worker.module';
import { DocumentsWorkerModule } from './modules/documents/documents-worker.module';
import { DocumentFieldValuesModule } from './modules/families/document-signing/document-field-values.module';
import { SigningWorkerModule } from './modules/signing/signing-worker.module';
import { OutboundWebhooksWorkerModule } from './modules/webhooks/outbound-webhooks-worker.module';
import type { AppConfig } from './platform/config/app-config';
import { PlatformModule } from './platform/platform.module';
import { WorkerHeartbeat } from './platform/queues/worker-heartbeat';

/**
 * The worker process: BullMQ processors and schedules. Schedules that must fire
 * once across replicas go through BullMQ job schedulers or a Redis lock, since
 * @nestjs/schedule fires on every replica.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot(config, 'worker'),
        ScheduleModule.forRoot(),
        IntegrationsModule,
        AgreementMailNotesModule,
        AgreementCrmLinksModule,
        DiagnosticsWorkerModule,
        MailWorkerModule,
        CrmWorkerModule,
        DocumentsWorkerModule,
        SigningWorkerModule,
        // The values "document" signers filled, placed with their signatures by the finish.
        DocumentFieldValuesModule,
        AgreementsWorkerModule,
        AgreementWebhookOutboxModule,
        OutboundWebhooksWorkerModule,
        InsightsWorkerModule,
      ],
      // The worker's health signal, read by the api's /health.
      providers: [WorkerHeartbeat],
    };
  }
}
