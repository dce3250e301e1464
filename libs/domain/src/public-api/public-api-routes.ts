/**
 * Every route of the public api (`/api/v1`), once: its method and path, the scope a key needs,
 * what it takes and what it answers. The api's controllers are declared from these entries
 * (backend `@PublicApiRoute`), their input is validated with these schemas, and the OpenAPI
 * document is built from this table (openapi-document.ts): none of the three can drift.
 */
import type { z } from 'zod';
import type { ApiKeyScope } from '../api-keys/api-keys';
import {
  publicServiceSchema,
  publicTemplateSchema,
  servicePageSchema,
  templatePageSchema,
} from './catalog-schemas';
import {
  invoiceListQuerySchema,
  invoicePageSchema,
  invoicePathSchema,
  publicInvoiceSchema,
} from './invoice-schemas';
import { createAgreementSchema } from './project-agreement-requests';
import {
  agreementListQuerySchema,
  catalogListQuerySchema,
  templateListQuerySchema,
} from './public-api-requests';
import {
  agreementEventPageSchema,
  agreementPageSchema,
  idPathSchema,
  publicAgreementSchema,
  reminderSentSchema,
} from './public-api-schemas';
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

/** The path's prefix under the api's origin. */
export const PUBLIC_API_BASE_PATH = '/api/v1';

type PublicApiTag = 'Agreements' | 'Templates' | 'Services' | 'Events' | 'Webhooks' | 'Invoices';

/** What a route answers on success: JSON of `schema`, a PDF file, or nothing (204). */
type RouteAnswer =
  | { status: 200 | 201; schema: z.ZodType; description: string }
  | { status: 200; pdf: true; description: string }
  | { status: 204; description: string };

export interface PublicApiRoute {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Under PUBLIC_API_BASE_PATH, in OpenAPI's spelling: `/agreements/{id}`. */
  path: string;
  operationId: string;
  tag: PublicApiTag;
  summary: string;
  description: string;
  scope: ApiKeyScope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  answer: RouteAnswer;
  /** A 409 this route gives, in words (the agreement's state does not allow it). */
  conflict?: string;
  /** A 404 a route without an id in its path gives, in words (an id in its body names nothing). */
  notFound?: string;
}

const route = <const T extends PublicApiRoute>(entry: T): T => entry;

export const PUBLIC_API_ROUTES = {
  listAgreements: route({
    method: 'get',
    path: '/agreements',
    operationId: 'listAgreements',
    tag: 'Agreements',
    summary: 'List agreements',
    description:
      'Sent agreements of every family, newest first, filtered as on the dashboards. Drafts are read by id.',
    scope: 'agreements:read',
    query: agreementListQuerySchema,
    answer: { status: 200, schema: agreementPageSchema, description: 'A page of agreements.' },
  }),
  createAgreement: route({
    method: 'post',
    path: '/agreements',
    operationId: 'createAgreement',
    tag: 'Agreements',
    summary: 'Create an agreement',
    description:
      'Makes the agreement’s document — a standard agreement from a service, a Scope-of-Work contract or a change order from its template, an uploaded document from a document template — checks it and its recipients as the staff screens do, and keeps it as a draft: nothing is mailed until it is sent.',
    scope: 'agreements:write',
    body: createAgreementSchema,
    answer: { status: 201, schema: publicAgreementSchema, description: 'The draft agreement.' },
    notFound: 'No service, template, deal or project has the id the body names.',
  }),
  getAgreement: route({
    method: 'get',
    path: '/agreements/{id}',
    operationId: 'getAgreement',
    tag: 'Agreements',
    summary: 'Get an agreement',
    description: 'The agreement with its recipients, their states and its events.',
    scope: 'agreements:read',
    params: idPathSchema,
    answer: { status: 200, schema: publicAgreementSchema, description: 'The agreement.' },
  }),
  sendAgreement: route({
    method: 'post',
    path: '/agreements/{id}/send',
    operationId: 'sendAgreement',
    tag: 'Agreements',
    summary: 'Send a draft',
    description:
      'Mails each signer whose turn it is their own signing link, and the copy recipients the document. Sending again continues an interrupted send; it never mails twice.',
    scope: 'agreements:write',
    params: idPathSchema,
    answer: { status: 200, schema: publicAgreementSchema, description: 'The sent agreement.' },
    conflict: 'The agreement was sent already.',
  }),
  remindAgreement: route({
    method: 'post',
    path: '/agreements/{id}/remind',
    operationId: 'remindAgreement',
    tag: 'Agreements',
    summary: 'Remind the signers',
    description: 'Mails a reminder to each signer whose turn it is; reminders have a cool-down.',
    scope: 'agreements:write',
    params: idPathSchema,
    answer: { status: 200, schema: reminderSentSchema, description: 'The reminder went.' },
    conflict: 'The agreement is not waiting for a signer, or was reminded a moment ago.',
  }),
  voidAgreement: route({
    method: 'post',
    path: '/agreements/{id}/void',
    operationId: 'voidAgreement',
    tag: 'Agreements',
    summary: 'Void a signed agreement',
    description: 'Stamps the signed PDF VOID and closes the agreement.',
    scope: 'agreements:write',
    params: idPathSchema,
    answer: { status: 200, schema: publicAgreementSchema, description: 'The voided agreement.' },
    conflict: 'Only a signed agreement can be voided; cancel an open one.',
  }),
  cancelAgreement: route({
    method: 'post',
    path: '/agreements/{id}/cancel',
    operationId: 'cancelAgreement',
    tag: 'Agreements',
    summary: 'Cancel an open agreement',
    description: 'Closes every signing link of an agreement not signed yet.',
    scope: 'agreements:write',
    params: idPathSchema,
    answer: { status: 200, schema: publicAgreementSchema, description: 'The cancelled agreement.' },
    conflict: 'Only an agreement waiting for signatures can be cancelled.',
  }),
  downloadSealedPdf: route({
    method: 'get',
    path: '/agreements/{id}/pdf',
    operationId: 'downloadSealedPdf',
    tag: 'Agreements',
    summary: 'Download the sealed PDF',
    description: 'The signed agreement with its certificate, sealed (PAdES) and time-stamped.',
    scope: 'agreements:read',
    params: idPathSchema,
    answer: { status: 200, pdf: true, description: 'The sealed PDF.' },
    conflict: 'The agreement is not signed and sealed yet.',
  }),
  downloadCertificate: route({
    method: 'get',
    path: '/agreements/{id}/certificate',
    operationId: 'downloadCertificate',
    tag: 'Agreements',
    summary: 'Download the certificate of completion',
    description: 'Who signed, when, from where, and every event of the agreement.',
    scope: 'agreements:read',
    params: idPathSchema,
    answer: { status: 200, pdf: true, description: 'The certificate of completion.' },
    conflict: 'The agreement is not signed and sealed yet.',
  }),
  listAgreementEvents: route({
    method: 'get',
    path: '/agreements/{id}/events',
    operationId: 'listAgreementEvents',
    tag: 'Events',
    summary: 'List an agreement’s events',
    description: 'Its history, oldest first, each event numbered in order.',
    scope: 'events:read',
    params: idPathSchema,
    query: catalogListQuerySchema,
    answer: { status: 200, schema: agreementEventPageSchema, description: 'A page of events.' },
  }),
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
  listTemplates: route({
    method: 'get',
    path: '/templates',
    operationId: 'listTemplates',
    tag: 'Templates',
    summary: 'List templates',
    description:
      'The templates of one family: uploaded-document templates in use (the latest saved first), SOW templates or change-order templates.',
    scope: 'templates:read',
    query: templateListQuerySchema,
    answer: { status: 200, schema: templatePageSchema, description: 'A page of templates.' },
  }),
  getTemplate: route({
    method: 'get',
    path: '/templates/{id}',
    operationId: 'getTemplate',
    tag: 'Templates',
    summary: 'Get a template',
    description:
      'An uploaded-document template’s newest version, with the roles a creation names people for.',
    scope: 'templates:read',
    params: idPathSchema,
    answer: { status: 200, schema: publicTemplateSchema, description: 'The template.' },
  }),
  listServices: route({
    method: 'get',
    path: '/services',
    operationId: 'listServices',
    tag: 'Services',
    summary: 'List services',
    description: 'The firm’s services, in the order staff list them.',
    scope: 'services:read',
    query: catalogListQuerySchema,
    answer: { status: 200, schema: servicePageSchema, description: 'A page of services.' },
  }),
  getService: route({
    method: 'get',
    path: '/services/{id}',
    operationId: 'getService',
    tag: 'Services',
    summary: 'Get a service',
    description: 'One service of the firm.',
    scope: 'services:read',
    params: idPathSchema,
    answer: { status: 200, schema: publicServiceSchema, description: 'The service.' },
  }),
} as const satisfies Record<string, PublicApiRoute>;

export type PublicApiRouteName = keyof typeof PUBLIC_API_ROUTES;

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a route's handler receives, validated: its path parameters, query and body. */
export interface PublicApiInput<K extends PublicApiRouteName> {
  params: Parsed<(typeof PUBLIC_API_ROUTES)[K] extends { params: infer P } ? P : undefined>;
  query: Parsed<(typeof PUBLIC_API_ROUTES)[K] extends { query: infer Q } ? Q : undefined>;
  body: Parsed<(typeof PUBLIC_API_ROUTES)[K] extends { body: infer B } ? B : undefined>;
}
