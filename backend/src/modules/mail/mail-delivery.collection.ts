import type { Collection, Connection } from 'mongoose';
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
  messageId: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

export function mailDeliveries(connection: Connection): Collection<MailDeliveryDoc> {
  return connection.collection<MailDeliveryDoc>(
    MAIL_DELIVERY_COLLECTION,
  ) as unknown as Collection<MailDeliveryDoc>;
}
