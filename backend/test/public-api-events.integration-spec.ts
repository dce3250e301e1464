import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  STANDARD_TEMPLATE_DOC_IDS,
  type EventFeedPage,
  type PublicWebhookEvent,
} from '@prosign/domain';
import type { Connection } from 'mongoose';
import type { Response } from 'supertest';
import {
  EVENT_FEED_SETTLE_MS,
  PublicEventFeedService,
} from '../src/modules/public-api/public-event-feed.service';
import { issueApiKey, withApiKey } from './support/api-keys';
import { contractFormData, contractSendBody } from './support/document-fixtures';
import { seedBaseData } from './support/seed';
import { PUBLIC_API_URL, PUBLIC_SIGNING_URL } from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const FEED = '/api/v1/events';

const pathsOf = (res: Response) =>
  ((res.body as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);

/**
 * The events feed another system polls with an `events:read` key instead of (or to catch up
 * on) webhooks: every agreement's events in the order they were recorded, each the JSON a
 * delivery carries, read on from the last id it has, narrowed by type and agreement.
 */
describe('public api: the events feed', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    PUBLIC_SIGNING_URL,
    API_RATE_LIMIT_PER_MINUTE: '100000',
  });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let connection: Connection;
  let client: ReturnType<typeof withApiKey>;
  let csm: StaffHttp;
  const agreements: string[] = [];

  async function createAndSend(): Promise<string> {
    const created = await csm()
      .post('/api/template/create-contract')
      .send({
        docLink: `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
        formData: contractFormData({}),
      })
      .expect(201);
    const sent = await csm()
      .post('/api/contracts/send')
      .send(contractSendBody(created.body.docLink as string))
      .expect(200);
    const record = await connection.collection('agreements').findOne({ token: sent.body.token });
    return String(record?._id);
  }

  const feed = async (query = '') =>
    (await client.get(`${FEED}?${query}`).expect(200)).body as EventFeedPage;
  const described = (page: EventFeedPage) =>
    page.data.map((event) => `${agreements.indexOf(event.data.id)}:${event.type}`);

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    connection = api.get(getConnectionToken(), { strict: false });
    client = withApiKey(api, (await issueApiKey(api, ['events:read'], { name: 'Portal' })).key);
    csm = await staffHttp(api, 'csm@prosign.example');
    worker = await startWorker(env.config);
    agreements.push(await createAndSend());
    // Relayed one after the other: the second's events are recorded after the first's.
    await waitFor(
      () => connection.collection('webhook_events').countDocuments(),
      (count) => count === 2,
    );
    agreements.push(await createAndSend());
    await waitFor(
      async () => (await feed()).data.length,
      (count) => count === 4,
    );
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  it('lists every agreement’s events oldest first, each as a delivery carries it', async () => {
    const page = await feed();
    expect(described(page)).toEqual([
      '0:agreement.created',
      '0:agreement.sent',
      '1:agreement.created',
      '1:agreement.sent',
    ]);
    expect(page.hasMore).toBe(false);
    const recorded = await connection
      .collection<{ _id: string; body: string }>('webhook_events')
      .find({})
      .toArray();
    for (const event of page.data) {
      const body = recorded.find((stored) => stored._id === event.id)?.body;
      expect(event).toEqual(JSON.parse(body!) as PublicWebhookEvent);
    }
    expect(page.data[1]).toMatchObject({
      id: expect.stringMatching(/^msg_/),
      type: 'agreement.sent',
      timestamp: expect.any(String),
      data: {
        object: 'agreement',
        id: agreements[0],
        sequence: 2,
        links: { agreement: `${PUBLIC_API_URL}/api/v1/agreements/${agreements[0]}` },
      },
    });
  });

  it('reads on from the last id a client has, one page at a time, each event once', async () => {
    const all = (await feed()).data.map((event) => event.id);
    const read: string[] = [];
    let after: string | undefined;
    let more = true;
    while (more) {
      const page = await feed(`limit=1${after ? `&after=${after}` : ''}`);
      read.push(...page.data.map((event) => event.id));
      more = page.hasMore;
      after = page.data.at(-1)?.id ?? after;
    }
    expect(read).toEqual(all);
    // Caught up: nothing after the last, until something happens.
    expect(await feed(`after=${all[3]}`)).toEqual({ data: [], hasMore: false });
  });

  it('narrows the feed to some types or one agreement', async () => {
    expect(described(await feed('type=agreement.sent'))).toEqual([
      '0:agreement.sent',
      '1:agreement.sent',
    ]);
    expect(described(await feed(`agreementId=${agreements[1]}`))).toEqual([
      '1:agreement.created',
      '1:agreement.sent',
    ]);
    const first = (await feed()).data[0].id;
    expect(described(await feed(`type=agreement.created,invoice.paid&after=${first}`))).toEqual([
      '1:agreement.created',
    ]);
  });

  it('lists an event only once it has settled, so a poll never passes one still being stored', async () => {
    const service = api.get(PublicEventFeedService, { strict: false });
    const [newest] = await connection
      .collection<{ _id: string; createdAt: Date }>('webhook_events')
      .find({})
      .sort({ createdAt: -1 })
      .limit(1)
      .toArray();
    const idsAt = async (now: Date) =>
      (
        await service.list({ params: undefined, body: undefined, query: { limit: 100 } }, now)
      ).data.map((event) => event.id);
    const stored = newest.createdAt.getTime();
    expect(await idsAt(new Date(stored + EVENT_FEED_SETTLE_MS / 2))).not.toContain(newest._id);
    expect(await idsAt(new Date(stored + EVENT_FEED_SETTLE_MS + 1))).toContain(newest._id);
  });

  it('is served by indexes on the recorded order', async () => {
    const names = (await connection.collection('webhook_events').indexes()).map((i) => i.name);
    expect(names).toEqual(
      expect.arrayContaining(['stored_order', 'agreement_stored_order', 'type_stored_order']),
    );
  });

  it('says which query field is wrong, an unknown `after` included', async () => {
    const unknown = await client.get(`${FEED}?after=msg_nosuchevent`).expect(400);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(pathsOf(unknown)).toEqual(['after']);
    const bad = await client
      .get(`${FEED}?type=agreement.exploded&agreementId=42&limit=0&cursor=x`)
      .expect(400);
    expect(pathsOf(bad).sort()).toEqual(['agreementId', 'cursor', 'limit', 'type']);
  });
});
