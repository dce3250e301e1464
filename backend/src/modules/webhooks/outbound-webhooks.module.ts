import { Module } from '@nestjs/common';
import { WebhookDeliveryRepository } from './outbound/webhook-delivery.repository';
import { WebhookEndpointRepository } from './outbound/webhook-endpoint.repository';
import { WebhookEndpointsController } from './outbound/webhook-endpoints.controller';
import { WebhookEndpointsService } from './outbound/webhook-endpoints.service';

/**
 * Api side of outgoing webhooks: the admins' endpoints and delivery logs (also the seed's, for
 * the demo endpoint). Delivery is the worker's.
 */
@Module({
  controllers: [WebhookEndpointsController],
  providers: [WebhookEndpointRepository, WebhookDeliveryRepository, WebhookEndpointsService],
  exports: [WebhookEndpointRepository, WebhookEndpointsService],
})
export class OutboundWebhooksModule {}
