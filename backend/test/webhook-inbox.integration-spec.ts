import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { WebhookInboxEntry, WebhookPayload } from '@prosign/domain';
import { createServer } from 'node:net';
import request from 'supertest';
import { createApiApp } from '../src/create-api-app';
import { AgreementEventRepository } from '../src/modules/agreements/agreement-events.repository';
import { WebhookDemoSeeder } from '../src/modules/webhooks';
import { WebhookEndpointRepository } from '../src/modules/webhooks/outbound/webhook-endpoint.repository';
import { WebhookEndpointsService } from '../src/modules/webhooks/outbound/webhook-endpoints.service';
import { AppConfig } from '../src/platform/config/app-config';
import { insertStandardAgreement } from './support/agreements';
import { seedBaseData } from './support/seed';
import { asStaff, signIn, TEST_ADMIN } from './support/staff-session';
import { startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

/** A port nothing listens on now: the api's address must be known before its config is made. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The local webhook inbox of `npm start`: the demo endpoint the seed registers points at it, a
 * demo event arrives there signed and verified; a forged request is kept but marked invalid;
 * only admins read it.
 */
describe('the local webhook inbox', () => {
  let env: ReturnType<typeof createTestEnv>;
  let api: INestApplication;
  let worker: INestApplicationContext;
  let seeder: WebhookDemoSeeder;
  let admin: ReturnType<typeof asStaff>;

  beforeAll(async () => {
    const port = await freePort();
    env = createTestEnv(__filename, {
      WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
      PUBLIC_API_URL: `http://localhost:${port}`,
    });
    await seedBaseData(env.config);
    api = await createApiApp(env.config);
    await api.listen(port, '127.0.0.1');
    worker = await startWorker(env.config);
    admin = asStaff(api, await signIn(api, TEST_ADMIN));
    seeder = new WebhookDemoSeeder(
      api.get(WebhookEndpointRepository, { strict: false }),
      api.get(WebhookEndpointsService, { strict: false }),
      api.get(AppConfig),
    );
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  const inbox = async () =>
    (await admin.get('/api/webhook-inbox').expect(200)).body as WebhookInboxEntry[];

  it('registers the demo endpoint once, for every event', async () => {
    expect(await seeder.seed()).toBe(
      `every event to ${env.config.PUBLIC_API_URL}/api/webhook-inbox/receive/demo`,
    );
    expect(await seeder.seed()).toMatch(/^kept /);
    const endpoints = (await admin.get('/api/webhook-endpoints').expect(200)).body;
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0].events).toHaveLength(12);
  });

  it('shows a demo event as received, signed with the endpoint’s secret', async () => {
    const { _id } = await insertStandardAgreement(api, { status: 'not signed' });
    const updated = await api
      .get(AgreementEventRepository, { strict: false })
      .record({ _id }, { event: { type: 'viewed', actor: 'signer', data: { channel: 'email' } } });
    const eventId = (updated as unknown as { webhookOutbox: Array<{ id: string }> })
      .webhookOutbox[0].id;
    const [entry] = await waitFor(inbox, (entries) => entries.length > 0);
    expect(entry).toMatchObject({
      inbox: 'demo',
      signatureValid: true,
      headers: { 'webhook-id': eventId, 'content-type': 'application/json' },
    });
    const payload = JSON.parse(entry.body) as WebhookPayload;
    expect(payload).toMatchObject({
      id: eventId,
      type: 'agreement.viewed',
      data: { id: String(_id) },
    });
  });

  it('keeps a forged request, marked as not verified, newest first', async () => {
    const forged = JSON.stringify({ id: 'msg_forged', type: 'agreement.completed' });
    await request(api.getHttpServer())
      .post('/api/webhook-inbox/receive/demo')
      .set('content-type', 'application/json')
      .set('webhook-id', 'msg_forged')
      .set('webhook-timestamp', String(Math.floor(Date.now() / 1000)))
      .set('webhook-signature', 'v1,bm90IGEgc2lnbmF0dXJl')
      .send(forged)
      .expect(200);
    const [newest] = await inbox();
    expect(newest).toMatchObject({ inbox: 'demo', body: forged, signatureValid: false });
  });

  it('is read by admins only', async () => {
    const csm = asStaff(api, await signIn(api, 'csm@prosign.example'));
    await csm.get('/api/webhook-inbox').expect(403);
    await request(api.getHttpServer()).get('/api/webhook-inbox').expect(401);
  });
});
