import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Agreement, AgreementLink, AgreementLinkSchema, AgreementSchema } from './agreement.schema';
import { AgreementAnnouncer } from './agreement-announcer';
import { AgreementEventRepository } from './agreement-events.repository';
import { AgreementInsight, AgreementInsightSchema } from './agreement-insights.schema';
import {
  AgreementInsightTotal,
  AgreementInsightTotalSchema,
} from './agreement-insight-totals.schema';
import { AgreementInsightsRepository } from './agreement-insights.repository';
import { AgreementLinkRepository } from './agreement-links.repository';
import { AgreementMailNotesRepository } from './agreement-mail-notes.repository';
import { AgreementPresenceRepository } from './agreement-presence.repository';
import { AgreementProgressRepository } from './agreement-progress.repository';
import { AgreementRecordCreationRepository } from './agreement-record-creation.repository';
import { AgreementRepository } from './agreement.repository';
import { EmailCodeDefaultsRepository } from './email-code-defaults.repository';
import { AgreementWebhookOutboxRepository } from './agreement-webhook-outbox.repository';
import { StepRunner } from './step-runner';
import { WebhookRelayRequests } from '../webhooks';

/**
 * The stores of the `agreements`, `agreement_links`, `agreement_insights` and
 * `agreement_insight_totals` collections, each its own concern.
 */
const AGREEMENT_STORES = [
  AgreementRepository,
  AgreementLinkRepository,
  AgreementRecordCreationRepository,
  AgreementEventRepository,
  AgreementInsightsRepository,
  AgreementAnnouncer,
  AgreementPresenceRepository,
  AgreementProgressRepository,
  AgreementMailNotesRepository,
  AgreementWebhookOutboxRepository,
];

/**
 * The agreement core every contract family shares (docs/architecture.md#contract-families-on-one-agreement-core): the
 * record, its stores (the only code that touches the models) and the step
 * runner. Other modules use the stores, never the models.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Agreement.name, schema: AgreementSchema },
      { name: AgreementLink.name, schema: AgreementLinkSchema },
      { name: AgreementInsight.name, schema: AgreementInsightSchema },
      { name: AgreementInsightTotal.name, schema: AgreementInsightTotalSchema },
    ]),
  ],
  // The outbox writers ask the worker to relay each webhook event they record.
  providers: [...AGREEMENT_STORES, StepRunner, EmailCodeDefaultsRepository, WebhookRelayRequests],
  exports: [...AGREEMENT_STORES, StepRunner, EmailCodeDefaultsRepository],
})
export class AgreementsModule {}
