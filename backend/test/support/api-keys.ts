import type { INestApplication } from '@nestjs/common';
import { API_KEY_SCOPES, type ApiKeyScope } from '@prosign/domain';
import request from 'supertest';
import { ApiKeys } from '../../src/modules/api-keys/api-keys.service';
import { TEST_ADMIN } from './staff-session';

const HOUR_MS = 3_600_000;

/** A key as a test holds it: the full key (sent as a bearer) and its id. */
export interface TestApiKey {
  key: string;
  id: string;
  prefix: string;
  scopes: ApiKeyScope[];
}

/** The api's key store, as the admins' routes use it. */
function apiKeysOf(app: INestApplication): ApiKeys {
  return app.get(ApiKeys, { strict: false });
}

/**
 * Issues a key through the product's own service (as an admin creating it on the page would).
 * `issuedAt` in the past with `validForMs` makes a key that has expired by now.
 */
export async function issueApiKey(
  app: INestApplication,
  scopes: readonly ApiKeyScope[],
  options: { name?: string; issuedAt?: Date; validForMs?: number } = {},
): Promise<TestApiKey> {
  const issuedAt = options.issuedAt ?? new Date();
  const created = await apiKeysOf(app).create(
    {
      name: options.name ?? `test key (${scopes.join(', ')})`,
      scopes: [...scopes],
      expiresAt:
        options.validForMs === undefined ? null : new Date(issuedAt.getTime() + options.validForMs),
    },
    TEST_ADMIN,
    issuedAt,
  );
  return {
    key: created.key,
    id: created.apiKey.id,
    prefix: created.apiKey.prefix,
    scopes: created.apiKey.scopes,
  };
}

/** Every kind of key the public api must refuse, and the kinds it must let through. */
export interface ApiKeysOfEveryKind {
  /** Expired an hour ago. */
  expired: TestApiKey;
  revoked: TestApiKey;
  /** Rotated two hours ago with an hour's overlap: its successor is the key now. */
  rotatedPastOverlap: TestApiKey;
  /** Rotated just now: still valid through its overlap (24 h). */
  rotatedInOverlap: TestApiKey;
  /** One key for each scope, holding that scope only. */
  byScope: Record<ApiKeyScope, TestApiKey>;
  /** A key holding every scope. */
  allScopes: TestApiKey;
}

/** Issues (and revokes, rotates, lets expire) one key of each kind; each holds every scope unless named by one. */
export async function apiKeysOfEveryKind(app: INestApplication): Promise<ApiKeysOfEveryKind> {
  const keys = apiKeysOf(app);
  const every = API_KEY_SCOPES;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS);

  const expired = await issueApiKey(app, every, {
    name: 'expired',
    issuedAt: hoursAgo(2),
    validForMs: HOUR_MS,
  });
  const revoked = await issueApiKey(app, every, { name: 'revoked' });
  await keys.revoke(revoked.id);
  const rotatedPastOverlap = await issueApiKey(app, every, {
    name: 'rotated past overlap',
    issuedAt: hoursAgo(3),
  });
  await keys.rotate(rotatedPastOverlap.id, TEST_ADMIN, 1, hoursAgo(2));
  const rotatedInOverlap = await issueApiKey(app, every, { name: 'rotated in overlap' });
  await keys.rotate(rotatedInOverlap.id, TEST_ADMIN);

  const byScope = {} as Record<ApiKeyScope, TestApiKey>;
  for (const scope of every) byScope[scope] = await issueApiKey(app, [scope]);
  const allScopes = await issueApiKey(app, every, { name: 'every scope' });
  return { expired, revoked, rotatedPastOverlap, rotatedInOverlap, byScope, allScopes };
}

/** Requests to the api carrying `Authorization: Bearer <key>`, as another system sends them. */
export function withApiKey(app: INestApplication, key: string) {
  const http = () => request(app.getHttpServer());
  const bearer = `Bearer ${key}`;
  return {
    get: (url: string) => http().get(url).set('authorization', bearer),
    post: (url: string) => http().post(url).set('authorization', bearer),
    put: (url: string) => http().put(url).set('authorization', bearer),
    patch: (url: string) => http().patch(url).set('authorization', bearer),
    delete: (url: string) => http().delete(url).set('authorization', bearer),
  };
}
