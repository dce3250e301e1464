import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type {
  WebhookDeliveryPage,
  WebhookDeliveryView,
  WebhookEndpointCreated,
  WebhookEndpointView,
  WebhookPayload,
} from '@prosign/domain';
import { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { AgreementEventRepository } from '../src/modules/agreements/agreement-events.repository';
import { insertStandardAgreement } from './support/agreements';
import { seedBaseData } from './support/seed';
import { asStaff, signIn, TEST_ADMIN } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';
import { verifiedBy, WebhookReceiver } from './support/webhook-receiver';

/** The schedule on a test's time scale: 200 ms doubling, at most 1 s, for the window given. */
const SHORT_SCHEDULE = {
  WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
  WEBHOOK_RETRY_FIRST_DELAY_MS: '200',
  WEBHOOK_RETRY_MAX_DELAY_MS: '1000',
};

/** An api with an admin, an endpoint at a local receiver, and a way to record agreement events. */
async function webhookScene(env: TestEnv, receiver: WebhookReceiver) {
  await receiver.start();
  await seedBaseData(env.config);
  const { app: api } = await startApi(env.config);
  const admin = asStaff(api, await signIn(api, TEST_ADMIN));
  const created = (
    await admin
      .post('/api/webhook-endpoints')
      .send({ url: receiver.url, events: ['agreement.viewed', 'agreement.cancelled'] })
      .expect(201)
  ).body as WebhookEndpointCreated;
  const connection: Connection = api.get(getConnectionToken(), { strict: false });
  const eventLog = api.get(AgreementEventRepository, { strict: false });
  const { _id } = await insertStandardAgreement(api, { status: 'not signed' });
  /** A signer opens the agreement: one `agreement.viewed` event, recorded as the product does. */
  const viewed = async () => {
    const updated = await eventLog.record(
      { _id },
      { event: { type: 'viewed', actor: 'signer', data: { channel: 'email' } } },
    );
    const entries = (updated as unknown as { webhookOutbox: Array<{ id: string }> }).webhookOutbox;
    return entries[entries.length - 1].id;
  };
  const deliveriesOf = async (endpointId = created.endpoint.id) =>
    (
      (await admin.get(`/api/webhook-endpoints/${endpointId}/deliveries`).expect(200))
        .body as WebhookDeliveryPage
    ).items;
  const endpointView = async () =>
    ((await admin.get('/api/webhook-endpoints').expect(200)).body as WebhookEndpointView[]).find(
      (e) => e.id === created.endpoint.id,
    )!;
  return { api, admin, created, connection, agreementId: _id, viewed, deliveriesOf, endpointView };
}

describe('webhook retries: backoff on failures, then delivered', () => {
  const env = createTestEnv(__filename, {
    ...SHORT_SCHEDULE,
    WEBHOOK_RETRY_WINDOW_MS: '60000',
    // The sweep that finds what Redis lost, on a test's time scale.
    WEBHOOK_SWEEP_EVERY_MS: '500',
  });
  const receiver = new WebhookReceiver();
  let api: INestApplication;
  let worker: INestApplicationContext;
  let scene: Awaited<ReturnType<typeof webhookScene>>;

  beforeAll(async () => {
    scene = await webhookScene(env, receiver);
    api = scene.api;
    worker = await startWorker(env.config);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await receiver.stop();
    await env.cleanup();
  });

  it('tries again with growing waits after two 500s, under the same webhook-id, then delivers', async () => {
    receiver.answer = (_request, index) => (index < 2 ? 500 : 200);
    const eventId = await scene.viewed();
    const tries = await waitFor(
      async () => receiver.received.filter((r) => r.headers['webhook-id'] === eventId),
      (got) => got.some((r) => r.status === 200),
    );
    expect(tries.map((r) => r.status)).toEqual([500, 500, 200]);
    // 200 ms then 400 ms nominal, each drawn within ±20 %.
    const gaps = tries.slice(1).map((r, i) => r.at.getTime() - tries[i].at.getTime());
    expect(gaps[0]).toBeGreaterThanOrEqual(160);
    expect(gaps[1]).toBeGreaterThanOrEqual(320);
    for (const request of tries) expect(verifiedBy(scene.created.secret, request).id).toBe(eventId);

    const [delivery] = await waitFor(
      () => scene.deliveriesOf(),
      (items) => items[0]?.state === 'delivered',
    );
    expect(delivery).toMatchObject({
      eventId,
      state: 'delivered',
      nextAttemptAt: null,
      lastError: null,
    });
    expect(delivery.attempts.map((a) => [a.status, a.error])).toEqual([
      [500, 'answered 500'],
      [500, 'answered 500'],
      [200, null],
    ]);
    expect(delivery.responseExcerpt).toBe('ok');
    expect(await scene.endpointView()).toMatchObject({
      state: 'enabled',
      failingSince: null,
      lastDeliveryAt: expect.any(String),
    });
  });

  it('records no webhook event for a change that was not stored', async () => {
    const eventLog = scene.api.get(AgreementEventRepository, { strict: false });
    const before = await scene.connection
      .collection('agreements')
      .findOne({ _id: scene.agreementId });
    const refused = await eventLog.record(
      { _id: scene.agreementId },
      {
        // The change's own condition fails (as a lost race does): neither it nor its event is kept.
        condition: { deletedAt: { $ne: null } },
        event: { type: 'cancelled', actor: TEST_ADMIN },
      },
    );
    expect(refused).toBeNull();
    const after = await scene.connection
      .collection('agreements')
      .findOne({ _id: scene.agreementId });
    expect(after?.webhookSequence).toBe(before?.webhookSequence);
    expect(after?.events).toHaveLength((before?.events as unknown[]).length);
  });

  it('loses nothing when the worker stops mid-delivery, nor when Redis loses the queued jobs', async () => {
    // One event is left retrying (its next try a delayed job), one is in flight as the worker stops.
    const base = receiver.arrived;
    receiver.answer = (_request, index) => (index === base ? 500 : 200);
    receiver.holdMs = (index) => (index === base + 1 ? 1500 : 0);
    const retrying = await scene.viewed();
    await waitFor(
      async () => receiver.arrived,
      (n) => n > base,
    );
    const inFlight = await scene.viewed();
    await waitFor(
      async () => receiver.arrived,
      (n) => n > base + 1,
    );
    // Stopped now: the try under way is finished and recorded before the worker ends.
    await worker.close();

    // Recorded while no worker runs: they wait in the agreement's outbox (and the queue).
    const whileStopped = [await scene.viewed(), await scene.viewed()];
    // Then Redis loses every job of the queue: relay requests and the delayed retry alike.
    const queue = new Queue('webhooks', {
      connection: { url: env.config.REDIS_URL },
      prefix: env.prefix,
    });
    await queue.obliterate({ force: true });
    await queue.close();

    worker = await startWorker(env.config);
    const expected = [retrying, inFlight, ...whileStopped];
    const got = await waitFor(
      async () => receiver.delivered().map((payload: WebhookPayload) => payload.id),
      (ids) => expected.every((id) => ids.includes(id)),
    );
    // Each answered 2xx once: any other request for it carried the same webhook-id.
    for (const id of expected) expect(got.filter((other) => other === id)).toHaveLength(1);
    const agreement = await scene.connection
      .collection('agreements')
      .findOne({ _id: scene.agreementId });
    expect(agreement?.webhookOutbox).toEqual([]);
  });
});

describe('webhook failures: failed after the window, the endpoint disabled and the admins mailed, then resent', () => {
  const env = createTestEnv(__filename, { ...SHORT_SCHEDULE, WEBHOOK_RETRY_WINDOW_MS: '1500' });
  const receiver = new WebhookReceiver();
  let worker: INestApplicationContext;
  let scene: Awaited<ReturnType<typeof webhookScene>>;

  beforeAll(async () => {
    scene = await webhookScene(env, receiver);
    worker = await startWorker(env.config);
  });

  afterAll(async () => {
    await worker?.close();
    await scene?.api.close();
    await receiver.stop();
    await env.cleanup();
  });

  it('fails the delivery once the window is over, keeps it, disables the endpoint and mails the admins', async () => {
    receiver.answer = () => 503;
    const eventId = await scene.viewed();
    const [failed] = await waitFor(
      () => scene.deliveriesOf(),
      (items) => items[0]?.state === 'failed',
    );
    expect(failed).toMatchObject({ eventId, state: 'failed', nextAttemptAt: null });
    // Waits of 200, 400, 800, 1,000 ms, each ±20 %: a try is planned only while it would start
    // within the 1.5 s window, so after the first come two or three retries (the fourth's
    // shortest plan, 0.8 × 2,400 ms, is past it). Their actual starts may lag their plans on a
    // busy machine; what the window bounds is the plans, hence their number.
    expect(failed.attempts.length).toBeGreaterThanOrEqual(3);
    expect(failed.attempts.length).toBeLessThanOrEqual(4);
    expect(failed.attempts.every((a) => a.status === 503)).toBe(true);

    // The endpoint is disabled just after the delivery's last try is recorded (a second write).
    const disabled = await waitFor(
      () => scene.endpointView(),
      (view) => view.state !== 'enabled',
    );
    expect(disabled).toMatchObject({
      state: 'disabled_failing',
      failingSince: failed.attempts[0].at,
      disabledAt: expect.any(String),
    });
    const mails = await waitFor(
      () =>
        scene.connection
          .collection('mail_deliveries')
          .find({ template: 'webhook-endpoint-disabled' })
          .toArray(),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toContain(TEST_ADMIN);
    expect(String(mails[0].text)).toContain(receiver.url);
    expect(String(mails[0].text)).not.toContain(scene.created.secret.slice(6));

    // Disabled: a new event is relayed for no endpoint, and nothing is sent.
    const tried = receiver.arrived;
    const unsent = await scene.viewed();
    const relayed = await waitFor(
      () => scene.connection.collection('webhook_events').findOne({ _id: unsent as never }),
      Boolean,
    );
    expect(relayed?.endpointIds).toEqual([]);
    expect(receiver.arrived).toBe(tried);
  });

  it('resends a failed delivery once the endpoint is enabled again: a new try now, the same webhook-id', async () => {
    receiver.answer = () => 200;
    const [failed] = (await scene.deliveriesOf()).filter((d) => d.state === 'failed');
    await scene.admin
      .post(`/api/webhook-endpoints/${scene.created.endpoint.id}/deliveries/${failed.id}/resend`)
      .expect(409);
    await scene.admin
      .patch(`/api/webhook-endpoints/${scene.created.endpoint.id}`)
      .send({ enabled: true })
      .expect(200);
    const resent = (
      await scene.admin
        .post(`/api/webhook-endpoints/${scene.created.endpoint.id}/deliveries/${failed.id}/resend`)
        .expect(200)
    ).body as WebhookDeliveryView;
    expect(resent).toMatchObject({ id: failed.id, state: 'pending' });
    const request = await waitFor(
      async () =>
        receiver.received.find(
          (r) => r.status === 200 && r.headers['webhook-id'] === failed.eventId,
        ),
      Boolean,
    );
    expect(verifiedBy(scene.created.secret, request!).id).toBe(failed.eventId);
    const after = await waitFor(
      async () => (await scene.deliveriesOf()).find((d) => d.id === failed.id)!,
      (d) => d.state === 'delivered',
    );
    expect(after.attempts.length).toBe(failed.attempts.length + 1);
  });
});
