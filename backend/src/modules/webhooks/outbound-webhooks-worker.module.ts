import { Module } from '@nestjs/common';
import { StaffUserStoreModule } from '../access/staff-user-store.module';
import { MailService } from '../mail';
import { MailDeliveryStoreModule } from '../mail/mail-delivery-store.module';
import { WebhookInboxRepository } from './inbox/webhook-inbox.repository';
import { WebhookDeliveryRepository } from './outbound/webhook-delivery.repository';
import { WebhookDispatcher } from './outbound/webhook-dispatcher';
import { WebhookEndpointHealth } from './outbound/webhook-endpoint-health';
import { WebhookEndpointRepository } from './outbound/webhook-endpoint.repository';
import { WebhookEventRepository } from './outbound/webhook-event.repository';
import { WebhookRelay } from './outbound/webhook-relay';
import { WebhookRetention } from './outbound/webhook-retention';
import { WebhookSweeper } from './outbound/webhook-sweeper';
import { WebhooksProcessor } from './outbound/webhooks.processor';

/**
 * Worker side of outgoing webhooks: the relay of agreements' outboxes (their port filled by
 * the agreements' global AgreementWebhookOutboxModule), the delivery tries, the sweep, the
 * retention, and the admins' mail when an endpoint is disabled.
 */
@Module({
  imports: [MailDeliveryStoreModule, StaffUserStoreModule],
  providers: [
    WebhookEndpointRepository,
    WebhookDeliveryRepository,
    WebhookEventRepository,
    WebhookRelay,
    WebhookEndpointHealth,
    WebhookDispatcher,
    WebhookSweeper,
    WebhookRetention,
    // The retention prunes the local inbox's store (empty where the inbox is not loaded).
    WebhookInboxRepository,
    WebhooksProcessor,
    MailService,
  ],
})
export class OutboundWebhooksWorkerModule {}
