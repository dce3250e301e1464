/**
 * Webhooks through the public api (`/api/v1`): the endpoints a key registers, their delivery
 * logs, and the feed of every event a delivery carries. Each shape is one zod schema; the
 * admins' page and the api share them (webhook-events.ts takes its types from here).
 */
import { z } from 'zod';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_ENDPOINT_STATES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_OLD_SECRETS_KEPT,
  WEBHOOK_TEST_EVENT_TYPE,
} from '../webhooks/webhook-events';
import { commaList } from './comma-list';
import {
  namedSchema,
  objectIdSchema,
  pageQueryShape,
  publicApiRequestSchemas,
  publicApiResponseSchemas,
} from './public-api-schemas';

const answer = <T extends z.ZodType>(schema: T, id: string, description: string): T =>
  namedSchema(publicApiResponseSchemas, schema, id, description);
const request = <T extends z.ZodType>(schema: T, id: string, description: string): T =>
  namedSchema(publicApiRequestSchemas, schema, id, description);

const isoTime = z.iso.datetime().describe('ISO 8601, UTC.');

const eventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

// ── Events ──

/** The body of every delivery, and an item of the events feed: the same JSON. */
const webhookEventSchema = answer(
  z.object({
    id: z
      .string()
      .describe('Unique per event: the `webhook-id` header, the same on every redelivery.'),
    type: eventTypeSchema,
    timestamp: isoTime.describe('When the change happened.'),
    data: z.object({
      object: z.enum(['agreement', 'invoice']),
      id: z
        .string()
        .describe(
          'The agreement’s id, or the invoice’s (`{agreementId}.{deposit|progress|balance}`).',
        ),
      sequence: z
        .number()
        .int()
        .describe('Per agreement (or invoice), increasing with each of its events: order by it.'),
      family: z.string().optional(),
      status: z.string().optional(),
      summary: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .describe('Short facts of the change, e.g. the recipient’s name and role; never a token.'),
      links: z.record(z.string(), z.string()).describe('Public api addresses of the object.'),
    }),
  }),
  'WebhookEvent',
  'Something that happened to an agreement or an invoice, as every webhook delivery carries it.',
);

export const eventFeedQuerySchema = z.strictObject({
  after: z
    .string()
    .regex(/^msg_[A-Za-z0-9_-]{1,60}$/, 'must be the id of an event (`msg_…`)')
    .optional()
    .describe(
      'The id of the last event you have (from this feed or a delivery’s `webhook-id`); absent: from the oldest kept.',
    ),
  limit: pageQueryShape.limit,
  type: commaList(WEBHOOK_EVENT_TYPES, 'event types')
    .optional()
    .describe('Only events of these types, e.g. `agreement.completed,invoice.paid`.'),
  agreementId: objectIdSchema.optional().describe('Only the events of this agreement.'),
});

export const eventFeedPageSchema = answer(
  z.object({
    data: z.array(webhookEventSchema),
    hasMore: z
      .boolean()
      .describe('More events follow: ask again at once with `after` = the last one’s id.'),
  }),
  'EventFeedPage',
  'Events in the order they were recorded, oldest first.',
);

// ── Endpoints ──

export const webhookEndpointSchema = answer(
  z.object({
    id: objectIdSchema,
    url: z.string(),
    description: z.string(),
    events: z.array(eventTypeSchema),
    state: z
      .enum(WEBHOOK_ENDPOINT_STATES)
      .describe(
        '`disabled_by_admin`: disabled by a person or key; `disabled_failing`: every delivery failed for 3 days.',
      ),
    createdBy: z.string().describe('A staff e-mail, or `api-key:<prefix>` for a key.'),
    createdAt: isoTime,
    secretRotatedAt: isoTime.nullable(),
    previousSecretUntil: isoTime
      .nullable()
      .describe('After a rotation, the old secret also signs until then.'),
    previousSecretsUntil: z
      .array(isoTime)
      .max(WEBHOOK_OLD_SECRETS_KEPT)
      .describe(
        `Till when each rotated-out secret still signs, newest first (at most ${WEBHOOK_OLD_SECRETS_KEPT}); empty when only the current secret signs.`,
      ),
    failingSince: isoTime.nullable().describe('Since when every delivery failed; null if healthy.'),
    disabledAt: isoTime.nullable(),
    lastDeliveryAt: isoTime.nullable(),
  }),
  'WebhookEndpoint',
  'A receiver of webhooks and the events it wants; never its secret.',
);

export const webhookEndpointWithSecretSchema = answer(
  z.object({
    endpoint: webhookEndpointSchema,
    secret: z
      .string()
      .describe('`whsec_…`: verifies the deliveries’ signatures. Shown this once; keep it.'),
  }),
  'WebhookEndpointWithSecret',
  'An endpoint just made, or its secret just rotated: the only answer carrying the secret.',
);

export const webhookEndpointListSchema = answer(
  z.object({ data: z.array(webhookEndpointSchema) }),
  'WebhookEndpointList',
  'Every endpoint, newest first.',
);

const endpointUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2000)
  .describe(
    '`https` and resolving to a public address; checked again before every delivery. Plain `http` only to loopback where the server allows it.',
  );

const endpointEvents = z
  .array(eventTypeSchema)
  .min(1, 'choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length * 2);

export const createWebhookEndpointSchema = request(
  z.strictObject({
    url: endpointUrl,
    description: z.string().max(300).optional(),
    events: endpointEvents,
  }),
  'CreateWebhookEndpoint',
  'A receiver and the events it wants.',
);
export type CreateWebhookEndpointRequest = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = request(
  z
    .strictObject({
      url: endpointUrl.optional(),
      description: z.string().max(300).optional(),
      events: endpointEvents.optional(),
      enabled: z
        .boolean()
        .optional()
        .describe('false disables it (deliveries stop); true enables it again.'),
    })
    .refine((change) => Object.keys(change).length > 0, 'name at least one field to change'),
  'UpdateWebhookEndpoint',
  'What changes: any of the URL, description, events and whether it is enabled.',
);
export type UpdateWebhookEndpointRequest = z.infer<typeof updateWebhookEndpointSchema>;

// ── Deliveries ──

const webhookAttemptSchema = answer(
  z.object({
    at: isoTime,
    status: z.number().int().nullable().describe('The receiver’s status; null: no answer came.'),
    latencyMs: z.number(),
    error: z.string().nullable().describe('Why it failed: `timed out after 10 s`, `answered 500`.'),
  }),
  'WebhookAttempt',
  'One try to deliver an event.',
);

export const webhookDeliverySchema = answer(
  z.object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string().describe('The event’s id (`webhook-id`).'),
    eventType: z
      .union([eventTypeSchema, z.literal(WEBHOOK_TEST_EVENT_TYPE)])
      .describe('The event’s type, or `webhook.test` for an admin’s test event.'),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    createdAt: isoTime,
    nextAttemptAt: isoTime.nullable(),
    attempts: z.array(webhookAttemptSchema),
    requestBody: z.string().describe('The JSON sent.'),
    responseExcerpt: z.string().nullable().describe('The start of the last answer’s body (2 KB).'),
    lastError: z.string().nullable().optional(),
  }),
  'WebhookDelivery',
  'An event’s delivery to one endpoint, with its tries.',
);

export const webhookDeliveryPageSchema = answer(
  z.object({
    data: z.array(webhookDeliverySchema),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` to read the next page; null on the last page.'),
  }),
  'WebhookDeliveryPage',
  'An endpoint’s deliveries, newest first.',
);

export const webhookDeliveriesQuerySchema = z.strictObject({
  ...pageQueryShape,
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional().describe('Only deliveries in this state.'),
});

export const webhookDeliveryPathSchema = z.strictObject({
  id: objectIdSchema,
  deliveryId: z.string().min(1).max(200).describe('A delivery’s id, from the delivery log.'),
});

export type PublicWebhookEvent = z.infer<typeof webhookEventSchema>;
export type PublicWebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export type PublicWebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;
export type PublicWebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;
export type WebhookDeliveryPageAnswer = z.infer<typeof webhookDeliveryPageSchema>;
export type EventFeedPage = z.infer<typeof eventFeedPageSchema>;
