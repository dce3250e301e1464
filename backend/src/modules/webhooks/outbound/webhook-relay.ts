import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '../../../platform/config/app-config';
import { QueueName } from '../../../platform/queues/queue-names';
import {
  AGREEMENT_WEBHOOK_OUTBOX,
  type AgreementOutboxSnapshot,
  type AgreementWebhookOutbox,
} from './agreement-webhook-outbox.port';
import { queueNextTry } from './webhook-delivery-jobs';
import { newDeliveryOf, WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { WebhookEventRepository, type WebhookEventDoc } from './webhook-event.repository';
import type { WebhookOutboxEntry } from './webhook-outbox';
import { webhookPayloadOf } from './webhook-payload';

/**
 * Moves an agreement's outbox to `webhook_events` and queues one delivery per subscribed
 * endpoint, entry by entry in order, and takes each entry off only once that is stored. Each
 * step is idempotent (the event and its deliveries have derived ids; jobs too), so a relay cut
 * short anywhere is completed by the next one, and two relays at once do the work once.
 */
@Injectable()
export class WebhookRelay {
  private readonly logger = new Logger(WebhookRelay.name);

  constructor(
    @Inject(AGREEMENT_WEBHOOK_OUTBOX) private readonly outbox: AgreementWebhookOutbox,
    private readonly events: WebhookEventRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    @InjectQueue(QueueName.Webhooks) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {}

  /** Relays the agreement's outbox; how many entries it took off. */
  async relay(agreementId: string, now = new Date()): Promise<number> {
    const snapshot = await this.outbox.snapshotOf(agreementId);
    if (!snapshot) return 0;
    const { outbox } = snapshot;
    let relayed = 0;
    let storedAt = 0;
    // In order, stopping at the first failure: an entry is taken off only after every one
    // before it, which keeps the outbox the newest entries and their numbers right.
    for (let index = 0; index < outbox.length; index += 1) {
      const sequence = snapshot.sequence - outbox.length + 1 + index;
      // Each event's own storing time, later than the one before it: the events feed lists in
      // this order, so an agreement's events keep theirs, and one stored later never sorts
      // before one a poll has already passed.
      storedAt = Math.max(Date.now(), storedAt + 1);
      await this.relayEntry(snapshot, outbox[index], sequence, now, new Date(storedAt));
      await this.outbox.removeRelayed(agreementId, outbox[index]);
      relayed += 1;
    }
    return relayed;
  }

  /** Relays the outboxes a lost request left behind (the sweep). */
  async relayLeftOvers(limit = 200): Promise<number> {
    let relayed = 0;
    for (const agreementId of await this.outbox.withOutbox(limit)) {
      try {
        relayed += await this.relay(agreementId);
      } catch (error) {
        this.logger.warn(`outbox of agreement ${agreementId} not relayed: ${String(error)}`);
      }
    }
    return relayed;
  }

  private async relayEntry(
    snapshot: AgreementOutboxSnapshot,
    entry: WebhookOutboxEntry,
    sequence: number,
    now: Date,
    storedAt: Date,
  ): Promise<void> {
    const payload = webhookPayloadOf(snapshot, entry, sequence, this.config.PUBLIC_API_URL);
    const subscribed = await this.endpoints.subscribedTo(entry.type);
    const event: WebhookEventDoc = await this.events.insertOrGet({
      _id: entry.id,
      type: entry.type,
      agreementId: snapshot.id,
      sequence,
      body: JSON.stringify(payload),
      endpointIds: subscribed.map((endpoint) => endpoint._id),
      occurredAt: new Date(entry.at),
      createdAt: storedAt,
    });
    for (const endpointId of event.endpointIds) {
      const delivery = newDeliveryOf(
        { id: event._id, type: event.type, body: event.body },
        endpointId,
        now,
      );
      // Queued only when recorded now: one recorded before is queued (or re-queued by the
      // sweep) already, and its first job may have run: adding it again would repeat nothing,
      // but only while BullMQ still remembers that job.
      if (await this.deliveries.insertIfAbsent(delivery)) await queueNextTry(this.queue, delivery);
    }
  }
}
