import { publicApiDocument } from '../openapi-document';
import { createAgreementSchema } from '../project-agreement-requests';
import { PUBLIC_API_ROUTES } from '../public-api-routes';

type Json = Record<string, unknown>;

/** Every `$ref` in the document, wherever it is. */
function refsIn(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const own = typeof (node as Json).$ref === 'string' ? [(node as Json).$ref as string] : [];
  return [...own, ...Object.values(node as Json).flatMap(refsIn)];
}

function resolve(document: Json, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
}

describe('the public api’s OpenAPI document', () => {
  const document = publicApiDocument('https://api.prosign.example/');
  const paths = document.paths as Record<string, Record<string, Json>>;

  it('describes every route of the table, with the scope it needs and a bearer key', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://api.prosign.example/api/v1' }]);
    for (const route of Object.values(PUBLIC_API_ROUTES)) {
      const operation = paths[route.path]?.[route.method];
      expect(operation).toMatchObject({ operationId: route.operationId, 'x-scope': route.scope });
      expect(operation.security).toEqual([{ apiKey: [] }]);
    }
    expect((document.components as { securitySchemes: Json }).securitySchemes.apiKey).toMatchObject(
      { type: 'http', scheme: 'bearer' },
    );
  });

  it('offers Idempotency-Key on every POST, problem+json errors and 429 everywhere', () => {
    for (const methods of Object.values(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const parameters = JSON.stringify(operation.parameters ?? []);
        expect(parameters.includes('IdempotencyKey')).toBe(method === 'post');
        const responses = operation.responses as Record<string, Json>;
        expect(responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
        expect(JSON.stringify(responses['401'])).toContain('application/problem+json');
      }
    }
  });

  it('answers a DELETE with 204 and no body, and offers PATCH and DELETE no Idempotency-Key', () => {
    const endpoint = paths['/webhook-endpoints/{id}'];
    const removed = (endpoint.delete.responses as Record<string, Json>)['204'];
    expect(removed).toEqual({ description: expect.any(String) });
    expect(JSON.stringify(endpoint.patch.parameters)).not.toContain('IdempotencyKey');
    expect(endpoint.patch.requestBody).toMatchObject({ required: true });
  });

  it('resolves every reference it makes', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect([ref, resolve(document, ref)]).toEqual([ref, expect.anything()]);
  });

  it('never names a signing token or link in an answer', () => {
    const schemas = JSON.stringify((document.components as { schemas: Json }).schemas);
    expect(schemas).not.toMatch(/"(token|signingLink|docLink|signedDocLink|customId)"/);
  });
});

describe('the create request', () => {
  const standard = {
    family: 'standard',
    serviceId: '65a1b2c3d4e5f6a7b8c9d0e1',
    signer: { name: 'Maria Alvarez', email: 'maria@example.com' },
    cost: 1200,
    deposit: 200,
    csmEmail: 'csm@prosign.example',
  };

  it('takes a standard agreement and fills in what it defaults', () => {
    expect(createAgreementSchema.parse(standard)).toMatchObject({ t24ReportCount: 0 });
  });

  it('names the path of each wrong field, and refuses fields it does not know', () => {
    const result = createAgreementSchema.safeParse({
      ...standard,
      signer: { name: '', email: 'not-an-address' },
      surprise: true,
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['signer.name', 'signer.email', '']));
  });

  it('refuses a family it cannot create', () => {
    expect(createAgreementSchema.safeParse({ ...standard, family: 'nope' }).success).toBe(false);
  });
});
