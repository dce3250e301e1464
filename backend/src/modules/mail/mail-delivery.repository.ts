import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { JobRecordRepository } from '../../platform/queues/job-record.repository';
import { mailDeliveries, type MailDeliveryDoc } from './mail-delivery.collection';

/** What a delivery's summary leaves out: the bodies and the attachment content. */
const WITHOUT_CONTENT = { html: 0, text: 0, attachments: 0 };

export type MailDeliveryHeader = Omit<MailDeliveryDoc, 'html' | 'text' | 'attachments'>;

/**
 * The only reader and writer of `mail_deliveries` (the shared writes of a job
 * record, and a delivery's own: sending, sent): MailService, MailProcessor and
 * MailSweeper go through it.
 */
@Injectable()
export class MailDeliveryRepository
  extends JobRecordRepository<MailDeliveryDoc>
  implements OnModuleInit
{
  private readonly logger = new Logger(MailDeliveryRepository.name);
  /** False once the database refused a TTL index: expired secret mail is swept instead. */
  private ttl = false;

  constructor(@InjectConnection() connection: Connection) {
    super(mailDeliveries(connection));
  }

  /**
   * A mail carrying a one-time secret lives only as long as the secret: a
   * TTL index on `expiresAt` where the database has them (MongoDB; other mail has no
   * `expiresAt` and stays), else `removeExpired` in the worker's sweep (FerretDB v1 refuses it).
   */
  async onModuleInit(): Promise<void> {
    await this.ensureStatusIndex();
    try {
      await this.records.createIndex(
        { expiresAt: 1 },
        { name: 'expiresAt_ttl', expireAfterSeconds: 0 },
      );
      this.ttl = true;
    } catch (error) {
      this.logger.log(
        `no TTL index on mail_deliveries (${(error as Error).message}): expired secret mail is swept`,
      );
      await this.records
        .createIndex({ expiresAt: 1 }, { name: 'expiresAt_1' })
        .catch(() => undefined);
    }
  }

  /**
   * Removes the code mails recorded before they kept no code: their bodies
   * hold a code, long expired (recorded before `olderThan`). Run once as the worker starts.
   */
  async removeLegacyCodeMail(olderThan: Date): Promise<number> {
    return (
      await this.records.deleteMany({
        template: 'email-code',
        expiresAt: { $exists: false },
        createdAt: { $lte: olderThan },
      })
    ).deletedCount;
  }

  /** Mails recorded and not yet sent: the outbox's backlog (the api's metrics). */
  countBacklog(): Promise<number> {
    return this.countPending(['queued', 'retrying', 'sending']);
  }

  /** Removes deliveries whose secret expired (where no TTL index does); how many went. */
  async removeExpired(now = new Date()): Promise<number> {
    if (this.ttl) return 0;
    return (await this.records.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
  }

  /** A delivery without its bodies and attachments. */
  findHeader(id: string): Promise<MailDeliveryHeader | null> {
    return this.records.findOne({ _id: id }, { projection: WITHOUT_CONTENT });
  }

  /** One page of deliveries (newest first, without their content), and how many match. */
  pageHeaders(
    query: Partial<Pick<MailDeliveryDoc, 'status'>>,
    paging: { page: number; limit: number },
  ) {
    return this.page(query, paging, WITHOUT_CONTENT);
  }

  async statusOf(id: string): Promise<MailDeliveryDoc['status'] | null> {
    const doc = await this.records.findOne({ _id: id }, { projection: { status: 1 } });
    return doc?.status ?? null;
  }

  /** Sent: its Message-ID, and the attachment content dropped (the document store keeps the files). */
  async markSent(id: string, messageId: string, now = new Date()): Promise<void> {
    await this.records.updateOne(
      { _id: id },
      {
        $set: {
          status: 'sent',
          messageId,
          lastError: null,
          sentAt: now,
          updatedAt: now,
          attachments: [],
        },
      },
    );
  }
}
