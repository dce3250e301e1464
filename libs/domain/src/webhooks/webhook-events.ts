/**
 * Outgoing webhooks: what another system is told when an agreement or an invoice
 * changes. A delivery is signed by the Standard Webhooks scheme; its payload names
 * what happened and links to the public api, and never carries a signing link or token.
 */

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

/** The body of every delivery. */
export interface WebhookPayload {
  /** Unique per event; also the `webhook-id` header, the same on every redelivery. */
  id: string;
  type: WebhookEventType;
  /** ISO 8601, when the change happened. */
  timestamp: string;
  data: WebhookEventData;
}

interface WebhookEventData {
  /** `agreement` or `invoice`. */
  object: 'agreement' | 'invoice';
  /** The agreement's (or invoice's) id. */
  id: string;
  /** Per agreement (or invoice), increasing with each of its events: receivers order by it. */
  sequence: number;
  family?: string;
  status?: string;
  /** Short, token-free facts of the change, e.g. the recipient's name and role. */
  summary: Record<string, string | number | boolean | null>;
  /** Public api addresses of the object and its files. */
  links: Record<string, string>;
}

export type WebhookEndpointState = 'enabled' | 'disabled_by_admin' | 'disabled_failing';

/** An endpoint as the admins' page lists it: never its secret. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  state: WebhookEndpointState;
  createdBy: string;
  createdAt: string;
  /** When the secret was last rotated; the previous one is still accepted until `previousSecretUntil`. */
  secretRotatedAt: string | null;
  previousSecretUntil: string | null;
  /**
   * Till when each rotated-out secret still signs, newest first (at most
   * WEBHOOK_OLD_SECRETS_KEPT); empty when only the current secret signs.
   */
  previousSecretsUntil: string[];
  /** Since when every delivery has failed; null while the endpoint is healthy. */
  failingSince: string | null;
  disabledAt: string | null;
  lastDeliveryAt: string | null;
}

/** The answer to creating an endpoint or rotating its secret: the only time the secret (`whsec_…`) is sent. */
export interface WebhookEndpointCreated {
  endpoint: WebhookEndpointView;
  secret: string;
}

export type WebhookDeliveryState = 'pending' | 'retrying' | 'delivered' | 'failed';

/** One attempt to deliver an event to an endpoint. */
export interface WebhookAttemptView {
  at: string;
  /** The receiver's HTTP status; null when no answer came (refused, timed out, unreachable). */
  status: number | null;
  latencyMs: number;
  /** Why it failed, in words: "timed out after 10 s", "answered 500". */
  error: string | null;
}

/** An event's delivery to one endpoint, as the delivery log shows it. */
export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  /** The event's id (`webhook-id`). */
  eventId: string;
  eventType: WebhookDeliveryEventType;
  state: WebhookDeliveryState;
  createdAt: string;
  nextAttemptAt: string | null;
  attempts: WebhookAttemptView[];
  /** The JSON body sent, for the log's request view. */
  requestBody: string;
  /** The start of the last answer's body (cut at 2 KB). */
  responseExcerpt: string | null;
  /**
   * Why the last try failed, or why the delivery ended without one (the endpoint was disabled
   * or removed); null after a success.
   */
  lastError?: string | null;
}

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
