import { Body, Controller, Get, type INestApplication, Module, Param, Post } from '@nestjs/common';
import {
  API_KEY_SCOPES,
  PUBLIC_API_ROUTES,
  type ApiKeyScope,
  type ApiKeyView,
  type PublicApiRoute,
} from '@prosign/domain';
import request, { type Response } from 'supertest';
import {
  API_KEY_INVALID_MESSAGE,
  API_KEY_MISSING_MESSAGE,
  missingScopeMessage,
  UNSCOPED_ROUTE_MESSAGE,
} from '../src/platform/auth/api-key.guard';
import { isPublicApiPath } from '../src/platform/public-api/public-api-path';
import {
  type ApiKeyPrincipal,
  ApiKeyScopes,
  CurrentApiKey,
} from '../src/platform/public-api/public-api.decorators';
import {
  apiKeysOfEveryKind,
  type ApiKeysOfEveryKind,
  issueApiKey,
  withApiKey,
} from './support/api-keys';
import { discoverHttpRoutes, type HttpRoute } from './support/http-routes';
import { seedBaseData } from './support/seed';
import { asStaff, signIn, TEST_ADMIN } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

/**
 * Routes of the public api that answer without a key, by decision: the api's own documentation.
 * Any other `/api/v1` route without `@ApiKeyScopes` fails the walk (and the guard refuses it).
 */
const KEYLESS_V1_ROUTES = new Set([
  'GET /api/v1/openapi.json',
  'GET /api/v1/reference',
  // The reference page's own script, stylesheet and Swagger UI bundle.
  'GET /api/v1/reference/:asset',
]);

/** A throwaway public-api controller: proves the walk below walks routes like the real ones. */
@Controller('v1/access-probe')
class AccessProbeController {
  @ApiKeyScopes('agreements:read')
  @Get(':id')
  read(@Param('id') id: string, @CurrentApiKey() key: ApiKeyPrincipal) {
    return { id, keyName: key.name, keyScopes: key.scopes };
  }

  @ApiKeyScopes('agreements:write')
  @Post()
  create(@Body() body: unknown) {
    return { received: body };
  }

  @ApiKeyScopes('agreements:read', 'templates:read')
  @Get()
  list() {
    return { items: [] };
  }
}

/** A v1 route someone forgot to scope: it must be found by the walk and refused by the guard. */
@Controller('v1/unscoped-probe')
class UnscopedProbeController {
  @Get()
  leak() {
    return { leaked: true };
  }
}

@Module({ controllers: [AccessProbeController, UnscopedProbeController] })
class AccessProbeModule {}

const UNSCOPED_PROBE = 'GET /api/v1/unscoped-probe';

type Caller =
  | 'no key'
  | 'malformed key'
  | 'another scheme'
  | 'expired key'
  | 'revoked key'
  | 'rotated key past its overlap'
  | 'staff session only'
  | 'rotated key in its overlap'
  | 'key of every scope'
  | `key of ${ApiKeyScope}`;

/** What a refusal says: its problem's `detail` (RFC 9457); empty when the answer is no problem. */
function refusalOf(res: Response): string {
  if (!String(res.headers['content-type']).startsWith('application/problem+json')) return '';
  return String((res.body as { detail?: unknown }).detail ?? '');
}

/** Path parameters filled with a well-formed id. */
function urlOf(route: HttpRoute): string {
  return route.path.replace(/:([A-Za-z]+)/g, '0123456789abcdef01234567');
}

describe('public api access: every @ApiKeyScopes route, every kind of key', () => {
  const env = createTestEnv(__filename, { API_RATE_LIMIT_PER_MINUTE: '100000' });
  let api: INestApplication;
  let keys: ApiKeysOfEveryKind;
  let adminCookie: string;
  let routes: HttpRoute[];

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config, { testModules: [AccessProbeModule] }));
    adminCookie = await signIn(api, TEST_ADMIN);
    keys = await apiKeysOfEveryKind(api);
    routes = discoverHttpRoutes(api);
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  /** Sends the route's request as this caller. */
  function call(route: HttpRoute, caller: Caller): Promise<Response> {
    const url = urlOf(route);
    const verb = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let test = request(api.getHttpServer())[verb](url);
    const bearer = (key: string) => test.set('authorization', `Bearer ${key}`);
    const scoped = /^key of (.+)$/.exec(caller)?.[1] as ApiKeyScope | 'every scope' | undefined;
    if (caller === 'malformed key') test = bearer('psk_live_nonsense');
    else if (caller === 'another scheme')
      test = test.set('authorization', `Basic ${keys.allScopes.key}`);
    else if (caller === 'expired key') test = bearer(keys.expired.key);
    else if (caller === 'revoked key') test = bearer(keys.revoked.key);
    else if (caller === 'rotated key past its overlap') test = bearer(keys.rotatedPastOverlap.key);
    else if (caller === 'rotated key in its overlap') test = bearer(keys.rotatedInOverlap.key);
    else if (caller === 'staff session only') test = test.set('cookie', adminCookie);
    else if (scoped === 'every scope') test = bearer(keys.allScopes.key);
    else if (scoped) test = bearer(keys.byScope[scoped].key);
    return verb === 'get' ? test : test.send({});
  }

  it('finds the public api routes, the throwaway ones included', () => {
    const scoped = routes.filter((route) => route.apiKeyScopes);
    expect(scoped.map((route) => route.key)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/access-probe/:id',
        'POST /api/v1/access-probe',
        'GET /api/v1/access-probe',
      ]),
    );
  });

  it('walks every route of the route table, each guarded by the scope the table names', () => {
    const found = new Map(routes.map((route) => [route.key, route.apiKeyScopes]));
    const table = (Object.values(PUBLIC_API_ROUTES) as PublicApiRoute[]).map((route) => [
      `${route.method.toUpperCase()} /api/v1${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
      [route.scope],
    ]);
    expect(table.map(([key]) => [key, found.get(key as string)])).toEqual(table);
    expect(table.map(([key]) => key)).toEqual(
      expect.arrayContaining([
        'DELETE /api/v1/webhook-endpoints/:id',
        'PATCH /api/v1/webhook-endpoints/:id',
        'GET /api/v1/invoices/:id',
        'GET /api/v1/events',
      ]),
    );
  });

  it('finds every /api/v1 route that names no scope (here only the deliberately unscoped probe)', () => {
    const unscoped = routes
      .filter((route) => isPublicApiPath(route.path) && !route.apiKeyScopes)
      .filter((route) => !(route.isPublic && KEYLESS_V1_ROUTES.has(route.key)))
      .map((route) => route.key);
    expect(unscoped).toEqual([UNSCOPED_PROBE]);
  });

  it('refuses a v1 route without @ApiKeyScopes to every caller, even a key of every scope', async () => {
    const probe = routes.find((route) => route.key === UNSCOPED_PROBE)!;
    for (const caller of ['no key', 'staff session only', 'key of every scope'] as Caller[]) {
      const res = await call(probe, caller);
      expect({ caller, status: res.status, refusal: refusalOf(res) }).toEqual({
        caller,
        status: 403,
        refusal: UNSCOPED_ROUTE_MESSAGE,
      });
      expect(JSON.stringify(res.body)).not.toContain('leaked');
    }
  });

  it("lets through only keys holding the route's scopes; refuses the rest with 401 or 403", async () => {
    const refused: Caller[] = [
      'no key',
      'malformed key',
      'another scheme',
      'expired key',
      'revoked key',
      'rotated key past its overlap',
      'staff session only',
    ];
    const scopedCallers = API_KEY_SCOPES.map((scope): Caller => `key of ${scope}`);
    const walked = routes.filter((route) => route.apiKeyScopes);
    const wrong: string[] = [];
    for (const route of walked) {
      const needs = route.apiKeyScopes!;
      for (const caller of refused) {
        const res = await call(route, caller);
        const expected =
          caller === 'no key' || caller === 'another scheme' || caller === 'staff session only'
            ? API_KEY_MISSING_MESSAGE
            : API_KEY_INVALID_MESSAGE;
        if (
          res.status !== 401 ||
          refusalOf(res) !== expected ||
          !/^Bearer/.test(String(res.headers['www-authenticate']))
        ) {
          wrong.push(
            `${route.key} as ${caller}: expected 401 "${expected}", got ${res.status} ${refusalOf(res)}`,
          );
        }
      }
      for (const caller of [
        ...scopedCallers,
        'key of every scope',
        'rotated key in its overlap',
      ] as Caller[]) {
        const held =
          caller.startsWith('key of ') && caller !== 'key of every scope'
            ? [caller.slice('key of '.length) as ApiKeyScope]
            : [...API_KEY_SCOPES];
        const missing = needs.filter((scope) => !held.includes(scope));
        const res = await call(route, caller);
        if (missing.length > 0) {
          if (res.status !== 403 || refusalOf(res) !== missingScopeMessage(missing)) {
            wrong.push(
              `${route.key} as ${caller}: expected 403 naming ${missing.join(', ')}, got ${res.status} ${refusalOf(res)}`,
            );
          }
        } else if (
          res.status === 401 ||
          res.status === 403 ||
          res.status === 429 ||
          res.status >= 500
        ) {
          wrong.push(
            `${route.key} as ${caller}: expected through the guard, got ${res.status} ${refusalOf(res)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(walked.length).toBeGreaterThanOrEqual(3);
  });

  it('hands the handler the key it was called with, not a person', async () => {
    const res = await withApiKey(api, keys.byScope['agreements:read'].key)
      .get('/api/v1/access-probe/abc')
      .set('cookie', adminCookie)
      .expect(200);
    expect(res.body).toEqual({
      id: 'abc',
      keyName: 'test key (agreements:read)',
      keyScopes: ['agreements:read'],
    });
  });

  it('records when a key was last used and from where, once however many requests come at once', async () => {
    const key = await issueApiKey(api, ['templates:read'], { name: 'last use' });
    const listed = async () =>
      (
        (await asStaff(api, adminCookie).get('/api/api-keys').expect(200)).body as ApiKeyView[]
      ).find((view) => view.id === key.id)!;
    expect((await listed()).lastUsedAt).toBeNull();
    // Refused for scope, but the key itself checked out: that is a use.
    await withApiKey(api, key.key).get('/api/v1/access-probe/x').expect(403);
    const first = await listed();
    expect(first.lastUsedAt).not.toBeNull();
    expect(first.lastUsedFrom).toMatch(/127\.0\.0\.1$/);
    await Promise.all(
      Array.from({ length: 10 }, () => withApiKey(api, key.key).get('/api/v1/access-probe/x')),
    );
    expect((await listed()).lastUsedAt).toBe(first.lastUsedAt);
  });
});

describe('request logs never carry an API key', () => {
  const env = createTestEnv(__filename, { LOG_LEVEL: 'info' });
  let api: INestApplication;
  const written: string[] = [];

  beforeAll(async () => {
    // pino writes its lines to stdout: keep them.
    jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write);
    ({ app: api } = await startApi(env.config, { testModules: [AccessProbeModule] }));
  });

  afterAll(async () => {
    await api?.close();
    jest.restoreAllMocks();
    await env.cleanup();
  });

  it('logs each request with the key redacted, however and wherever it was sent', async () => {
    const { key } = await issueApiKey(api, ['agreements:read'], { name: 'logged' });
    const secret = key.slice('psk_live_'.length + 9);
    const last = secret.at(-2) === 'A' ? 'B' : 'A';
    const wrongSecret = `${key.slice(0, -2)}${last}${key.at(-1)}`;
    const http = () => request(api.getHttpServer());
    await withApiKey(api, key).get('/api/v1/access-probe/one').expect(200);
    await withApiKey(api, key).post('/api/v1/access-probe').send({}).expect(403);
    await withApiKey(api, wrongSecret).get('/api/v1/access-probe/two').expect(401);
    await http().get('/api/v1/access-probe/three').set('authorization', `Basic ${key}`).expect(401);
    await http().get('/api/v1/access-probe/four').set('x-api-key', key).expect(401);
    await http().get(`/api/v1/access-probe?api_key=${key}`).expect(401);
    await http().get(`/api/v1/access-probe/${key}`).expect(401);
    await withApiKey(api, key).get('/api/v1/unscoped-probe').expect(403);
    const requestLines = await waitFor(
      async () =>
        written
          .join('')
          .split('\n')
          .filter((line) => line.includes('"req":')),
      (lines) => lines.length >= 8,
      { timeoutMs: 15_000, intervalMs: 25 },
    );

    expect(requestLines.join('\n')).toContain('"authorization":"[redacted]"');
    const logs = written.join('');
    for (const part of [key, wrongSecret, secret, secret.slice(0, 12), secret.slice(-12)]) {
      expect(logs).not.toContain(part);
    }
  });
});
