import type { Collection, Connection } from 'mongoose';
import { createHash } from 'node:crypto';
import type { MailTemplateKind } from './mail-templates';

export const MAIL_DELIVERY_COLLECTION = 'mail_deliveries';

export const MAIL_DELIVERY_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'failed'] as const;
export type MailDeliveryStatus = (typeof MAIL_DELIVERY_STATUSES)[number];

/**
 * One mail the product decided to send, rendered, with its delivery state.
 * `_id` is the caller's idempotency key (e.g. `sow-review-link.{agreementId}`),
 * so asking twice sends once. Keys name an agreement by its `_id`, never by its
 * signing token: the key reaches Message-IDs, job ids and logs. Attachments are
 * kept until the mail is sent.
 */
export interface MailDeliveryDoc {
  _id: string;
  template: MailTemplateKind;
  to: string[];
  cc: string[];
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; contentBase64: string }>;
  status: MailDeliveryStatus;
  attempts: number;
  /** How many times an admin re-queued it after it failed. */
  requeues: number;
  lastError: string | null;
  /**
   * The mail's Message-ID, fixed when the delivery is recorded (messageIdFor):
   * every try sends the same one, so a receiver can drop a second copy.
   */
  messageId: string | null;
  /** The agreement the mail is about: a mail that finally fails shows on its card. */
  agreementId?: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  /**
   * Set on a mail that carried a one-time secret (the e-mail code): when the
   * secret expires. Its subject and bodies above hold `MAIL_SECRET_PLACEHOLDER` where the
   * secret was; it was sent by the request itself, never queued, and the record is removed
   * at this time (a TTL index where the database has them, else the worker's sweep).
   */
  expiresAt?: Date | null;
}

export function mailDeliveries(connection: Connection): Collection<MailDeliveryDoc> {
  return connection.collection<MailDeliveryDoc>(
    MAIL_DELIVERY_COLLECTION,
  ) as unknown as Collection<MailDeliveryDoc>;
}

/**
 * The stable Message-ID of one logical mail, from its delivery key: the same key
 * always gives the same id, so a retry after an SMTP timeout is recognisably the
 * same mail. Only a hash of the key: the header travels through every mail
 * server on the way and must not carry what the key holds.
 */
export function messageIdFor(deliveryKey: string): string {
  const hash = createHash('sha256').update(deliveryKey).digest('hex').slice(0, 32);
  return `<${hash}@prosign.mail>`;
}

/** The Message-ID a delivery is sent with, the same on every try: the one recorded with it. */
export function messageIdOf(delivery: Pick<MailDeliveryDoc, '_id' | 'messageId'>): string {
  return delivery.messageId ?? messageIdFor(delivery._id);
}
