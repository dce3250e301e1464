import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  STANDARD_TEMPLATE_DOC_IDS,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookEndpointCreated,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookTestPayload,
} from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import { contractFormData, contractSendBody } from './support/document-fixtures';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sealedFinish,
  signStandardAs,
} from './support/signing-fixtures';
import { asStaff, signIn, staffHttp, TEST_ADMIN, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';
import { verifiedBy, WebhookReceiver, type ReceivedWebhook } from './support/webhook-receiver';

const LUIS = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com', phone: '+14155550124' };

/**
 * An agreement's life reaches a subscribed receiver as signed webhooks: each event is in the
 * agreement's outbox from the same write as the change, relayed and delivered by the worker,
 * verified by the independent `standardwebhooks` library (both secrets during a rotation),
 * numbered per agreement, and never carrying a signer's token or link.
 */
describe('webhook delivery of an agreement’s life', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    PUBLIC_SIGNING_URL,
    WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
  });
  const receiver = new WebhookReceiver();
  let api: INestApplication;
  let worker: INestApplicationContext | undefined;
  let csm: StaffHttp;
  let admin: ReturnType<typeof asStaff>;
  let connection: Connection;
  let endpoint: WebhookEndpointCreated;
  /** The secret the endpoint was created with. */
  let initialSecret: string;

  beforeAll(async () => {
    await receiver.start();
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    csm = await staffHttp(api, 'csm@prosign.example');
    admin = asStaff(api, await signIn(api, TEST_ADMIN));
    connection = api.get(getConnectionToken(), { strict: false });
    endpoint = (
      await admin
        .post('/api/webhook-endpoints')
        .send({
          url: receiver.url,
          events: [
            'agreement.created',
            'agreement.sent',
            'agreement.viewed',
            'agreement.recipient_signed',
            'agreement.completed',
          ],
        })
        .expect(201)
    ).body as WebhookEndpointCreated;
    initialSecret = endpoint.secret;
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await receiver.stop();
    await env.cleanup();
  });

  async function sendWithLuis(): Promise<{ token: string; agreementId: string }> {
    const created = await csm()
      .post('/api/template/create-contract')
      .send({
        docLink: `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
        formData: contractFormData({}),
        additional_signers: [LUIS],
      })
      .expect(201);
    const sent = await csm()
      .post('/api/contracts/send')
      .send({
        ...contractSendBody(created.body.docLink as string),
        additional_signers: [LUIS],
        signing_order: 'parallel',
      })
      .expect(200);
    const record = await connection.collection('agreements').findOne({ token: sent.body.token });
    return { token: sent.body.token as string, agreementId: String(record?._id) };
  }

  const storedAgreement = (id: string) =>
    connection.collection('agreements').findOne({ _id: new Types.ObjectId(id) });
  const deliveredTo = (agreementId: string) =>
    receiver.received.filter(
      (r) => r.status < 300 && (JSON.parse(r.body) as WebhookPayload).data.id === agreementId,
    );
  const typesOf = (requests: ReceivedWebhook[]) =>
    requests.map((r) => (JSON.parse(r.body) as WebhookPayload).type);
  const waitForTypes = (agreementId: string, types: WebhookEventType[]) =>
    waitFor(
      async () => typesOf(deliveredTo(agreementId)),
      (got) => types.every((type) => got.includes(type)),
    );

  it('records the events in the outbox with the change, and delivers them once a worker runs', async () => {
    const { agreementId } = await sendWithLuis();
    // No worker yet: the events wait in the agreement itself, written with its send.
    const record = await storedAgreement(agreementId);
    const outbox = record?.webhookOutbox as Array<{ type: string; historyHash: string | null }>;
    expect(outbox.map((entry) => entry.type)).toEqual(['agreement.created', 'agreement.sent']);
    const sentEvent = (record?.events as Array<{ type: string; hash: string; at: Date }>).find(
      (event) => event.type === 'sent',
    );
    expect(outbox[1].historyHash).toBe(sentEvent?.hash);
    expect(record?.webhookSequence).toBe(2);
    expect(await connection.collection('webhook_events').countDocuments()).toBe(0);

    worker = await startWorker(env.config);
    await waitForTypes(agreementId, ['agreement.created', 'agreement.sent']);
    const payloads = deliveredTo(agreementId).map((request) =>
      verifiedBy(endpoint.secret, request),
    );
    expect(payloads.map((p) => [p.type, p.data.sequence]).sort()).toEqual([
      ['agreement.created', 1],
      ['agreement.sent', 2],
    ]);
    const sent = payloads.find((p) => p.type === 'agreement.sent')!;
    expect(sent).toEqual({
      id: expect.stringMatching(/^msg_/),
      type: 'agreement.sent',
      timestamp: sentEvent?.at.toISOString(),
      data: {
        object: 'agreement',
        id: agreementId,
        sequence: 2,
        family: 'standard',
        status: expect.any(String),
        summary: {},
        links: {
          agreement: `${PUBLIC_API_URL}/api/v1/agreements/${agreementId}`,
          pdf: `${PUBLIC_API_URL}/api/v1/agreements/${agreementId}/pdf`,
          certificate: `${PUBLIC_API_URL}/api/v1/agreements/${agreementId}/certificate`,
        },
      },
    });
    const request = deliveredTo(agreementId).find((r) => r.body.includes('agreement.sent'))!;
    expect(request.headers['webhook-id']).toBe(sent.id);
    // Relayed: the outbox is empty, the events kept in `webhook_events`.
    const relayed = await waitFor(
      () => storedAgreement(agreementId),
      (after) => (after?.webhookOutbox as unknown[]).length === 0,
    );
    expect(relayed?.webhookSequence).toBe(2);
    expect(await connection.collection('webhook_events').countDocuments({ agreementId })).toBe(2);
  });

  it('delivers each signature and the seal in order, and no payload or header holds a token or link', async () => {
    worker ??= await startWorker(env.config);
    const { token, agreementId } = await sendWithLuis();
    const stored = await connection.collection('agreements').findOne({ token });
    const luis = (stored?.recipients as Array<{ token?: string }>)[1].token as string;
    await signStandardAs(api, token, 'Maria Elena Alvarez');
    await signStandardAs(api, luis, 'Luis Alvarez');
    await sealedFinish(api, token);
    await waitForTypes(agreementId, [
      'agreement.viewed',
      'agreement.recipient_signed',
      'agreement.completed',
    ]);
    const payloads = deliveredTo(agreementId).map((r) => verifiedBy(endpoint.secret, r));
    const signed = payloads.filter((p) => p.type === 'agreement.recipient_signed');
    expect(signed.map((p) => p.data.summary.recipientName).sort()).toEqual([
      'Luis Alvarez',
      'Maria Elena Alvarez',
    ]);
    const completed = payloads.find((p) => p.type === 'agreement.completed')!;
    const sequences = payloads.map((p) => p.data.sequence);
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(completed.data.sequence).toBe(Math.max(...sequences));
    expect(Math.max(...signed.map((p) => p.data.sequence))).toBeLessThan(completed.data.sequence);

    // Every secret of the signers: the link tokens, the links, the document's own link.
    const record = await connection.collection('agreements').findOne({ token });
    const links = await connection
      .collection('agreement_links')
      .find({ agreementId: record?._id })
      .toArray();
    const secrets = [
      token,
      luis,
      String(record?.signingLink),
      String(record?.docLink),
      ...links.map((link) => String(link._id)),
      ...(record?.recipients as Array<{ token?: string; signingLink?: string }>).flatMap((r) =>
        [r.token, r.signingLink].filter((value): value is string => Boolean(value)),
      ),
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    const sentToReceiver = deliveredTo(agreementId)
      .map((r) => JSON.stringify(r.headers) + r.body)
      .join('\n');
    const kept = JSON.stringify([
      await connection.collection('webhook_events').find({ agreementId }).toArray(),
      await connection.collection('webhook_deliveries').find({}).toArray(),
    ]);
    for (const secret of secrets) {
      expect(sentToReceiver).not.toContain(secret);
      expect(kept).not.toContain(secret);
    }
  });

  it('signs with both secrets during a rotation: a receiver holding either one accepts', async () => {
    worker ??= await startWorker(env.config);
    const rotated = (
      await admin.post(`/api/webhook-endpoints/${endpoint.endpoint.id}/rotate-secret`).expect(201)
    ).body as WebhookEndpointCreated;
    const { agreementId } = await sendWithLuis();
    await waitForTypes(agreementId, ['agreement.sent']);
    for (const request of deliveredTo(agreementId)) {
      expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verifiedBy(endpoint.secret, request).data.id).toBe(agreementId);
      expect(verifiedBy(rotated.secret, request).data.id).toBe(agreementId);
    }
    endpoint = { ...endpoint, secret: rotated.secret };
  });

  it('keeps every old secret signing through its own 24 hours, at most 3, the oldest dropped first', async () => {
    worker ??= await startWorker(env.config);
    const path = `/api/webhook-endpoints/${endpoint.endpoint.id}`;
    // The first secret was rotated out in the test before; three more rotations push it out.
    const issued = [endpoint.secret];
    let latest: WebhookEndpointCreated | undefined;
    for (let i = 0; i < 3; i += 1) {
      latest = (await admin.post(`${path}/rotate-secret`).expect(201))
        .body as WebhookEndpointCreated;
      issued.push(latest.secret);
      // Two rotations in: the first secret is still one of the three old ones.
      if (i === 1) expect(latest.endpoint.previousSecretsUntil).toHaveLength(3);
    }
    const view = latest!.endpoint;
    expect(view.previousSecretsUntil).toHaveLength(3);
    expect(view.previousSecretUntil).toBe(view.previousSecretsUntil[0]);

    const sent = (await admin.post(`${path}/test-event`).expect(202)).body as WebhookDeliveryView;
    const [request] = await waitFor(
      async () => receiver.received.filter((r) => r.headers['webhook-id'] === sent.eventId),
      (found) => found.length === 1,
    );
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(4);
    // A receiver holding any still-valid secret verifies it; the oldest one no longer does.
    for (const secret of issued.slice(-4)) {
      expect(verifiedBy(secret, request).id).toBe(sent.eventId);
    }
    expect(() => verifiedBy(initialSecret, request)).toThrow();
    endpoint = { ...endpoint, secret: latest!.secret };
  });

  it('sends a test event through the same path: signed, marked as a test, logged, and sent again on Resend', async () => {
    worker ??= await startWorker(env.config);
    const path = `/api/webhook-endpoints/${endpoint.endpoint.id}`;
    const queued = (await admin.post(`${path}/test-event`).expect(202)).body as WebhookDeliveryView;
    expect(queued).toMatchObject({ eventType: 'webhook.test', state: 'pending' });
    const received = () =>
      receiver.received.filter((r) => r.headers['webhook-id'] === queued.eventId);
    const [first] = await waitFor(
      async () => received(),
      (found) => found.length === 1,
    );
    const payload = verifiedBy(endpoint.secret, first) as unknown as WebhookTestPayload;
    expect(payload).toEqual({
      id: queued.eventId,
      type: 'webhook.test',
      timestamp: expect.any(String),
      test: true,
      data: {
        object: 'test',
        endpointId: endpoint.endpoint.id,
        message: expect.stringContaining('test event'),
      },
    });

    const log = await waitFor(
      async () =>
        (await admin.get(`${path}/deliveries?limit=1`).expect(200)).body as WebhookDeliveryPage,
      (page) => page.items[0]?.state === 'delivered',
    );
    expect(log.items[0]).toMatchObject({ id: queued.id, eventType: 'webhook.test' });

    await admin.post(`${path}/deliveries/${queued.id}/resend`).expect(200);
    const again = await waitFor(
      async () => received(),
      (found) => found.length === 2,
    );
    expect(again[1].headers['webhook-id']).toBe(queued.eventId);

    // Nobody subscribes to it, and a disabled endpoint is not pinged.
    await admin
      .post('/api/webhook-endpoints')
      .send({ url: receiver.url, events: ['webhook.test'] })
      .expect(400);
    await admin.patch(path).send({ enabled: false }).expect(200);
    await admin.post(`${path}/test-event`).expect(409);
    await admin.patch(path).send({ enabled: true }).expect(200);
  });

  it('lists the deliveries newest first, a page at a time, with each try', async () => {
    const path = `/api/webhook-endpoints/${endpoint.endpoint.id}/deliveries`;
    const first = (await admin.get(`${path}?limit=2`).expect(200)).body as WebhookDeliveryPage;
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await admin.get(`${path}?limit=2&cursor=${first.nextCursor}`).expect(200))
      .body as WebhookDeliveryPage;
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.items, ...second.items].map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const delivered = (await admin.get(`${path}?state=delivered`).expect(200))
      .body as WebhookDeliveryPage;
    expect(delivered.items.length).toBeGreaterThan(0);
    for (const item of delivered.items) {
      expect(item.state).toBe('delivered');
      expect(item.attempts.at(-1)).toMatchObject({ status: 200, error: null });
      expect(JSON.parse(item.requestBody)).toMatchObject({
        id: item.eventId,
        type: item.eventType,
      });
    }
  });
});
