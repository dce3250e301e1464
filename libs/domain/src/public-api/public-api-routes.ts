/**
 * Every route of the public api (`/api/v1`), once: its method and path, the scope a key needs,
 * what it takes and what it answers. The api's controllers are declared from these entries
 * (backend `@PublicApiRoute`), their input is validated with these schemas, and the OpenAPI
 * document is built from this table (openapi-document.ts): none of the three can drift.
 */
import type { z } from 'zod';
import {
  publicServiceSchema,
  publicTemplateSchema,
  servicePageSchema,
  templatePageSchema,
} from './catalog-schemas';
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
import { INTEGRATION_ROUTES } from './integration-routes';
import { route, type PublicApiRoute } from './public-api-route-entry';

export type { PublicApiRoute } from './public-api-route-entry';

/** The path's prefix under the api's origin. */
export const PUBLIC_API_BASE_PATH = '/api/v1';

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
    conflict:
      'The agreement is a draft, is not waiting for a signer, or was reminded a moment ago.',
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
    conflict: 'Only a signed agreement can be voided (not a draft); cancel an open one.',
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
    conflict: 'Only a sent agreement waiting for signatures can be cancelled (not a draft).',
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
      'A template `listTemplates` lists, of any family: an uploaded-document template’s newest version, with the roles a creation names people for; a SOW template with its partner roles; a change-order template.',
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
  // Webhook endpoints, invoices and the events feed: their own file, for length.
  ...INTEGRATION_ROUTES,
} as const satisfies Record<string, PublicApiRoute>;

export type PublicApiRouteName = keyof typeof PUBLIC_API_ROUTES;

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a route's handler receives, validated: its path parameters, query and body. */
export interface PublicApiInput<K extends PublicApiRouteName> {
  params: Parsed<(typeof PUBLIC_API_ROUTES)[K] extends { params: infer P } ? P : undefined>;
  query: Parsed<(typeof PUBLIC_API_ROUTES)[K] extends { query: infer Q } ? Q : undefined>;
  body: Parsed<(typeof PUBLIC_API_ROUTES)[K] extends { body: infer B } ? B : undefined>;
}
