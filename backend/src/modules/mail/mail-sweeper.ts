import { InjectQueue } from '@nestjs/bullmq';
import { EMAIL_CODE_RULES } from '@prosign/domain';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '../../platform/config/app-config';
import { QueueName } from '../../platform/queues/queue-names';
import { sweepLostJobs, type SweepResult } from '../../platform/queues/sweep-lost-jobs';
import { AGREEMENT_MAIL_NOTES, type AgreementMailNotes } from './agreement-mail-notes.port';
import type { MailDeliveryDoc } from './mail-delivery.collection';
import { MailDeliveryRepository } from './mail-delivery.repository';
import { MAIL_SWEEP_SCHEDULER, MailJob, type SendMailJobData } from './mail.job';
import { enqueueDelivery, sendJobIdOf } from './mail.service';
import { markMailFailed } from './mail-problem';

export type { SweepResult };

/**
 * Finds deliveries left `queued`, `retrying` or `sending` whose send job is
 * gone (Redis lost it) or ended without recording the outcome (stalled out,
 * killed between two writes), and queues them again. Adding a job is idempotent
 * by its id (the delivery's id and re-queue count), so a sweep never doubles a
 * live job; the catcher and the Message-ID keep a resent mail single.
 */
@Injectable()
export class MailSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(MailSweeper.name);

  constructor(
    private readonly deliveries: MailDeliveryRepository,
    @Inject(AGREEMENT_MAIL_NOTES) private readonly notes: AgreementMailNotes,
    @InjectQueue(QueueName.Mail) private readonly queue: Queue<SendMailJobData>,
    private readonly config: AppConfig,
  ) {}

  /** Registers the sweep schedule (one scheduler whatever the number of workers). */
  async onApplicationBootstrap(): Promise<void> {
    // Code mails recorded before they kept no code held it in the body: gone once expired.
    const expiredBefore = new Date(Date.now() - EMAIL_CODE_RULES.validMinutes * 60_000);
    void this.deliveries.removeLegacyCodeMail(expiredBefore).then(
      (removed) => {
        if (removed) this.logger.log(`removed ${removed} code mail(s) that kept their code`);
      },
      (error: unknown) => this.logger.warn(`old code mail not removed: ${String(error)}`),
    );
    await this.queue
      .upsertJobScheduler(
        MAIL_SWEEP_SCHEDULER,
        { every: this.config.MAIL_SWEEP_EVERY_MS },
        { name: MailJob.Sweep, data: {} as SendMailJobData, opts: { attempts: 1 } },
      )
      .catch((error: unknown) =>
        this.logger.error(`the mail sweep could not be scheduled: ${String(error)}`),
      );
  }

  async sweep(now = new Date(), limit = 500): Promise<SweepResult> {
    // A code mail goes with its code (where no TTL index removes it).
    await this.deliveries
      .removeExpired(now)
      .catch((error: unknown) =>
        this.logger.warn(`expired secret mail not removed: ${String(error)}`),
      );
    const result = await sweepLostJobs<MailDeliveryDoc>({
      records: this.deliveries,
      queue: this.queue,
      pending: ['queued', 'retrying', 'sending'],
      olderThan: new Date(now.getTime() - this.config.MAIL_SWEEP_EVERY_MS),
      maxAttempts: this.config.MAIL_SEND_ATTEMPTS,
      jobIdOf: sendJobIdOf,
      enqueue: (delivery) => enqueueDelivery(this.queue, delivery, this.config),
      markFailed: (delivery, reason) =>
        markMailFailed(this.deliveries, this.notes, delivery, reason),
      limit,
    });
    if (result.requeued || result.failed) {
      this.logger.warn(
        `mail sweep: ${result.requeued} delivery(ies) queued again, ${result.failed} marked failed`,
      );
    }
    return result;
  }
}
