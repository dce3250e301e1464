/**
 * Outgoing webhooks: what other modules may use; the rest of this directory is internal.
 * Other modules import only this file or its *.module files (tools/eslint/module-boundaries.cjs).
 */
export {
  outboxEntryOfHistoryEvent,
  outboxEntryOfLifeStep,
  WEBHOOK_OUTBOX_FIELD,
  WEBHOOK_SEQUENCE_FIELD,
  type WebhookOutboxEntry,
} from './outbound/webhook-outbox';
export { WebhookRelayRequests } from './outbound/webhook-relay-requests';
export {
  AGREEMENT_WEBHOOK_OUTBOX,
  type AgreementOutboxSnapshot,
  type AgreementWebhookOutbox,
} from './outbound/agreement-webhook-outbox.port';
export { WebhookDemoSeeder } from './outbound/webhook-demo.seeder';
export { WebhookEndpointsService } from './outbound/webhook-endpoints.service';
export {
  WebhookEventRepository,
  type WebhookEventPosition,
} from './outbound/webhook-event.repository';
