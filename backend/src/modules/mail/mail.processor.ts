import { assertNever } from '@prosign/domain';
import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { MAIL_PORT, type MailPort } from '../../integrations/mail';
import { cappedExponentialBackoff } from '../../platform/queues/default-job-options';
import { GracefulWorkerHost } from '../../platform/queues/graceful-worker-host';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import { QueueName } from '../../platform/queues/queue-names';
import { inSpan } from '../../platform/tracing/in-span';
import { validateJobData } from '../../platform/queues/validate-job-data';
import { AGREEMENT_MAIL_NOTES, type AgreementMailNotes } from './agreement-mail-notes.port';
import { messageIdOf } from './mail-delivery.collection';
import { MailDeliveryRepository } from './mail-delivery.repository';
import { addMailPending, notePendingTryFailed, removeMailPending } from './mail-pending';
import { announceMailChange, clearMailProblem, markMailFailed } from './mail-problem';
import { MailSweeper, type SweepResult } from './mail-sweeper';
import { MailJob, SendMailJobData, type MailJobName } from './mail.job';
import { WORKER_NAME } from '../../platform/queues/worker-name';

/**
 * Sends queued mail through the mail port and records each attempt on the
 * delivery; retries back off exponentially up to an hour (capped-exponential),
 * and the scheduled sweep re-queues deliveries whose job was lost.
 */
@Processor(QueueName.Mail, {
  settings: { backoffStrategy: cappedExponentialBackoff },
  name: WORKER_NAME,
})
export class MailProcessor extends GracefulWorkerHost {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    private readonly deliveries: MailDeliveryRepository,
    @Inject(AGREEMENT_MAIL_NOTES) private readonly notes: AgreementMailNotes,
    private readonly sweeper: MailSweeper,
    private readonly realtime: RealtimePublisher,
  ) {
    super();
  }

  async process(
    job: Job<unknown, unknown, string>,
  ): Promise<{ messageId: string } | { skipped: string } | SweepResult> {
    const name = job.name as MailJobName;
    switch (name) {
      case MailJob.Send:
        return this.send(validateJobData(SendMailJobData, job), job);
      case MailJob.Sweep:
        return this.sweeper.sweep();
      default:
        return assertNever(
          name,
          new UnrecoverableError(`No handler for job "${job.name}" on the ${QueueName.Mail} queue`),
        );
    }
  }

  private async send(
    { deliveryId }: SendMailJobData,
    job: Job,
  ): Promise<{ messageId: string } | { skipped: string }> {
    const deliveries = this.deliveries;
    const delivery = await deliveries.claimAttempt(deliveryId, 'sent', { status: 'sending' });
    if (!delivery) {
      const sentBefore = await deliveries.findById(deliveryId);
      if (!sentBefore) {
        throw new UnrecoverableError(`Mail delivery ${deliveryId} does not exist`);
      }
      // Sent by an earlier run that ended before taking it off the card.
      await removeMailPending(this.notes, sentBefore);
      return { skipped: 'already sent' };
    }
    // A one-time code's mail is sent by the request that asked for it, never from the queue:
    // its record holds no code to send (a sweep or a re-queue must not mail the placeholder).
    if (delivery.expiresAt) {
      const reason = 'a one-time code is sent only when the signer asks for it';
      await markMailFailed(deliveries, this.notes, delivery, reason);
      throw new UnrecoverableError(`mail ${deliveryId}: ${reason}`);
    }
    // The same Message-ID on every try: a receiver keeps one copy (a timeout after the
    // server stored the mail, then a retry, is not a second mail).
    const messageId = messageIdOf(delivery);

    try {
      // The span names the delivery, never its addresses or text.
      const spanAttributes = {
        'prosign.mail.delivery.id': deliveryId,
        'prosign.mail.recipients': delivery.to.length + delivery.cc.length,
      };
      const sent = await inSpan('mail send', spanAttributes, () =>
        this.mail.send({
          messageId,
          to: delivery.to,
          cc: delivery.cc,
          replyTo: delivery.replyTo ?? undefined,
          subject: delivery.subject,
          html: delivery.html,
          text: delivery.text,
          attachments: delivery.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        }),
      );
      // Attachment content is dropped once sent: the document store keeps the files.
      await deliveries.markSent(deliveryId, sent.messageId || messageId);
      // Handed to the transport: no longer pending, and no longer a problem. A problem names a
      // delivery that failed for good, which only a re-queue sends again: a first run has none
      // to clear (one agreement write less per mail).
      await removeMailPending(this.notes, delivery);
      if (delivery.requeues > 0) await clearMailProblem(this.notes, delivery);
      await this.announce(delivery);
      return { messageId: sent.messageId || messageId };
    } catch (error) {
      const message = (error as Error).message || String(error);
      const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (final) await markMailFailed(deliveries, this.notes, delivery, message);
      else {
        await deliveries.markTryFailed(deliveryId, 'retrying', message);
        // The card says it is still waiting, with the tries so far and this error.
        await addMailPending(this.notes, delivery);
        await notePendingTryFailed(this.notes, delivery, message);
      }
      await this.announce(delivery);
      if (final) this.logger.error(`mail ${deliveryId} failed for good: ${message}`);
      else
        this.logger.warn(`mail ${deliveryId} attempt ${job.attemptsMade + 1} failed: ${message}`);
      throw error;
    }
  }

  /** An open dashboard re-reads the card: its mail is sent, failed, or tried again. */
  private async announce(delivery: Parameters<typeof announceMailChange>[2]): Promise<void> {
    try {
      await announceMailChange(this.notes, this.realtime, delivery);
    } catch (error) {
      this.logger.warn(`card change not announced: ${(error as Error).message}`);
    }
  }
}
