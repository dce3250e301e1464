/**
 * Outgoing webhooks: what another system is told when an agreement or an invoice
 * changes. A delivery is signed by the Standard Webhooks scheme; its payload names
 * what happened and links to the public api, and never carries a signing link or token.
 */
import type {
  PublicWebhookDelivery,
  PublicWebhookEndpoint,
  PublicWebhookEndpointWithSecret,
  PublicWebhookEvent,
} from '../public-api/webhook-schemas';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'agreement.created',
  'agreement.sent',
  'agreement.viewed',
  'agreement.recipient_signed',
  'agreement.completed',
  'agreement.declined',
  'agreement.handed_over',
  'agreement.voided',
  'agreement.expired',
  'agreement.cancelled',
  'invoice.sent',
  'invoice.paid',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The ping an admin sends to one endpoint ("Send test event"): delivered, signed and logged
 * like any event, but no endpoint subscribes to it and it tells of no change.
 */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** What a delivery can carry: a subscribed event, or the admins' test ping. */
export type WebhookDeliveryEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE;

/** The body of a test delivery: `test: true`, and no agreement or invoice. */
export interface WebhookTestPayload {
  id: string;
  type: typeof WEBHOOK_TEST_EVENT_TYPE;
  timestamp: string;
  test: true;
  data: {
    object: 'test';
    /** The endpoint it was sent to. */
    endpointId: string;
    message: string;
  };
}

/** How long a rotated-out signing secret keeps signing alongside the new one. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/**
 * The most rotated-out secrets an endpoint keeps signing with at once: rotating again within
 * the overlap keeps the older ones until their own end, but beyond this many the oldest goes.
 */
export const WEBHOOK_OLD_SECRETS_KEPT = 3;

/** What admins read beside each event type when they choose an endpoint's events. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'agreement.created': 'Agreement created',
  'agreement.sent': 'Agreement sent for signature',
  'agreement.viewed': 'Agreement opened by a signer',
  'agreement.recipient_signed': 'A recipient signed',
  'agreement.completed': 'Agreement completed and sealed',
  'agreement.declined': 'Agreement declined',
  'agreement.handed_over': 'A signer handed their place over',
  'agreement.voided': 'Agreement voided',
  'agreement.expired': 'Agreement expired',
  'agreement.cancelled': 'Agreement cancelled',
  'invoice.sent': 'Invoice sent',
  'invoice.paid': 'Invoice paid',
};

/** What the delivery log calls a delivery's event: its label, or "Test event" for the ping. */
export function webhookDeliveryEventLabel(type: WebhookDeliveryEventType): string {
  return type === WEBHOOK_TEST_EVENT_TYPE ? 'Test event' : (WEBHOOK_EVENT_LABELS[type] ?? type);
}

/** Where an endpoint stands: receiving, disabled by a person or key, or disabled after failing. */
export const WEBHOOK_ENDPOINT_STATES = [
  'enabled',
  'disabled_by_admin',
  'disabled_failing',
] as const;
export type WebhookEndpointState = (typeof WEBHOOK_ENDPOINT_STATES)[number];

export const WEBHOOK_DELIVERY_STATES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

// The shapes below are the public api's schemas (public-api/webhook-schemas.ts): the admins'
// page and `/api/v1` show an endpoint, a delivery and an event alike.

/** The body of every delivery: its id is also the `webhook-id` header, the same on every redelivery. */
export type WebhookPayload = PublicWebhookEvent;

/** An endpoint as the admins' page lists it: never its secret. */
export type WebhookEndpointView = PublicWebhookEndpoint;

/** The answer to creating an endpoint or rotating its secret: the only time the secret (`whsec_…`) is sent. */
export type WebhookEndpointCreated = PublicWebhookEndpointWithSecret;

/** An event's delivery to one endpoint, as the delivery log shows it. */
export type WebhookDeliveryView = PublicWebhookDelivery;

/** One attempt to deliver an event to an endpoint. */
export type WebhookAttemptView = WebhookDeliveryView['attempts'][number];

export interface WebhookDeliveryPage {
  items: WebhookDeliveryView[];
  nextCursor: string | null;
}

/** A request the local webhook inbox received (`npm start`), shown as the mailbox shows mail. */
export interface WebhookInboxEntry {
  id: string;
  receivedAt: string;
  /** Which inbox address it came to (the name in `/api/webhook-inbox/receive/{name}`). */
  inbox: string;
  headers: Record<string, string>;
  body: string;
  /** Whether the signature verified against the endpoint's secret(s). */
  signatureValid: boolean | null;
}
