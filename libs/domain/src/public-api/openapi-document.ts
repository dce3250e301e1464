/**
 * The OpenAPI 3.1 document of the public api, made from the route table (public-api-routes.ts)
 * and the zod schemas it names: zod 4's `toJSONSchema` writes JSON Schema draft 2020-12, which
 * is OpenAPI 3.1's own schema dialect. Served at `/api/v1/openapi.json`, linted and turned into
 * a typed client in the tests; never written by hand.
 */
import { z } from 'zod';
import { PUBLIC_API_BASE_PATH, PUBLIC_API_ROUTES, type PublicApiRoute } from './public-api-routes';
import {
  problemDetailsSchema,
  publicApiRequestSchemas,
  publicApiResponseSchemas,
} from './public-api-schemas';

type JsonObject = Record<string, unknown>;

const componentRef = (id: string) => `#/components/schemas/${id}`;

/** Each registered schema as a component: requests as clients send them, answers as sent. */
function componentSchemas(): Record<string, JsonObject> {
  const requests = z.toJSONSchema(publicApiRequestSchemas, { uri: componentRef, io: 'input' });
  const answers = z.toJSONSchema(publicApiResponseSchemas, { uri: componentRef, io: 'output' });
  const components: Record<string, JsonObject> = {};
  for (const [id, schema] of Object.entries({ ...requests.schemas, ...answers.schemas })) {
    // Each component lives inside this document: no dialect or id of its own.
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonObject;
    components[id] = rest;
  }
  for (const id of Object.keys(answers.schemas)) openAnswers(components[id]);
  return components;
}

/** Answers may gain fields later without breaking a client: no `additionalProperties: false`. */
function openAnswers(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as JsonObject;
  if (node.additionalProperties === false) delete node.additionalProperties;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach(openAnswers);
    else openAnswers(value);
  }
}

/** A schema where the document uses it: its component's `$ref` (every route's is registered). */
function schemaAt(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const registry = io === 'input' ? publicApiRequestSchemas : publicApiResponseSchemas;
  const id = registry.get(schema)?.id;
  if (!id) throw new Error(`a route's ${io === 'input' ? 'body' : 'answer'} is not a named schema`);
  return { $ref: componentRef(id) };
}

/** A route's path parameters and query as OpenAPI parameters, one per property. */
function parametersOf(route: PublicApiRoute): JsonObject[] {
  const parameters: JsonObject[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const object = z.toJSONSchema(schema, { io: 'input' }) as {
      properties?: Record<string, JsonObject>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...propertySchema } = property;
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: propertySchema,
      });
    }
  }
  if (route.method === 'post') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return parameters;
}

const problem = (description: string, headers?: JsonObject): JsonObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/problem+json': { schema: schemaAt(problemDetailsSchema, 'output') } },
});

/** The errors every route may answer, and those its own input and state give. */
function errorAnswers(route: PublicApiRoute): JsonObject {
  return {
    ...(route.params || route.query || route.body
      ? { '400': problem('The request is not valid: `errors` names each wrong field.') }
      : {}),
    '401': problem('No API key, or one that is unknown, expired or revoked.'),
    '403': problem(`The key lacks the \`${route.scope}\` scope.`),
    ...(route.params || route.notFound
      ? { '404': problem(route.notFound ?? 'No such object, or it was deleted.') }
      : {}),
    ...(route.conflict || route.method === 'post'
      ? {
          '409': problem(
            [
              route.conflict,
              route.method === 'post'
                ? 'A request with this Idempotency-Key is still running.'
                : '',
            ]
              .filter(Boolean)
              .join(' Or: '),
          ),
        }
      : {}),
    ...(route.method === 'post'
      ? { '422': problem('The Idempotency-Key was used with another body.') }
      : {}),
    '429': { $ref: '#/components/responses/TooManyRequests' },
  };
}

function operationOf(route: PublicApiRoute): JsonObject {
  const answer = route.answer;
  const content =
    'pdf' in answer
      ? { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } }
      : 'schema' in answer
        ? { 'application/json': { schema: schemaAt(answer.schema, 'output') } }
        : null;
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: `${route.description}\n\nScope: \`${route.scope}\`.`,
    security: [{ apiKey: [] }],
    'x-scope': route.scope,
    ...(parametersOf(route).length ? { parameters: parametersOf(route) } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaAt(route.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [String(answer.status)]: { description: answer.description, ...(content ? { content } : {}) },
      ...errorAnswers(route),
    },
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Agreements: 'Agreements of every contract family: create, send, remind, void, download.',
  Events: 'What happened to agreements and invoices, in order: to poll instead of webhooks.',
  Templates: 'What agreements are made from: document, SOW and change-order templates.',
  Services: 'The firm’s services standard agreements take their texts from.',
  Invoices: 'The invoices of signed contracts: amounts, payment status and sends.',
  Webhooks:
    'Endpoints told of events as they happen (Standard Webhooks signatures), and their delivery logs.',
};

/** The whole document; `serverUrl` is the api's public origin (`https://api.example.com`). */
export function publicApiDocument(serverUrl: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of Object.values(PUBLIC_API_ROUTES) as PublicApiRoute[]) {
    paths[route.path] = { ...paths[route.path], [route.method]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ProSign API',
      version: '1.0.0',
      description:
        'Agreements, templates, services, invoices, events and webhook endpoints of ProSign, for other systems. Every call carries an API key (`Authorization: Bearer psk_live_…`) with the scope the operation names; an admin creates keys in ProSign under Integrations → API keys. Errors are `application/problem+json` (RFC 9457). A `POST` with an `Idempotency-Key` answers a repeat of the same body within 24 hours with the first answer.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-ProSign' },
    },
    servers: [{ url: `${serverUrl.replace(/\/+$/, '')}${PUBLIC_API_BASE_PATH}` }],
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'psk_live_<prefix>_<secret>',
          description: 'An API key, created by an admin, with the scopes its calls need.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retry safe: the same key with the same body within 24 hours answers what the first call answered; with another body it is refused (422).',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
        },
      },
      responses: {
        TooManyRequests: {
          description: 'The key made too many calls: wait the seconds `Retry-After` says.',
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before calling again.',
              schema: { type: 'integer', minimum: 1 },
            },
            'RateLimit-Limit': {
              description: 'Calls a key may make a minute.',
              schema: { type: 'integer' },
            },
            'RateLimit-Reset': {
              description: 'Seconds until the minute’s count starts again.',
              schema: { type: 'integer' },
            },
          },
          content: {
            'application/problem+json': { schema: schemaAt(problemDetailsSchema, 'output') },
          },
        },
      },
      schemas: componentSchemas(),
    },
  };
}
