import { Module } from '@nestjs/common';
import { WebhookInboxController } from './inbox/webhook-inbox.controller';
import { WebhookInboxRepository } from './inbox/webhook-inbox.repository';
import { WebhookInboxService } from './inbox/webhook-inbox.service';
import { OutboundWebhooksModule } from './outbound-webhooks.module';

/** The local webhook inbox of `npm start`: loaded by the api outside production only. */
@Module({
  imports: [OutboundWebhooksModule],
  controllers: [WebhookInboxController],
  providers: [WebhookInboxRepository, WebhookInboxService],
})
export class WebhookInboxModule {}
