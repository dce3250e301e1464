import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '../../../platform/config/app-config';
import { QueueName } from '../../../platform/queues/queue-names';
import { WebhookInboxRepository } from '../inbox/webhook-inbox.repository';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookEventRepository } from './webhook-event.repository';
import { WebhookJob } from './webhook-outbox';

/** The retention's scheduler id (one per queue, so it fires once across workers). */
const WEBHOOK_RETENTION_SCHEDULER = 'webhooks.retention';
/** How often it runs: its deletes are indexed, and nothing waits on it. */
const RETENTION_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The local inbox keeps a week, and at most this many entries: a demo's log, not an archive. */
const INBOX_KEPT_DAYS = 7;
export const INBOX_KEPT_ENTRIES = 500;

export interface WebhookRetentionResult {
  deliveries: number;
  events: number;
  inboxEntries: number;
}

/**
 * Deletes what webhooks leave behind once nobody needs it: deliveries that ended (delivered,
 * or failed: counted from when they failed) and relayed events older than
 * WEBHOOK_RETENTION_DAYS, and the local inbox's entries older than a week or beyond its newest
 * 500. Pending deliveries are never touched. Runs hourly, once across workers.
 */
@Injectable()
export class WebhookRetention implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookRetention.name);

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly events: WebhookEventRepository,
    private readonly inbox: WebhookInboxRepository,
    @InjectQueue(QueueName.Webhooks) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue
      .upsertJobScheduler(
        WEBHOOK_RETENTION_SCHEDULER,
        { every: RETENTION_EVERY_MS },
        { name: WebhookJob.Retention, data: {}, opts: { attempts: 1 } },
      )
      .catch((error: unknown) =>
        this.logger.error(`the webhook retention could not be scheduled: ${String(error)}`),
      );
  }

  async run(now = new Date()): Promise<WebhookRetentionResult> {
    const before = new Date(now.getTime() - this.config.WEBHOOK_RETENTION_DAYS * DAY_MS);
    const result = {
      deliveries: await this.deliveries.removeEndedBefore(before),
      events: await this.events.removeCreatedBefore(before),
      inboxEntries: await this.inbox.prune(
        new Date(now.getTime() - INBOX_KEPT_DAYS * DAY_MS),
        INBOX_KEPT_ENTRIES,
      ),
    };
    if (result.deliveries || result.events || result.inboxEntries) {
      this.logger.log(
        `webhook retention: ${result.deliveries} delivery(ies), ${result.events} event(s), ${result.inboxEntries} inbox entry(ies) deleted`,
      );
    }
    return result;
  }
}
