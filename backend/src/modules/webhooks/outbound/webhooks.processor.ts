import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { assertNever } from '@prosign/domain';
import { UnrecoverableError, type Job } from 'bullmq';
import { GracefulWorkerHost } from '../../../platform/queues/graceful-worker-host';
import { QueueName } from '../../../platform/queues/queue-names';
import { validateJobData } from '../../../platform/queues/validate-job-data';
import { WORKER_NAME } from '../../../platform/queues/worker-name';
import { DeliverWebhookJobData, RelayWebhooksJobData } from './webhook-delivery-jobs';
import { WebhookDispatcher, type TryOutcome } from './webhook-dispatcher';
import { WebhookJob, type WebhookJobName } from './webhook-outbox';
import { WebhookRelay } from './webhook-relay';
import { WebhookRetention, type WebhookRetentionResult } from './webhook-retention';
import { WebhookSweeper, type WebhookSweepResult } from './webhook-sweeper';

/** The `webhooks` queue in the worker: relays outboxes, makes delivery tries, runs the sweep and the retention. */
@Processor(QueueName.Webhooks, { name: WORKER_NAME })
export class WebhooksProcessor extends GracefulWorkerHost {
  private readonly logger = new Logger(WebhooksProcessor.name);

  constructor(
    private readonly relay: WebhookRelay,
    private readonly dispatcher: WebhookDispatcher,
    private readonly sweeper: WebhookSweeper,
    private readonly retention: WebhookRetention,
  ) {
    super();
  }

  async process(
    job: Job<unknown, unknown, string>,
  ): Promise<{ relayed: number } | TryOutcome | WebhookSweepResult | WebhookRetentionResult> {
    const name = job.name as WebhookJobName;
    switch (name) {
      case WebhookJob.Relay: {
        const { agreementId } = validateJobData(RelayWebhooksJobData, job);
        return { relayed: await this.relay.relay(agreementId) };
      }
      case WebhookJob.Deliver: {
        const outcome = await this.dispatcher.tryDelivery(
          validateJobData(DeliverWebhookJobData, job),
        );
        if (!outcome.made) this.logger.debug(`webhook try skipped: ${outcome.reason}`);
        return outcome;
      }
      case WebhookJob.Sweep:
        return this.sweeper.sweep();
      case WebhookJob.Retention:
        return this.retention.run();
      default:
        return assertNever(
          name,
          new UnrecoverableError(
            `No handler for job "${job.name}" on the ${QueueName.Webhooks} queue`,
          ),
        );
    }
  }
}
