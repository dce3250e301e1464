import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { ApiKeyCreated, ApiKeyView } from '@prosign/domain';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { ApiKeys } from '../src/modules/api-keys/api-keys.service';
import { seedBaseData } from './support/seed';
import { asStaff, signIn, TEST_ADMIN } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const PATH = '/api/api-keys';
const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

/**
 * API keys: admins create one (shown once, stored as a hash), list them without secrets,
 * revoke and rotate them; a presented key checks out only while usable, and a rotated key
 * keeps working for the overlap.
 */
describe('API keys', () => {
  const env = createTestEnv(__filename);
  let app: INestApplication;
  let admin: ReturnType<typeof asStaff>;
  let apiKeys: ApiKeys;
  const stored = () =>
    app
      .get<Connection>(getConnectionToken(), { strict: false })
      .collection('api_keys')
      .find({})
      .toArray();
  const create = async (body: object): Promise<ApiKeyCreated> =>
    (await admin.post(PATH).send(body).expect(201)).body as ApiKeyCreated;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app } = await startApi(env.config));
    admin = asStaff(app, await signIn(app, TEST_ADMIN));
    apiKeys = app.get(ApiKeys, { strict: false });
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  it('shows a new key once: the list and the database never hold it', async () => {
    const created = await create({
      name: 'Accounting',
      scopes: ['agreements:read', 'invoices:read'],
      ownerEmail: 'Books@Example.com',
    });
    expect(created.key).toMatch(/^psk_live_[A-Za-z0-9-]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`psk_live_${created.apiKey.prefix}_`)).toBe(true);
    expect(created.apiKey).toMatchObject({
      name: 'Accounting',
      masked: `psk_live_${created.apiKey.prefix}_…`,
      scopes: ['agreements:read', 'invoices:read'],
      ownerEmail: 'books@example.com',
      createdBy: TEST_ADMIN,
      state: 'active',
      lastUsedAt: null,
    });

    const list = (await admin.get(PATH).expect(200)).body as ApiKeyView[];
    const listed = list.find((key) => key.id === created.apiKey.id)!;
    expect(listed).toEqual(created.apiKey);
    const secret = created.key.split('_').slice(3).join('_');
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(JSON.stringify(list)).not.toContain('secretHash');
    expect(JSON.stringify(await stored())).not.toContain(secret);
  });

  it('refuses a blank name, no scope, an unknown scope or a past expiry, and stores nothing', async () => {
    const before = (await stored()).length;
    await admin
      .post(PATH)
      .send({ name: '  ', scopes: ['agreements:read'] })
      .expect(400);
    await admin.post(PATH).send({ name: 'No scope', scopes: [] }).expect(400);
    await admin
      .post(PATH)
      .send({ name: 'Too much', scopes: ['admin'] })
      .expect(400);
    const past = await admin
      .post(PATH)
      .send({ name: 'Past', scopes: ['events:read'], expiresAt: later(-1).toISOString() })
      .expect(400);
    expect(JSON.stringify(past.body)).toContain('the expiry must be in the future');
    expect(await stored()).toHaveLength(before);
  });

  it('a created key verifies and records its use at most once a minute; a wrong secret with the right prefix does not', async () => {
    const { key, apiKey } = await create({ name: 'PM tool', scopes: ['agreements:write'] });
    const now = new Date();
    expect(await apiKeys.verify(key, '203.0.113.7', now)).toEqual({
      id: apiKey.id,
      prefix: apiKey.prefix,
      name: 'PM tool',
      scopes: ['agreements:write'],
      ownerEmail: TEST_ADMIN,
    });
    await apiKeys.verify(key, '198.51.100.9', new Date(now.getTime() + 30_000));
    let listed = ((await admin.get(PATH)).body as ApiKeyView[]).find((k) => k.id === apiKey.id)!;
    expect(listed).toMatchObject({ lastUsedAt: now.toISOString(), lastUsedFrom: '203.0.113.7' });
    const minuteOn = new Date(now.getTime() + 61_000);
    await apiKeys.verify(key, '198.51.100.9', minuteOn);
    listed = ((await admin.get(PATH)).body as ApiKeyView[]).find((k) => k.id === apiKey.id)!;
    expect(listed).toMatchObject({
      lastUsedAt: minuteOn.toISOString(),
      lastUsedFrom: '198.51.100.9',
    });

    const last = key.at(-2) === 'A' ? 'B' : 'A';
    const wrongSecret = `${key.slice(0, -2)}${last}${key.at(-1)}`;
    expect(await apiKeys.verify(wrongSecret, null)).toBeNull();
    expect(await apiKeys.verify(key.replace(apiKey.prefix, 'zzzzzzzz'), null)).toBeNull();
    expect(await apiKeys.verify('Bearer nonsense', null)).toBeNull();
  });

  it('a revoked key and an expired key do not verify', async () => {
    const revoked = await create({ name: 'Old portal', scopes: ['templates:read'] });
    const view = (await admin.post(`${PATH}/${revoked.apiKey.id}/revoke`).expect(200))
      .body as ApiKeyView;
    expect(view.state).toBe('revoked');
    expect(await apiKeys.verify(revoked.key, null)).toBeNull();

    const expiring = await create({
      name: 'Trial',
      scopes: ['services:read'],
      expiresAt: later(1).toISOString(),
    });
    expect(await apiKeys.verify(expiring.key, null)).not.toBeNull();
    expect(await apiKeys.verify(expiring.key, null, later(1.01))).toBeNull();
  });

  it('rotation gives a new key; the old one works within the overlap and not after', async () => {
    const old = await create({ name: 'Scheduler', scopes: ['events:read', 'webhooks:write'] });
    const rotated = (await admin.post(`${PATH}/${old.apiKey.id}/rotate`).send({}).expect(201))
      .body as ApiKeyCreated;
    expect(rotated.key).not.toBe(old.key);
    expect(rotated.apiKey).toMatchObject({
      name: 'Scheduler',
      scopes: ['events:read', 'webhooks:write'],
      state: 'active',
    });
    const oldView = ((await admin.get(PATH)).body as ApiKeyView[]).find(
      (key) => key.id === old.apiKey.id,
    )!;
    expect(oldView.state).toBe('rotating');
    const overlapEnd = new Date(oldView.rotatedUntil!);
    expect(overlapEnd.getTime() - Date.now()).toBeGreaterThan(23.9 * HOUR);
    expect(overlapEnd.getTime() - Date.now()).toBeLessThanOrEqual(24 * HOUR);

    const within = new Date(overlapEnd.getTime() - 60_000);
    const after = new Date(overlapEnd.getTime() + 1);
    expect(await apiKeys.verify(old.key, null, within)).not.toBeNull();
    expect(await apiKeys.verify(rotated.key, null, within)).not.toBeNull();
    expect(await apiKeys.verify(old.key, null, after)).toBeNull();
    expect(await apiKeys.verify(rotated.key, null, after)).not.toBeNull();

    // The old key rotates once: a second rotation would leave two successors.
    await admin.post(`${PATH}/${old.apiKey.id}/rotate`).send({}).expect(409);
  });

  it('a key rotated twice within its overlap keeps both predecessors until their own ends', async () => {
    const first = await create({ name: 'Warehouse', scopes: ['agreements:read'] });
    const t0 = new Date();
    const at = (hours: number) => new Date(t0.getTime() + hours * HOUR);
    const second = await apiKeys.rotate(first.apiKey.id, TEST_ADMIN, 24, t0);
    // The successor rotated 12 h later, while the first key is still in its overlap.
    const third = await apiKeys.rotate(second.apiKey.id, TEST_ADMIN, 24, at(12));
    const works = async (key: string, when: Date) =>
      (await apiKeys.verify(key, null, when)) !== null;

    expect([await works(first.key, at(13)), await works(second.key, at(13))]).toEqual([true, true]);
    expect(await works(third.key, at(13))).toBe(true);
    // The first ends 24 h after its own rotation, the second 24 h after its own.
    expect([await works(first.key, at(24.01)), await works(second.key, at(24.01))]).toEqual([
      false,
      true,
    ]);
    expect([await works(second.key, at(36.01)), await works(third.key, at(36.01))]).toEqual([
      false,
      true,
    ]);
  });

  it('an overlap can be shortened, and a revoked key cannot be rotated', async () => {
    const { key, apiKey } = await create({ name: 'Portal', scopes: ['agreements:read'] });
    await admin.post(`${PATH}/${apiKey.id}/rotate`).send({ overlapHours: 0 }).expect(201);
    expect(await apiKeys.verify(key, null)).toBeNull();

    const revoked = await create({ name: 'Gone', scopes: ['agreements:read'] });
    await admin.post(`${PATH}/${revoked.apiKey.id}/revoke`).expect(200);
    await admin.post(`${PATH}/${revoked.apiKey.id}/rotate`).send({}).expect(409);
    await admin.post(`${PATH}/0123456789abcdef01234567/revoke`).expect(404);
    await admin.post(`${PATH}/not-an-id/revoke`).expect(400);
  });

  it('staff who are not admins get 403, and no session 401; nothing is created', async () => {
    const before = (await stored()).length;
    const csm = asStaff(app, await signIn(app, 'csm@prosign.example'));
    await csm.get(PATH).expect(403);
    await csm
      .post(PATH)
      .send({ name: 'Mine', scopes: ['agreements:read'] })
      .expect(403);
    const { apiKey } = await create({ name: 'Kept', scopes: ['agreements:read'] });
    await csm.post(`${PATH}/${apiKey.id}/revoke`).expect(403);
    await csm.post(`${PATH}/${apiKey.id}/rotate`).send({}).expect(403);
    await request(app.getHttpServer()).get(PATH).expect(401);
    expect(await stored()).toHaveLength(before + 1);
    const kept = ((await admin.get(PATH)).body as ApiKeyView[]).find((k) => k.id === apiKey.id)!;
    expect(kept.state).toBe('active');
  });
});
