import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { WebhookEndpointCreated, WebhookEndpointView } from '@prosign/domain';
import type { Connection } from 'mongoose';
import { seedBaseData } from './support/seed';
import { asStaff, signIn, TEST_ADMIN } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const PATH = '/api/webhook-endpoints';
const RECEIVER = 'http://127.0.0.1:9/hooks/prosign';

/**
 * Admins register webhook endpoints: the secret is shown once and never stored readable, the
 * URL is checked (https, or loopback when allowed), events must be known ones; other staff are
 * refused; an endpoint is changed, disabled and enabled, rotated with an overlap, removed.
 */
describe('webhook endpoints', () => {
  const env = createTestEnv(__filename, { WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true' });
  let app: INestApplication;
  let admin: ReturnType<typeof asStaff>;
  let csm: ReturnType<typeof asStaff>;
  const stored = () =>
    app
      .get<Connection>(getConnectionToken(), { strict: false })
      .collection('webhook_endpoints')
      .find({})
      .toArray();
  const create = async (body: object): Promise<WebhookEndpointCreated> =>
    (await admin.post(PATH).send(body).expect(201)).body as WebhookEndpointCreated;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app } = await startApi(env.config));
    admin = asStaff(app, await signIn(app, TEST_ADMIN));
    csm = asStaff(app, await signIn(app, 'csm@prosign.example'));
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  it('shows a new secret once: neither the list nor the database holds it readable', async () => {
    const created = await create({
      url: RECEIVER,
      description: ' Accounting ',
      events: ['agreement.completed', 'invoice.paid', 'agreement.completed'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(created.endpoint).toMatchObject({
      url: RECEIVER,
      description: 'Accounting',
      events: ['agreement.completed', 'invoice.paid'],
      state: 'enabled',
      createdBy: TEST_ADMIN,
      secretRotatedAt: null,
      previousSecretUntil: null,
      failingSince: null,
    });
    const list = (await admin.get(PATH).expect(200)).body as WebhookEndpointView[];
    expect(list.find((endpoint) => endpoint.id === created.endpoint.id)).toEqual(created.endpoint);
    const secretPart = created.secret.slice('whsec_'.length);
    expect(JSON.stringify(list)).not.toContain(secretPart);
    expect(JSON.stringify(list)).not.toContain('sealed');
    expect(JSON.stringify(await stored())).not.toContain(secretPart);
  });

  it('refuses a URL that is not https, unknown or no events, and a private address; stores nothing', async () => {
    const before = (await stored()).length;
    const refused = async (body: object, message: string) => {
      const res = await admin.post(PATH).send(body).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    };
    await refused({ url: 'ftp://127.0.0.1/x', events: ['agreement.sent'] }, 'must use https');
    await refused({ url: 'not a url', events: ['agreement.sent'] }, 'not a valid URL');
    await refused({ url: RECEIVER, events: [] }, 'choose at least one event');
    await refused({ url: RECEIVER, events: ['agreement.exploded'] }, 'events');
    await refused(
      { url: 'https://10.1.2.3/hook', events: ['agreement.sent'] },
      'a private address',
    );
    await refused(
      { url: 'https://169.254.169.254/latest', events: ['agreement.sent'] },
      'a cloud metadata address',
    );
    expect(await stored()).toHaveLength(before);
  });

  it('refuses every call to staff who are not admins', async () => {
    const { endpoint } = await create({ url: RECEIVER, events: ['agreement.sent'] });
    await csm.get(PATH).expect(403);
    await csm
      .post(PATH)
      .send({ url: RECEIVER, events: ['agreement.sent'] })
      .expect(403);
    await csm.patch(`${PATH}/${endpoint.id}`).send({ enabled: false }).expect(403);
    await csm.delete(`${PATH}/${endpoint.id}`).expect(403);
    await csm.post(`${PATH}/${endpoint.id}/rotate-secret`).expect(403);
    await csm.get(`${PATH}/${endpoint.id}/deliveries`).expect(403);
    const after = (await admin.get(PATH).expect(200)).body as WebhookEndpointView[];
    expect(after.find((e) => e.id === endpoint.id)).toEqual(endpoint);
  });

  it('changes the events and description, disables and enables it again, then removes it', async () => {
    const { endpoint } = await create({ url: RECEIVER, events: ['agreement.sent'] });
    const changed = (
      await admin
        .patch(`${PATH}/${endpoint.id}`)
        .send({ events: ['agreement.declined'], description: 'PM tool' })
        .expect(200)
    ).body as WebhookEndpointView;
    expect(changed).toMatchObject({ events: ['agreement.declined'], description: 'PM tool' });

    const disabled = (
      await admin.patch(`${PATH}/${endpoint.id}`).send({ enabled: false }).expect(200)
    ).body as WebhookEndpointView;
    expect(disabled).toMatchObject({ state: 'disabled_by_admin', disabledAt: expect.any(String) });
    const enabled = (
      await admin.patch(`${PATH}/${endpoint.id}`).send({ enabled: true }).expect(200)
    ).body as WebhookEndpointView;
    expect(enabled).toMatchObject({ state: 'enabled', disabledAt: null, failingSince: null });

    await admin.patch(`${PATH}/${endpoint.id}`).send({ url: 'http://example.com/x' }).expect(400);
    await admin.delete(`${PATH}/${endpoint.id}`).expect(204);
    await admin.delete(`${PATH}/${endpoint.id}`).expect(404);
    const list = (await admin.get(PATH).expect(200)).body as WebhookEndpointView[];
    expect(list.map((e) => e.id)).not.toContain(endpoint.id);
  });

  it('rotates the secret: a new one shown once, the old one valid 24 hours more', async () => {
    const { endpoint, secret } = await create({ url: RECEIVER, events: ['agreement.sent'] });
    const before = Date.now();
    const rotated = (await admin.post(`${PATH}/${endpoint.id}/rotate-secret`).expect(201))
      .body as WebhookEndpointCreated;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    const until = Date.parse(rotated.endpoint.previousSecretUntil ?? '');
    expect(until - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(until - before).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    expect(rotated.endpoint.secretRotatedAt).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown endpoint and an empty log for a new one', async () => {
    await admin.get(`${PATH}/0123456789abcdef01234567/deliveries`).expect(404);
    const { endpoint } = await create({ url: RECEIVER, events: ['agreement.sent'] });
    const page = (await admin.get(`${PATH}/${endpoint.id}/deliveries`).expect(200)).body;
    expect(page).toEqual({ items: [], nextCursor: null });
    await admin.post(`${PATH}/${endpoint.id}/deliveries/nothing/resend`).expect(404);
  });
});

/** Without WEBHOOK_ALLOW_HTTP_LOOPBACK, the api's own machine is out of reach, plain http too. */
describe('webhook endpoints outside the local stack', () => {
  const env = createTestEnv(__filename);
  let app: INestApplication;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app } = await startApi(env.config));
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  it('refuses loopback addresses and plain http', async () => {
    const admin = asStaff(app, await signIn(app, TEST_ADMIN));
    const res = await admin
      .post(PATH)
      .send({ url: 'https://127.0.0.1/hook', events: ['agreement.sent'] })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain('a loopback address');
    const http = await admin.post(PATH).send({ url: RECEIVER, events: ['agreement.sent'] });
    expect(http.status).toBe(400);
    expect(JSON.stringify(http.body)).toContain('must use https');
  });
});
