import type { Collection, Connection } from 'mongoose';
import { createHash } from 'node:crypto';
import type { MailTemplateKind } from './mail-templates';

export const MAIL_DELIVERY_COLLECTION = 'mail_deliveries';

export const MAIL_DELIVERY_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'failed'] as const;
export type MailDeliveryStatus = (typeof MAIL_DELIVERY_STATUSES)[number];

/**
 * One mail the product decided to send, rendered, with its delivery state.
 * `_id` is the caller's idempotency key (e.g. `signing-link.{token}`), so
 * asking twice sends once. Attachments are kept until the mail is sent.
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
}

export function mailDeliveries(connection: Connection): Collection<MailDeliveryDoc> {
  return connection.collection<MailDeliveryDoc>(
    MAIL_DELIVERY_COLLECTION,
  ) as unknown as Collection<MailDeliveryDoc>;
}

/**
 * The stable Message-ID of one logical mail, from its delivery key (which holds
 * the agreement's token, the mail kind and the send key): the same key always
 * gives the same id, so a retry after an SMTP timeout is recognisably the same mail.
 */
export function messageIdFor(deliveryKey: string): string {
  const readable = deliveryKey.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
  const hash = createHash('sha256').update(deliveryKey).digest('hex').slice(0, 16);
  return `<${readable}.${hash}@prosign.mail>`;
}
