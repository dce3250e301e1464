import { createHash } from 'node:crypto';
import { webhookEventTypeOf, type HistoryEventFacts, type WebhookEventType } from '@prosign/domain';
import type { JobsOptions } from 'bullmq';
import { jobIdFor } from '../../../platform/queues/job-id';

/**
 * The webhook outbox: an agreement's webhook events waiting to be relayed, kept on the
 * agreement itself and pushed in the same update as the change they tell of (the agreement
 * core's write), so a change is never stored without its event nor an event without its change.
 * The relay (webhook-relay.ts) moves each entry to `webhook_events`, queues its deliveries and
 * only then takes the entry off; a relay cut short is run again by the sweep and repeats nothing.
 */
export interface WebhookOutboxEntry {
  /** The event's id: the `webhook-id` of every delivery of it. Derived, so a repeated write or relay gives the same id. */
  id: string;
  type: WebhookEventType;
  at: Date;
  /** The hash of the history event it tells of; null for one with no history event (created, completed). */
  historyHash: string | null;
}

/** The `$push` and `$inc` that add an entry: the counter numbers the agreement's webhook events. */
export const WEBHOOK_OUTBOX_FIELD = 'webhookOutbox';
export const WEBHOOK_SEQUENCE_FIELD = 'webhookSequence';

function eventIdOf(agreementId: string, what: string): string {
  const digest = createHash('sha256').update(`${agreementId}\u001f${what}`).digest('base64url');
  return `msg_${digest.slice(0, 27)}`;
}

/** The outbox entry of a history event, or null when the event is no webhook event. */
export function outboxEntryOfHistoryEvent(
  agreementId: string,
  event: HistoryEventFacts & { hash: string; at: Date },
): WebhookOutboxEntry | null {
  const type = webhookEventTypeOf(event);
  if (!type) return null;
  return { id: eventIdOf(agreementId, event.hash), type, at: event.at, historyHash: event.hash };
}

/** The outbox entry of a change that happens once in an agreement's life and has no history event. */
export function outboxEntryOfLifeStep(
  agreementId: string,
  type: Extract<WebhookEventType, 'agreement.created' | 'agreement.completed'>,
  at: Date,
): WebhookOutboxEntry {
  return { id: eventIdOf(agreementId, type), type, at, historyHash: null };
}

/** Job names of the `webhooks` queue. */
export const WebhookJob = {
  /** Moves an agreement's outbox to `webhook_events` and queues the deliveries. */
  Relay: 'relay-webhooks',
  /** One try of one delivery. */
  Deliver: 'deliver-webhook',
  /** Scheduled: relays outboxes and re-queues deliveries whose job was lost. */
  Sweep: 'sweep-webhooks',
  /** Scheduled: deletes old deliveries, events and local inbox entries. */
  Retention: 'prune-webhooks',
} as const;
export type WebhookJobName = (typeof WebhookJob)[keyof typeof WebhookJob];

/** Asks the worker to relay an agreement's outbox now; the sweep does it later if this is lost. */
export function relayJobOf(
  agreementId: string,
  entry: Pick<WebhookOutboxEntry, 'id'>,
): { name: string; data: { agreementId: string }; opts: JobsOptions } {
  return {
    name: WebhookJob.Relay,
    data: { agreementId },
    // One job per event, so an event recorded while a relay of the agreement runs gets its own.
    opts: { jobId: jobIdFor(WebhookJob.Relay, agreementId, entry.id), attempts: 3 },
  };
}
