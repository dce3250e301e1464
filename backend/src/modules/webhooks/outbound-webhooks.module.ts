import { Module } from '@nestjs/common';
import { WebhookDeliveryRepository } from './outbound/webhook-delivery.repository';
import { WebhookEndpointRepository } from './outbound/webhook-endpoint.repository';
import { WebhookEndpointsController } from './outbound/webhook-endpoints.controller';
import { WebhookEndpointsService } from './outbound/webhook-endpoints.service';
import { WebhookEventRepository } from './outbound/webhook-event.repository';

/**
 * Api side of outgoing webhooks: the admins' endpoints and delivery logs (also the seed's, for
 * the demo endpoint, and the public api's), and the recorded events the public api's feed
 * reads. Delivery is the worker's.
 */
@Module({
  controllers: [WebhookEndpointsController],
  providers: [
    WebhookEndpointRepository,
    WebhookDeliveryRepository,
    WebhookEndpointsService,
    WebhookEventRepository,
  ],
  exports: [WebhookEndpointRepository, WebhookEndpointsService, WebhookEventRepository],
})
export class OutboundWebhooksModule {}
