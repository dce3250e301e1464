import { Global, Module } from '@nestjs/common';
import { AGREEMENT_WEBHOOK_OUTBOX } from '../webhooks';
import { AgreementWebhookOutboxRepository } from './agreement-webhook-outbox.repository';
import { AgreementsModule } from './agreements.module';

/**
 * Provides the webhooks module's AgreementWebhookOutbox port with the agreements' outbox store.
 * Global and imported once by the worker, which relays: the webhooks module sits below the
 * agreements module (whose writes push the outbox entries) and must not import it.
 */
@Global()
@Module({
  imports: [AgreementsModule],
  providers: [{ provide: AGREEMENT_WEBHOOK_OUTBOX, useExisting: AgreementWebhookOutboxRepository }],
  exports: [AGREEMENT_WEBHOOK_OUTBOX],
})
export class AgreementWebhookOutboxModule {}
