import { InjectQueue } from '@nestjs/bullmq';
import {
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '../../platform/config/app-config';
import { CAPPED_EXPONENTIAL } from '../../platform/queues/default-job-options';
import { enqueueRecordedJob, recordedJobIdOf } from '../../platform/queues/recorded-job';
import { QueueName } from '../../platform/queues/queue-names';
import { MAIL_PORT, type MailAttachment, type MailPort } from '../../integrations/mail';
import { AGREEMENT_MAIL_NOTES, type AgreementMailNotes } from './agreement-mail-notes.port';
import {
  messageIdFor,
  type MailDeliveryDoc,
  type MailDeliveryStatus,
} from './mail-delivery.collection';
import { MailDeliveryRepository } from './mail-delivery.repository';
import { withoutSecret, type MailSecret } from './mail-secret';
import { addMailPending, removeMailPending } from './mail-pending';
import { renderMail, type MailTemplate } from './mail-templates';
import { MailJob, type SendMailJobData } from './mail.job';

export interface SendMailRequest {
  /**
   * Idempotency key: the same key is delivered once (e.g. `sow-review-link.{agreementId}`).
   * Never a signing token: keys become Message-IDs, job ids and log lines.
   */
  key: string;
  template: MailTemplate;
  to: string[];
  cc?: string[];
  replyTo?: string;
  attachments?: MailAttachment[];
  /** The agreement the mail is about: if it finally fails, its card says so. */
  agreementId?: string;
  /**
   * A one-time secret the rendered mail contains (the e-mail code): never stored readable.
   * Such a mail is sent at once by this call (not queued: a queued mail is sent from its
   * record), its record keeps a placeholder instead and is removed when the secret expires.
   */
  secret?: MailSecret;
}

/** What admins see of a delivery (no bodies, no attachment content). */
export interface MailDeliverySummary {
  id: string;
  template: string;
  to: string[];
  cc: string[];
  subject: string;
  status: MailDeliveryStatus;
  attempts: number;
  lastError: string | null;
  messageId: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

/**
 * Sending mail: render, record the delivery, queue it. The worker's
 * MailProcessor sends it with retries; every outcome stays in `mail_deliveries`.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    private readonly deliveries: MailDeliveryRepository,
    @Inject(AGREEMENT_MAIL_NOTES) private readonly notes: AgreementMailNotes,
    @InjectQueue(QueueName.Mail) private readonly queue: Queue<SendMailJobData>,
    private readonly config: AppConfig,
    @Inject(MAIL_PORT) private readonly transport: MailPort,
  ) {}

  async send(request: SendMailRequest): Promise<MailDeliverySummary> {
    if (request.secret) return this.sendWithSecret(request, request.secret);
    const rendered = renderMail(request.template);
    const now = new Date();
    const deliveries = this.deliveries;
    // Inserted only if new: a repeated request (same key) neither re-renders nor re-sends.
    // A new delivery is the record just inserted; only a repeated request reads the stored one
    // (a signed copy's record holds its PDF: reading it back would cost the database its size).
    const fresh: MailDeliveryDoc = {
      _id: request.key,
      template: request.template.kind,
      to: request.to,
      cc: request.cc ?? [],
      replyTo: request.replyTo ?? null,
      ...rendered,
      attachments: (request.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        contentBase64: a.content.toString('base64'),
      })),
      status: 'queued',
      attempts: 0,
      requeues: 0,
      lastError: null,
      messageId: messageIdFor(request.key),
      agreementId: request.agreementId ?? null,
      createdAt: now,
      updatedAt: now,
      sentAt: null,
    };
    const recordedNow = await deliveries.insertIfAbsent(fresh);
    const delivery = recordedNow ? fresh : await deliveries.findById(request.key);
    if (!delivery) throw new Error(`mail delivery ${request.key} vanished`);
    // Until it is handed to the transport, its agreement's card can say it is waiting.
    if (delivery.agreementId && isPending(delivery.status)) {
      // Nothing sends a delivery recorded just now before this request queues it: the sweep
      // takes only those untouched for MAIL_SWEEP_EVERY_MS.
      const unsentForSure =
        recordedNow && Date.now() - now.getTime() < this.config.MAIL_SWEEP_EVERY_MS / 2;
      await this.notePending(delivery, unsentForSure);
    }
    // Recorded is enough: if Redis is down now, the worker's sweep queues it later.
    await this.enqueue(delivery).catch((error: unknown) =>
      this.logger.warn(
        `mail ${delivery._id} recorded, not queued yet (the sweep will queue it): ${String(error)}`,
      ),
    );
    return summarise(delivery);
  }

  /**
   * A mail carrying a one-time secret: handed to the transport now, its
   * record written first with the secret replaced by a placeholder and `expiresAt` (the TTL
   * index or the worker's sweep removes it then). No store and no job ever holds the secret;
   * a transport failure answers 503 (the signer asks again: a code is worth minutes, not
   * the queue's hours of retries).
   */
  private async sendWithSecret(
    request: SendMailRequest,
    secret: MailSecret,
  ): Promise<MailDeliverySummary> {
    const rendered = renderMail(request.template);
    const now = new Date();
    const record: MailDeliveryDoc = {
      _id: request.key,
      template: request.template.kind,
      to: request.to,
      cc: request.cc ?? [],
      replyTo: request.replyTo ?? null,
      ...withoutSecret(rendered, secret.value),
      attachments: [],
      status: 'sending',
      attempts: 1,
      requeues: 0,
      lastError: null,
      messageId: messageIdFor(request.key),
      agreementId: null,
      createdAt: now,
      updatedAt: now,
      sentAt: null,
      expiresAt: secret.expiresAt,
    };
    if (!(await this.deliveries.insertIfAbsent(record))) {
      throw new ConflictException('This mail was sent already.');
    }
    try {
      const sent = await this.transport.send({
        messageId: record.messageId as string,
        to: record.to,
        cc: record.cc,
        replyTo: record.replyTo ?? undefined,
        ...rendered,
        // The receiver may drop it once the code stops working (RFC 4021 `Expires`).
        expiresAt: secret.expiresAt,
      });
      await this.deliveries.markSent(record._id, sent.messageId || (record.messageId as string));
      return summarise({ ...record, status: 'sent', sentAt: new Date() });
    } catch (error) {
      const message = (error as Error).message || String(error);
      await this.deliveries.markTryFailed(record._id, 'failed', message);
      this.logger.warn(`mail ${record._id} not sent: ${message}`);
      throw new ServiceUnavailableException('We could not send the e-mail. Please try again.');
    }
  }

  async list(filter: { status?: MailDeliveryStatus; page: number; limit: number }) {
    const query = filter.status ? { status: filter.status } : {};
    const { docs, total } = await this.deliveries.pageHeaders(query, filter);
    return {
      deliveries: docs.map(summarise),
      total,
      page: filter.page,
      totalPages: Math.ceil(total / filter.limit),
    };
  }

  async get(id: string): Promise<MailDeliverySummary> {
    const doc = await this.deliveries.findHeader(id);
    if (!doc) throw new NotFoundException(`Mail delivery ${id} not found`);
    return summarise(doc);
  }

  /** Queues a failed delivery again (after the mail server was fixed, say). */
  async requeue(id: string): Promise<MailDeliverySummary> {
    const doc = await this.deliveries.requeueFailed(id);
    if (!doc) {
      if (!(await this.deliveries.exists(id)))
        throw new NotFoundException(`Mail delivery ${id} not found`);
      throw new ConflictException(
        `Mail delivery ${id} has not failed; only failed mail can be sent again`,
      );
    }
    await this.notePending(doc, false);
    await this.enqueue(doc);
    return summarise(doc);
  }

  /**
   * Lists a recorded delivery as pending on its agreement; if a worker sent it
   * (or gave up) meanwhile, takes it off again, so no entry outlives its mail.
   * `unsentForSure`: recorded by this request and not queued yet, so its status is not read.
   */
  private async notePending(delivery: MailDeliveryDoc, unsentForSure: boolean): Promise<void> {
    if (!delivery.agreementId) return;
    await addMailPending(this.notes, delivery);
    // Else the worker may have sent it meanwhile, before the note was there to be cleared.
    if (unsentForSure) return;
    const status = await this.deliveries.statusOf(delivery._id);
    if (!status || !isPending(status)) await removeMailPending(this.notes, delivery);
  }

  private async enqueue(delivery: MailDeliveryDoc): Promise<void> {
    if (delivery.status === 'sent') return;
    await enqueueDelivery(this.queue, delivery, this.config);
  }
}

/** Recorded and not yet handed to the transport, nor given up on. */
const isPending = (status: MailDeliveryStatus) => status !== 'sent' && status !== 'failed';

/** The send job's id: one job per delivery and re-queue, so adding it again is a no-op. */
export function sendJobIdOf(delivery: Pick<MailDeliveryDoc, '_id' | 'requeues'>): string {
  return recordedJobIdOf(MailJob.Send, delivery);
}

/** Queues the send job of a delivery (idempotent by its id), retried over hours. */
export async function enqueueDelivery(
  queue: Queue<SendMailJobData>,
  delivery: Pick<MailDeliveryDoc, '_id' | 'requeues'>,
  config: Pick<AppConfig, 'MAIL_SEND_ATTEMPTS' | 'MAIL_RETRY_DELAY_MS'>,
): Promise<void> {
  await enqueueRecordedJob(
    queue,
    MailJob.Send,
    delivery,
    { deliveryId: delivery._id },
    {
      attempts: config.MAIL_SEND_ATTEMPTS,
      backoff: { type: CAPPED_EXPONENTIAL, delay: config.MAIL_RETRY_DELAY_MS },
    },
  );
}

function summarise(
  doc: Omit<MailDeliveryDoc, 'html' | 'text' | 'attachments'>,
): MailDeliverySummary {
  return {
    id: doc._id,
    template: doc.template,
    to: doc.to,
    cc: doc.cc,
    subject: doc.subject,
    status: doc.status,
    attempts: doc.attempts,
    lastError: doc.lastError,
    messageId: doc.messageId,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    sentAt: doc.sentAt,
  };
}
