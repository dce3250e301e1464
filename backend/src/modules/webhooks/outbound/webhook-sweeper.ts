import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '../../../platform/config/app-config';
import { QueueName } from '../../../platform/queues/queue-names';
import { deliverJobOf, queueNextTry, WEBHOOK_SWEEP_SCHEDULER } from './webhook-delivery-jobs';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookJob } from './webhook-outbox';
import { WebhookRelay } from './webhook-relay';

export interface WebhookSweepResult {
  /** Outbox entries relayed that no relay request had relayed. */
  relayed: number;
  /** Deliveries whose next try had no live job, queued again. */
  requeued: number;
}

/**
 * The safety net under the outbox and the queue: relays the outboxes whose relay request was
 * lost, and queues again the deliveries overdue for a try whose job is gone (Redis lost it, a
 * crash between recording a try and queueing the next). Runs on one schedule for all workers.
 */
@Injectable()
export class WebhookSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookSweeper.name);

  constructor(
    private readonly relay: WebhookRelay,
    private readonly deliveries: WebhookDeliveryRepository,
    @InjectQueue(QueueName.Webhooks) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue
      .upsertJobScheduler(
        WEBHOOK_SWEEP_SCHEDULER,
        { every: this.config.WEBHOOK_SWEEP_EVERY_MS },
        { name: WebhookJob.Sweep, data: {}, opts: { attempts: 1 } },
      )
      .catch((error: unknown) =>
        this.logger.error(`the webhook sweep could not be scheduled: ${String(error)}`),
      );
  }

  async sweep(now = new Date(), limit = 500): Promise<WebhookSweepResult> {
    const relayed = await this.relay.relayLeftOvers();
    let requeued = 0;
    const dueBefore = new Date(now.getTime() - this.config.WEBHOOK_SWEEP_EVERY_MS);
    for (const delivery of await this.deliveries.overdue(dueBefore, limit)) {
      const job = await this.queue.getJob(deliverJobOf(delivery).opts.jobId as string);
      const state = job ? await job.getState() : null;
      // Waiting, delayed or running: its job is alive.
      if (state && state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
      const again = await this.deliveries.bumpRequeues(delivery, now);
      if (!again) continue;
      await queueNextTry(this.queue, again);
      requeued += 1;
    }
    if (relayed || requeued) {
      this.logger.warn(
        `webhook sweep: ${relayed} event(s) relayed, ${requeued} delivery(ies) queued again`,
      );
    }
    return { relayed, requeued };
  }
}
