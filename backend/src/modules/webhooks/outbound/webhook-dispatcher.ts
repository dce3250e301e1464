import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import {
  nextWebhookRetryAt,
  type WebhookDeliveryState,
  type WebhookRetrySchedule,
} from '@prosign/domain';
import type { Queue } from 'bullmq';
import { AppConfig } from '../../../platform/config/app-config';
import { QueueName } from '../../../platform/queues/queue-names';
import { safeHttpPost, type SafePostResult } from './safe-http-post';
import { signWebhook } from './standard-webhook-signature';
import { queueNextTry, type DeliverWebhookJobData } from './webhook-delivery-jobs';
import { WebhookDeliveryRepository, type WebhookDeliveryDoc } from './webhook-delivery.repository';
import { WebhookEndpointHealth } from './webhook-endpoint-health';
import { WebhookEndpointRepository, type WebhookEndpointDoc } from './webhook-endpoint.repository';
import { WebhookSecretBox } from './webhook-secret-box';

/** The longest answer excerpt kept on a delivery for the log. */
const EXCERPT_CHARS = 2048;
/** A try's lease: the POST's 10 s cut and time to record it. */
const TRY_LEASE_MS = 30_000;

/** Why a try could not be made now; BullMQ runs the job again later. */
class TryBusyError extends Error {}

export type TryOutcome =
  { made: true; state: WebhookDeliveryState } | { made: false; reason: string };

/** The retry schedule in force: the domain's, as configured. */
function retryScheduleOf(config: AppConfig): WebhookRetrySchedule {
  return {
    firstDelayMs: config.WEBHOOK_RETRY_FIRST_DELAY_MS,
    maxDelayMs: config.WEBHOOK_RETRY_MAX_DELAY_MS,
    jitter: 0.2,
    windowMs: config.WEBHOOK_RETRY_WINDOW_MS,
  };
}

/** The secrets a delivery at `now` is signed with: the current one, and each rotated-out one still in its overlap. */
export function signingSecretsOf(
  endpoint: Pick<WebhookEndpointDoc, 'secrets'>,
  box: WebhookSecretBox,
  now: Date,
): string[] {
  return endpoint.secrets
    .filter((secret) => secret.until === null || secret.until.getTime() > now.getTime())
    .map((secret) => box.open(secret.sealed));
}

function errorOf(result: SafePostResult): string | null {
  if (result.outcome === 'answered') {
    return result.status >= 200 && result.status < 300 ? null : `answered ${result.status}`;
  }
  return result.reason;
}

/**
 * Makes one try of one delivery: takes it (a lease, so no two runners try it at once), signs the
 * payload with the endpoint's valid secrets, POSTs it through the address checks, records the
 * outcome and the next try in one write, then queues that try. Runs in the worker.
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly box: WebhookSecretBox;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly health: WebhookEndpointHealth,
    @InjectQueue(QueueName.Webhooks) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {
    this.box = new WebhookSecretBox(config.WEBHOOK_SECRETS_KEY);
  }

  async tryDelivery(job: DeliverWebhookJobData, now = new Date()): Promise<TryOutcome> {
    const delivery = await this.deliveries.claimTry(job.deliveryId, job, now, TRY_LEASE_MS);
    if (!delivery) return this.notTaken(job, now);
    const endpoint = await this.endpoints.findById(delivery.endpointId);
    if (!endpoint || endpoint.state !== 'enabled') {
      const reason = endpoint ? 'The endpoint is disabled.' : 'The endpoint was removed.';
      await this.deliveries.giveUp(delivery._id, reason, now);
      return { made: false, reason };
    }
    const startedAt = new Date();
    let secrets: string[];
    try {
      secrets = signingSecretsOf(endpoint, this.box, startedAt);
    } catch {
      // Sealed under another key: no try could ever be signed, so none is made (nor retried).
      const reason = "The endpoint's secret cannot be read: was WEBHOOK_SECRETS_KEY changed?";
      await this.deliveries.giveUp(delivery._id, reason, now);
      return { made: false, reason };
    }
    const result = await safeHttpPost(
      {
        url: endpoint.url,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ProSign-Webhooks/1',
          ...signWebhook(
            { id: delivery.eventId, timestamp: startedAt, body: delivery.body },
            secrets,
          ),
        },
        body: delivery.body,
      },
      { allowLoopback: this.config.WEBHOOK_ALLOW_HTTP_LOOPBACK },
    );
    return this.record(delivery, job.tryNumber, endpoint, result, startedAt);
  }

  private async record(
    delivery: WebhookDeliveryDoc,
    tryNumber: number,
    endpoint: WebhookEndpointDoc,
    result: SafePostResult,
    at: Date,
  ): Promise<TryOutcome> {
    const error = errorOf(result);
    const windowStartedAt = delivery.windowStartedAt ?? at;
    const nextAttemptAt = error
      ? nextWebhookRetryAt(retryScheduleOf(this.config), windowStartedAt, tryNumber, new Date())
      : null;
    const state: WebhookDeliveryState = !error
      ? 'delivered'
      : nextAttemptAt
        ? 'retrying'
        : 'failed';
    const recorded = await this.deliveries.recordTry(delivery, tryNumber, {
      attempt: {
        at,
        status: result.outcome === 'answered' ? result.status : null,
        latencyMs: result.outcome === 'refused' ? 0 : result.latencyMs,
        error,
      },
      state,
      nextAttemptAt,
      responseExcerpt:
        result.outcome === 'answered' ? result.bodyExcerpt.slice(0, EXCERPT_CHARS) : null,
    });
    if (!recorded) {
      this.logger.warn(`webhook delivery ${delivery._id}: try ${tryNumber} outlived its lease`);
      return { made: false, reason: 'lease lost' };
    }
    if (error) {
      // The first try of this run (a resend starts a new one), this one when it is the first.
      const firstTryAt =
        delivery.attempts.find((tried) => tried.at.getTime() >= windowStartedAt.getTime())?.at ??
        at;
      await this.health.tryFailed(endpoint, at, state === 'failed' ? { firstTryAt } : null);
    } else await this.health.delivered(endpoint, at);
    if (nextAttemptAt) {
      await queueNextTry(
        this.queue,
        { ...delivery, tries: tryNumber },
        nextAttemptAt.getTime() - Date.now(),
      );
    }
    return { made: true, state };
  }

  /** Why a try was not taken: done or superseded (nothing to do), or leased (try again later). */
  private async notTaken(job: DeliverWebhookJobData, now: Date): Promise<TryOutcome> {
    const current = await this.deliveries.findById(job.deliveryId);
    if (!current) return { made: false, reason: 'no such delivery' };
    const pending = current.state === 'pending' || current.state === 'retrying';
    const leased = current.leaseUntil !== null && current.leaseUntil.getTime() > now.getTime();
    if (
      pending &&
      leased &&
      current.tries === job.tryNumber - 1 &&
      current.requeues === job.requeues
    ) {
      throw new TryBusyError(`webhook delivery ${job.deliveryId} is being tried by another runner`);
    }
    return { made: false, reason: `already ${current.state}` };
  }
}
