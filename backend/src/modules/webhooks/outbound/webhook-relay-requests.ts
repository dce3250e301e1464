import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueName } from '../../../platform/queues/queue-names';
import { relayJobOf, type WebhookOutboxEntry } from './webhook-outbox';

/**
 * What a writer of the outbox calls once its write is stored: the worker relays the agreement's
 * outbox now instead of at the next sweep. Losing this request (Redis down, a crash right after
 * the write) only delays the event to the sweep; it never fails the write that recorded it.
 */
@Injectable()
export class WebhookRelayRequests {
  private readonly logger = new Logger(WebhookRelayRequests.name);

  constructor(@InjectQueue(QueueName.Webhooks) private readonly queue: Queue) {}

  async relaySoon(agreementId: string, entry: Pick<WebhookOutboxEntry, 'id'>): Promise<void> {
    const job = relayJobOf(agreementId, entry);
    try {
      await this.queue.add(job.name, job.data, job.opts);
    } catch (error) {
      this.logger.warn(
        `webhook event ${entry.id} recorded, its relay not queued (the sweep relays it): ${String(error)}`,
      );
    }
  }
}
