import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  STANDARD_TEMPLATE_DOC_IDS,
  type PublicWebhookDelivery,
  type PublicWebhookEndpoint,
  type PublicWebhookEndpointWithSecret,
  type WebhookDeliveryPageAnswer,
  type WebhookEndpointView,
} from '@prosign/domain';
import type { Connection } from 'mongoose';
import createClient from 'openapi-fetch';
import type { Response } from 'supertest';
import { issueApiKey, withApiKey, type TestApiKey } from './support/api-keys';
import { contractFormData, contractSendBody } from './support/document-fixtures';
import type { paths } from './support/public-api.generated';
import { seedBaseData } from './support/seed';
import { PUBLIC_API_URL, PUBLIC_SIGNING_URL } from './support/signing-fixtures';
import { asStaff, signIn, staffHttp, TEST_ADMIN } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';
import { verifiedBy, WebhookReceiver } from './support/webhook-receiver';

const PATH = '/api/v1/webhook-endpoints';
const RECEIVER = 'http://127.0.0.1:9/hooks/prosign';

const pathsOf = (res: Response) =>
  ((res.body as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);
const isProblem = (res: Response) =>
  String(res.headers['content-type']).startsWith('application/problem+json');

/**
 * Another system manages its webhook endpoints with a `webhooks:write` key, through the same
 * rules as the admins' page: the secret shown once (a retry with the same Idempotency-Key shows
 * it again, and it is kept readable nowhere), URLs checked alike, changes, disabling, rotation,
 * removal; and it reads an endpoint's delivery log and sends a delivery again.
 */
describe('public api: webhook endpoints', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    PUBLIC_SIGNING_URL,
    WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
    API_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const receiver = new WebhookReceiver();
  let api: INestApplication;
  let worker: INestApplicationContext | undefined;
  let connection: Connection;
  let key: TestApiKey;
  let client: ReturnType<typeof withApiKey>;
  let typed: ReturnType<typeof createClient<paths>>;
  let admin: ReturnType<typeof asStaff>;

  const stored = (collection: string) => connection.collection(collection).find({}).toArray();
  const create = async (body: object): Promise<PublicWebhookEndpointWithSecret> =>
    (await client.post(PATH).send(body).expect(201)).body as PublicWebhookEndpointWithSecret;

  beforeAll(async () => {
    await receiver.start();
    await seedBaseData(env.config);
    let url: string;
    ({ app: api, url } = await startApi(env.config));
    connection = api.get(getConnectionToken(), { strict: false });
    key = await issueApiKey(api, ['webhooks:write'], { name: 'Accounting' });
    client = withApiKey(api, key.key);
    typed = createClient<paths>({
      baseUrl: `${url}/api/v1`,
      headers: { Authorization: `Bearer ${key.key}` },
    });
    admin = asStaff(api, await signIn(api, TEST_ADMIN));
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await receiver.stop();
    await env.cleanup();
  });

  it('registers an endpoint, shows its secret once, and names the key that made it', async () => {
    const created = await typed.POST('/webhook-endpoints', {
      body: {
        url: RECEIVER,
        description: ' Ledger ',
        events: ['agreement.completed', 'invoice.paid', 'agreement.completed'],
      },
    });
    expect(created.response.status).toBe(201);
    const { endpoint, secret } = created.data!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(endpoint).toMatchObject({
      url: RECEIVER,
      description: 'Ledger',
      events: ['agreement.completed', 'invoice.paid'],
      state: 'enabled',
      createdBy: `api-key:${key.prefix}`,
      previousSecretUntil: null,
    });

    const got = await typed.GET('/webhook-endpoints/{id}', {
      params: { path: { id: endpoint.id } },
    });
    expect(got.data).toEqual(endpoint);
    const listed = await typed.GET('/webhook-endpoints');
    expect(listed.data!.data.find((e) => e.id === endpoint.id)).toEqual(endpoint);
    // The admins' page lists it as theirs.
    const page = (await admin.get('/api/webhook-endpoints').expect(200))
      .body as WebhookEndpointView[];
    expect(page.find((e) => e.id === endpoint.id)).toEqual(endpoint);

    const secretPart = secret.slice('whsec_'.length);
    expect(JSON.stringify([got.data, listed.data])).not.toContain(secretPart);
    expect(JSON.stringify(await stored('webhook_endpoints'))).not.toContain(secretPart);
  });

  it('answers a retry with the same Idempotency-Key with the same endpoint and secret, kept sealed', async () => {
    const before = (await stored('webhook_endpoints')).length;
    const body = { url: RECEIVER, events: ['agreement.sent'] };
    const first = await client.post(PATH).set('Idempotency-Key', 'ledger-hook-1').send(body);
    expect(first.status).toBe(201);
    const retry = await client.post(PATH).set('Idempotency-Key', 'ledger-hook-1').send(body);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await stored('webhook_endpoints')).toHaveLength(before + 1);

    // The kept answer opens only with the key: the database alone never shows the secret.
    const secret = (first.body as PublicWebhookEndpointWithSecret).secret;
    expect(JSON.stringify(await stored('idempotency_records'))).not.toContain(
      secret.slice('whsec_'.length),
    );
    // Another key sending the same Idempotency-Key makes its own endpoint.
    const other = withApiKey(api, (await issueApiKey(api, ['webhooks:write'])).key);
    const theirs = await other.post(PATH).set('Idempotency-Key', 'ledger-hook-1').send(body);
    expect(theirs.status).toBe(201);
    expect(theirs.body.endpoint.id).not.toBe(first.body.endpoint.id);

    const reused = await client
      .post(PATH)
      .set('Idempotency-Key', 'ledger-hook-1')
      .send({ ...body, description: 'another' })
      .expect(422);
    expect(isProblem(reused)).toBe(true);
  });

  it('refuses a URL the admins’ page refuses, and wrong fields, as problems naming them; stores nothing', async () => {
    const before = (await stored('webhook_endpoints')).length;
    const refused = async (body: object, path: string, detail: string) => {
      const res = await client.post(PATH).send(body).expect(400);
      expect(isProblem(res)).toBe(true);
      expect(pathsOf(res)).toEqual([path]);
      expect(JSON.stringify(res.body)).toContain(detail);
    };
    await refused(
      { url: 'ftp://127.0.0.1/x', events: ['agreement.sent'] },
      'url',
      'must use https',
    );
    await refused({ url: 'not a url', events: ['agreement.sent'] }, 'url', 'not a valid URL');
    await refused(
      { url: 'https://10.1.2.3/hook', events: ['agreement.sent'] },
      'url',
      'a private address',
    );
    await refused(
      { url: 'https://169.254.169.254/latest', events: ['agreement.sent'] },
      'url',
      'a cloud metadata address',
    );
    await refused({ url: RECEIVER, events: [] }, 'events', 'choose at least one event');
    await refused({ url: RECEIVER, events: ['agreement.exploded'] }, 'events.0', 'expected one of');
    await refused(
      { url: RECEIVER, events: ['agreement.sent'], secret: 'x' },
      'secret',
      'not a known',
    );
    expect(await stored('webhook_endpoints')).toHaveLength(before);
  });

  it('changes, disables and enables an endpoint, refuses a bad change, then removes it', async () => {
    const { endpoint } = await create({ url: RECEIVER, events: ['agreement.sent'] });
    const at = `${PATH}/${endpoint.id}`;
    const changed = (
      await client
        .patch(at)
        .send({ events: ['agreement.declined'], description: 'PM tool' })
        .expect(200)
    ).body as PublicWebhookEndpoint;
    expect(changed).toMatchObject({ events: ['agreement.declined'], description: 'PM tool' });
    expect((await client.patch(at).send({ enabled: false }).expect(200)).body).toMatchObject({
      state: 'disabled_by_admin',
      disabledAt: expect.any(String),
    });
    expect((await client.patch(at).send({ enabled: true }).expect(200)).body).toMatchObject({
      state: 'enabled',
      disabledAt: null,
    });

    const plainHttp = await client.patch(at).send({ url: 'http://example.com/x' }).expect(400);
    expect(pathsOf(plainHttp)).toEqual(['url']);
    expect(pathsOf(await client.patch(at).send({}).expect(400))).toEqual(['']);
    expect(pathsOf(await client.patch(at).send({ enabled: 'no' }).expect(400))).toEqual([
      'enabled',
    ]);
    expect((await client.get(at).expect(200)).body).toMatchObject({
      url: RECEIVER,
      events: ['agreement.declined'],
      state: 'enabled',
    });

    await client.delete(at).expect(204);
    expect(isProblem(await client.delete(at).expect(404))).toBe(true);
    await client.get(at).expect(404);
    expect(pathsOf(await client.get(`${PATH}/nope`).expect(400))).toEqual(['id']);
  });

  it('rotates the secret: a new one shown once, the old one signing 24 hours more', async () => {
    const { endpoint, secret } = await create({ url: RECEIVER, events: ['agreement.sent'] });
    const before = Date.now();
    const rotated = (await client.post(`${PATH}/${endpoint.id}/rotate-secret`).expect(200))
      .body as PublicWebhookEndpointWithSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    const until = Date.parse(rotated.endpoint.previousSecretUntil ?? '');
    expect(until - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(until - before).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    await client.post(`${PATH}/0123456789abcdef01234567/rotate-secret`).expect(404);
  });

  it('reads the delivery log in cursor pages and sends a delivery again under the same webhook-id', async () => {
    const { endpoint, secret } = await create({
      url: receiver.url,
      events: ['agreement.created', 'agreement.sent'],
    });
    const csm = await staffHttp(api, 'csm@prosign.example');
    const created = await csm()
      .post('/api/template/create-contract')
      .send({
        docLink: `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
        formData: contractFormData({}),
      })
      .expect(201);
    await csm()
      .post('/api/contracts/send')
      .send(contractSendBody(created.body.docLink as string))
      .expect(200);
    worker = await startWorker(env.config);

    const log = `${PATH}/${endpoint.id}/deliveries`;
    const delivered = await waitFor(
      async () => (await client.get(log).expect(200)).body as WebhookDeliveryPageAnswer,
      (page) =>
        page.data.length === 2 && page.data.every((delivery) => delivery.state === 'delivered'),
    );
    expect(delivered.data.map((d) => d.eventType).sort()).toEqual([
      'agreement.created',
      'agreement.sent',
    ]);
    const first = (await client.get(`${log}?limit=1`).expect(200))
      .body as WebhookDeliveryPageAnswer;
    expect(first.data).toEqual([delivered.data[0]]);
    const second = (await client.get(`${log}?limit=1&cursor=${first.nextCursor}`).expect(200))
      .body as WebhookDeliveryPageAnswer;
    expect(second).toEqual({ data: [delivered.data[1]], nextCursor: null });
    expect(
      ((await client.get(`${log}?state=failed`).expect(200)).body as WebhookDeliveryPageAnswer)
        .data,
    ).toEqual([]);
    expect(pathsOf(await client.get(`${log}?cursor=bm9wZQ`).expect(400))).toEqual(['cursor']);
    expect(pathsOf(await client.get(`${log}?state=lost`).expect(400))).toEqual(['state']);

    const sent = delivered.data.find((d) => d.eventType === 'agreement.sent')!;
    const arrivedBefore = receiver.received.length;
    const resent = (await client.post(`${log}/${encodeURIComponent(sent.id)}/resend`).expect(200))
      .body as PublicWebhookDelivery;
    expect(resent).toMatchObject({ id: sent.id, eventId: sent.eventId, state: 'pending' });
    const again = await waitFor(
      async () => receiver.received.slice(arrivedBefore),
      (requests) => requests.length >= 1,
    );
    expect(again[0].headers['webhook-id']).toBe(sent.eventId);
    expect(verifiedBy(secret, again[0]).id).toBe(sent.eventId);
    await client.post(`${log}/nothing/resend`).expect(404);
  });
});

/** Without WEBHOOK_ALLOW_HTTP_LOOPBACK a key, like an admin, cannot point at the api's machine. */
describe('public api: webhook endpoints outside the local stack', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('refuses loopback addresses and plain http', async () => {
    const client = withApiKey(api, (await issueApiKey(api, ['webhooks:write'])).key);
    const loopback = await client
      .post(PATH)
      .send({ url: 'https://127.0.0.1/hook', events: ['agreement.sent'] })
      .expect(400);
    expect(pathsOf(loopback)).toEqual(['url']);
    expect(JSON.stringify(loopback.body)).toContain('a loopback address');
    const http = await client.post(PATH).send({ url: RECEIVER, events: ['agreement.sent'] });
    expect(http.status).toBe(400);
    expect(JSON.stringify(http.body)).toContain('must use https');
  });
});
