import { IsInt, IsString, Length, Min } from 'class-validator';
import type { JobsOptions, Queue } from 'bullmq';
import { jobIdFor } from '../../../platform/queues/job-id';
import type { WebhookDeliveryDoc } from './webhook-delivery.repository';
import { WebhookJob } from './webhook-outbox';

/** One try of one delivery. Ids only: the payload and the secrets are read when the try runs. */
export class DeliverWebhookJobData {
  @IsString()
  @Length(1, 200)
  deliveryId: string;

  @IsInt()
  @Min(1)
  tryNumber: number;

  @IsInt()
  @Min(0)
  requeues: number;
}

export class RelayWebhooksJobData {
  @IsString()
  @Length(1, 100)
  agreementId: string;
}

/** The sweep's scheduler id (one per queue, so it fires once across workers). */
export const WEBHOOK_SWEEP_SCHEDULER = 'webhooks.sweep';

/**
 * The job of a delivery's next try: its id names the delivery, the try and the re-queue, none of
 * them secret, so adding it twice is one job and a resend or re-queue gets a new one.
 */
export function deliverJobOf(
  delivery: Pick<WebhookDeliveryDoc, '_id' | 'tries' | 'requeues'>,
  delayMs = 0,
): { name: string; data: DeliverWebhookJobData; opts: JobsOptions } {
  const tryNumber = delivery.tries + 1;
  return {
    name: WebhookJob.Deliver,
    data: { deliveryId: delivery._id, tryNumber, requeues: delivery.requeues },
    opts: {
      jobId: jobIdFor(WebhookJob.Deliver, delivery._id, tryNumber, delivery.requeues),
      delay: Math.max(0, delayMs),
      // A receiver's refusal is recorded and retried by the schedule, not by BullMQ: these
      // attempts only cover the worker's own trouble (the database away, a try still leased).
      attempts: 5,
      backoff: { type: 'exponential', delay: 5000 },
    },
  };
}

export async function queueNextTry(
  queue: Queue,
  delivery: Pick<WebhookDeliveryDoc, '_id' | 'tries' | 'requeues'>,
  delayMs = 0,
): Promise<void> {
  const job = deliverJobOf(delivery, delayMs);
  await queue.add(job.name, job.data, job.opts);
}
