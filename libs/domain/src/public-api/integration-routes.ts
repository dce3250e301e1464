/**
 * The public api's routes for what other systems integrate with besides agreements: the
 * events feed, webhook endpoints and their delivery logs, and invoices. Part of the one route
 * table (public-api-routes.ts), in their own file for length.
 */
import {
  invoiceListQuerySchema,
  invoicePageSchema,
  invoicePathSchema,
  publicInvoiceSchema,
} from './invoice-schemas';
import { route, type PublicApiRoute } from './public-api-route-entry';
import { idPathSchema } from './public-api-schemas';
import {
  createWebhookEndpointSchema,
  eventFeedPageSchema,
  eventFeedQuerySchema,
  updateWebhookEndpointSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliveryPathSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from './webhook-schemas';

export const INTEGRATION_ROUTES = {
  listEvents: route({
    method: 'get',
    path: '/events',
    operationId: 'listEvents',
    tag: 'Events',
    summary: 'List every agreement’s events',
    description:
      'The webhook events of every agreement and invoice, oldest first, each the same JSON a delivery carries: poll with `after` = the last id you have instead of (or to catch up on) webhooks. An event is listed a few seconds after it is recorded, so a poll never passes one another server is still writing.',
    scope: 'events:read',
    query: eventFeedQuerySchema,
    answer: { status: 200, schema: eventFeedPageSchema, description: 'Events after `after`.' },
  }),
  listWebhookEndpoints: route({
    method: 'get',
    path: '/webhook-endpoints',
    operationId: 'listWebhookEndpoints',
    tag: 'Webhooks',
    summary: 'List webhook endpoints',
    description:
      'Every endpoint of the firm, those the admins registered in ProSign included, newest first.',
    scope: 'webhooks:write',
    answer: { status: 200, schema: webhookEndpointListSchema, description: 'The endpoints.' },
  }),
  createWebhookEndpoint: route({
    method: 'post',
    path: '/webhook-endpoints',
    operationId: 'createWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Register a webhook endpoint',
    description:
      'A receiver of the events it names. The answer is the only time its signing secret is shown. The URL must be `https` and resolve to a public address, checked as for the admins’ page.',
    scope: 'webhooks:write',
    body: createWebhookEndpointSchema,
    answer: {
      status: 201,
      schema: webhookEndpointWithSecretSchema,
      description: 'The endpoint and its secret.',
    },
  }),
  getWebhookEndpoint: route({
    method: 'get',
    path: '/webhook-endpoints/{id}',
    operationId: 'getWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Get a webhook endpoint',
    description: 'The endpoint, its events and its health; never its secret.',
    scope: 'webhooks:write',
    params: idPathSchema,
    answer: { status: 200, schema: webhookEndpointSchema, description: 'The endpoint.' },
  }),
  updateWebhookEndpoint: route({
    method: 'patch',
    path: '/webhook-endpoints/{id}',
    operationId: 'updateWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Change a webhook endpoint',
    description:
      'Its URL (checked as on creation), description or events, or disable (`enabled: false`) and enable it again (its failing streak starts over).',
    scope: 'webhooks:write',
    params: idPathSchema,
    body: updateWebhookEndpointSchema,
    answer: { status: 200, schema: webhookEndpointSchema, description: 'The changed endpoint.' },
  }),
  deleteWebhookEndpoint: route({
    method: 'delete',
    path: '/webhook-endpoints/{id}',
    operationId: 'deleteWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Remove a webhook endpoint',
    description: 'Removes it and its delivery log; deliveries still queued for it stop.',
    scope: 'webhooks:write',
    params: idPathSchema,
    answer: { status: 204, description: 'Removed.' },
  }),
  rotateWebhookSecret: route({
    method: 'post',
    path: '/webhook-endpoints/{id}/rotate-secret',
    operationId: 'rotateWebhookSecret',
    tag: 'Webhooks',
    summary: 'Rotate an endpoint’s secret',
    description:
      'A new signing secret, shown this once; the old one keeps signing alongside it for 24 hours (two signatures in `webhook-signature`), so the receiver can switch without refusing a delivery.',
    scope: 'webhooks:write',
    params: idPathSchema,
    answer: {
      status: 200,
      schema: webhookEndpointWithSecretSchema,
      description: 'The endpoint and its new secret.',
    },
    conflict: 'The secret was rotated by another request meanwhile.',
  }),
  listWebhookDeliveries: route({
    method: 'get',
    path: '/webhook-endpoints/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'List an endpoint’s deliveries',
    description: 'Its delivery log, newest first: each event sent, its tries and answers.',
    scope: 'webhooks:write',
    params: idPathSchema,
    query: webhookDeliveriesQuerySchema,
    answer: {
      status: 200,
      schema: webhookDeliveryPageSchema,
      description: 'A page of deliveries.',
    },
  }),
  resendWebhookDelivery: route({
    method: 'post',
    path: '/webhook-endpoints/{id}/deliveries/{deliveryId}/resend',
    operationId: 'resendWebhookDelivery',
    tag: 'Webhooks',
    summary: 'Send a delivery again',
    description:
      'Sends it again now under the same `webhook-id` (a receiver that kept it drops it), with a new retry window.',
    scope: 'webhooks:write',
    params: webhookDeliveryPathSchema,
    answer: { status: 200, schema: webhookDeliverySchema, description: 'The delivery, pending.' },
    conflict: 'The endpoint is disabled, or the delivery is being tried right now.',
  }),
  listInvoices: route({
    method: 'get',
    path: '/invoices',
    operationId: 'listInvoices',
    tag: 'Invoices',
    summary: 'List invoices',
    description:
      'The invoices of signed standard contracts, as the invoices dashboard lists them: each payment (deposit, progress, balance) with something to bill, numbered or not yet.',
    scope: 'invoices:read',
    query: invoiceListQuerySchema,
    answer: { status: 200, schema: invoicePageSchema, description: 'A page of invoices.' },
  }),
  getInvoice: route({
    method: 'get',
    path: '/invoices/{id}',
    operationId: 'getInvoice',
    tag: 'Invoices',
    summary: 'Get an invoice',
    description: 'One invoice: its amounts, status, number, sends and agreement.',
    scope: 'invoices:read',
    params: invoicePathSchema,
    answer: { status: 200, schema: publicInvoiceSchema, description: 'The invoice.' },
  }),
} as const satisfies Record<string, PublicApiRoute>;
