import type { INestApplication } from '@nestjs/common';
import type { WebhookEndpointView } from '@prosign/domain';
import request from 'supertest';
import { issueApiKey, type TestApiKey } from './support/api-keys';
import { seedBaseData } from './support/seed';
import { asStaff, signIn, TEST_ADMIN } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const FOREIGN = 'https://portal.customer.example';
const CROSS_ORIGIN =
  'Request refused: it comes from a site that is not allowed to change data here.';
const UNKNOWN_AGREEMENT = '0123456789abcdef01234567';

/**
 * The cross-site check and the public api: a page on an integrator's own site may call
 * `/api/v1` with an API key (no cookie rides along, so nothing is forged), while a staff
 * session's request from a foreign site is still refused, and a key opens nothing else.
 */
describe('Origin: API keys from any site, staff sessions from ours only', () => {
  const env = createTestEnv(__filename, { WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true' });
  let app: INestApplication;
  let key: TestApiKey;
  let cookie: string;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app } = await startApi(env.config));
    key = await issueApiKey(app, ['agreements:read', 'agreements:write']);
    cookie = await signIn(app, TEST_ADMIN);
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  it("runs a key's write sent from another site's page", async () => {
    // Past the cross-site check: the route itself answers (no such agreement).
    const res = await http()
      .post(`/api/v1/agreements/${UNKNOWN_AGREEMENT}/remind`)
      .set('origin', FOREIGN)
      .set('authorization', `Bearer ${key.key}`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(CROSS_ORIGIN);
    // And a browser may read the answer: the public api allows any page, without cookies.
    const preflight = await http()
      .options(`/api/v1/agreements/${UNKNOWN_AGREEMENT}/remind`)
      .set('origin', FOREIGN)
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'authorization,content-type,idempotency-key');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'authorization',
    );
  });

  it("refuses a staff session's write from another site, and a key does not open staff routes", async () => {
    const before = (await asStaff(app, cookie).get('/api/webhook-endpoints').expect(200))
      .body as WebhookEndpointView[];
    const body = { url: 'http://127.0.0.1:9/hook', events: ['agreement.sent'] };
    const refused = await http()
      .post('/api/webhook-endpoints')
      .set('cookie', cookie)
      .set('origin', FOREIGN)
      .send(body)
      .expect(403);
    expect(refused.body.message).toBe(CROSS_ORIGIN);
    // A bearer header does not lend a staff route the public api's pass.
    await http()
      .post('/api/webhook-endpoints')
      .set('cookie', cookie)
      .set('origin', FOREIGN)
      .set('authorization', `Bearer ${key.key}`)
      .send(body)
      .expect(403);
    // Without a key, a foreign page's cookie request to the public api is refused too.
    await http()
      .post(`/api/v1/agreements/${UNKNOWN_AGREEMENT}/remind`)
      .set('cookie', cookie)
      .set('origin', FOREIGN)
      .expect(403);
    const after = (await asStaff(app, cookie).get('/api/webhook-endpoints').expect(200))
      .body as WebhookEndpointView[];
    expect(after).toHaveLength(before.length);
    // The staff routes still answer cross-origin reads only for the configured frontends.
    const preflight = await http()
      .options('/api/webhook-endpoints')
      .set('origin', FOREIGN)
      .set('access-control-request-method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
