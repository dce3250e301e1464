import type { WebhookDeliveryView, WebhookEndpointView } from '@prosign/domain';
import type { WebhookDeliveryDoc } from './webhook-delivery.repository';
import type { WebhookEndpointDoc } from './webhook-endpoint.repository';

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** An endpoint as the admins' page shows it: never a secret, sealed or not. */
export function endpointViewOf(doc: WebhookEndpointDoc, now: Date): WebhookEndpointView {
  // Newest first: the secret rotated out last ends last.
  const previous = doc.secrets
    .flatMap((secret) =>
      secret.until !== null && secret.until.getTime() > now.getTime() ? [secret.until] : [],
    )
    .sort((a, b) => b.getTime() - a.getTime());
  return {
    id: doc._id,
    url: doc.url,
    description: doc.description,
    events: doc.events,
    state: doc.state,
    createdBy: doc.createdBy,
    createdAt: doc.createdAt.toISOString(),
    secretRotatedAt: iso(doc.secretRotatedAt),
    previousSecretUntil: iso(previous[0]),
    previousSecretsUntil: previous.map((until) => until.toISOString()),
    failingSince: iso(doc.failingSince),
    disabledAt: iso(doc.disabledAt),
    lastDeliveryAt: iso(doc.lastDeliveryAt),
  };
}

export function deliveryViewOf(doc: WebhookDeliveryDoc): WebhookDeliveryView {
  return {
    id: doc._id,
    endpointId: doc.endpointId,
    eventId: doc.eventId,
    eventType: doc.eventType,
    state: doc.state,
    createdAt: doc.createdAt.toISOString(),
    nextAttemptAt:
      doc.state === 'pending' || doc.state === 'retrying' ? iso(doc.nextAttemptAt) : null,
    attempts: doc.attempts.map((attempt) => ({
      at: attempt.at.toISOString(),
      status: attempt.status,
      latencyMs: attempt.latencyMs,
      error: attempt.error,
    })),
    requestBody: doc.body,
    responseExcerpt: doc.responseExcerpt,
    lastError: doc.lastError,
  };
}
