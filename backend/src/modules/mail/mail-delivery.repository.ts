import { Injectable } from '@nestjs/common';
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
export class MailDeliveryRepository extends JobRecordRepository<MailDeliveryDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(mailDeliveries(connection));
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
