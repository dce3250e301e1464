import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { WebhookDeliveryState } from '@prosign/domain';
import type { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import type { WebhookInboxDoc } from '../src/modules/webhooks/inbox/webhook-inbox.repository';
import {
  newDeliveryOf,
  type WebhookDeliveryDoc,
} from '../src/modules/webhooks/outbound/webhook-delivery.repository';
import type { WebhookEventDoc } from '../src/modules/webhooks/outbound/webhook-event.repository';
import { WebhookJob } from '../src/modules/webhooks/outbound/webhook-outbox';
import {
  INBOX_KEPT_ENTRIES,
  WebhookRetention,
  type WebhookRetentionResult,
} from '../src/modules/webhooks/outbound/webhook-retention';
import { QueueName } from '../src/platform/queues/queue-names';
import { startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_DAYS = 10;

/**
 * The worker's webhook retention, over the real database: deliveries that ended (delivered,
 * or failed, counted from when they failed) and relayed events older than
 * WEBHOOK_RETENTION_DAYS go; pending deliveries stay whatever their age; the local inbox keeps
 * a week and at most its newest 500 entries.
 */
describe('webhook retention', () => {
  const env = createTestEnv(__filename, { WEBHOOK_RETENTION_DAYS: String(RETENTION_DAYS) });
  let worker: INestApplicationContext;
  let connection: Connection;
  let firstRun: WebhookRetentionResult | undefined;

  beforeAll(async () => {
    // The worker schedules the retention at start, and a scheduler's first run is at once.
    worker = await startWorker(env.config);
    connection = worker.get<Connection>(getConnectionToken(), { strict: false });
    const queue = worker.get<Queue>(getQueueToken(QueueName.Webhooks), { strict: false });
    const deadline = Date.now() + 60_000;
    while (!firstRun && Date.now() < deadline) {
      const [job] = (await queue.getJobs(['completed', 'failed'])).filter(
        (candidate) => candidate.name === WebhookJob.Retention,
      );
      if (job?.failedReason) throw new Error(`the retention failed: ${job.failedReason}`);
      firstRun = job?.returnvalue as WebhookRetentionResult | undefined;
      if (!firstRun) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await worker?.close();
    await env.cleanup();
  });

  it('runs through the worker on a schedule', () => {
    expect(firstRun).toEqual({ deliveries: 0, events: 0, inboxEntries: 0 });
  });

  it('deletes ended deliveries and events past the retention; keeps pending and recent ones', async () => {
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * DAY_MS);
    const delivery = (name: string, state: WebhookDeliveryState, endedDaysAgo: number) => ({
      ...newDeliveryOf(
        { id: `msg_${name}`, type: 'agreement.sent', body: '{}' },
        'endpoint1',
        // Created long before it ended: a failed one is kept from when it failed.
        daysAgo(endedDaysAgo + 3),
      ),
      state,
      updatedAt: daysAgo(endedDaysAgo),
    });
    const deliveries = connection.collection<WebhookDeliveryDoc>('webhook_deliveries');
    await deliveries.insertMany([
      delivery('old-delivered', 'delivered', RETENTION_DAYS + 1),
      delivery('old-failed', 'failed', RETENTION_DAYS + 1),
      delivery('recent-failed', 'failed', RETENTION_DAYS - 1),
      delivery('recent-delivered', 'delivered', 1),
      delivery('old-retrying', 'retrying', RETENTION_DAYS + 5),
    ]);
    const event = (name: string, createdDaysAgo: number): WebhookEventDoc => ({
      _id: `msg_${name}`,
      type: 'agreement.sent',
      agreementId: 'a1',
      sequence: 1,
      body: '{}',
      endpointIds: [],
      occurredAt: daysAgo(createdDaysAgo),
      createdAt: daysAgo(createdDaysAgo),
    });
    const events = connection.collection<WebhookEventDoc>('webhook_events');
    await events.insertMany([event('old', RETENTION_DAYS + 1), event('recent', 2)]);

    const result = await worker.get(WebhookRetention, { strict: false }).run(new Date(now));

    expect(result).toMatchObject({ deliveries: 2, events: 1 });
    expect((await deliveries.find({}).toArray()).map((d) => d.eventId).sort()).toEqual([
      'msg_old-retrying',
      'msg_recent-delivered',
      'msg_recent-failed',
    ]);
    expect((await events.find({}).toArray()).map((e) => e._id)).toEqual(['msg_recent']);
  });

  it(`keeps the local inbox to a week and its newest ${INBOX_KEPT_ENTRIES} entries`, async () => {
    const now = Date.now();
    const entry = (index: number, receivedAt: Date): WebhookInboxDoc => ({
      _id: `entry${String(index).padStart(4, '0')}`,
      receivedAt,
      inbox: 'demo',
      headers: {},
      body: '{}',
      signatureValid: null,
    });
    const inbox = connection.collection<WebhookInboxDoc>('webhook_inbox');
    // One from 8 days ago, then 510 from the last hours, entry0001 the oldest of them.
    await inbox.insertMany([
      entry(0, new Date(now - 8 * DAY_MS)),
      ...Array.from({ length: 510 }, (_, i) => entry(i + 1, new Date(now - (511 - i) * 60_000))),
    ]);

    const result = await worker.get(WebhookRetention, { strict: false }).run(new Date(now));

    expect(result.inboxEntries).toBe(11);
    const kept = (await inbox.find({}).toArray()).map((e) => e._id).sort();
    expect(kept).toHaveLength(INBOX_KEPT_ENTRIES);
    expect(kept[0]).toBe('entry0011');
    expect(kept.at(-1)).toBe('entry0510');
  });
});
