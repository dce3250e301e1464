import type { Collection, Connection } from 'mongoose';

const CAUGHT_MAIL_COLLECTION = 'caught_mails';

/** A mail the local SMTP catcher received, as the mailbox page shows it. */
export interface CaughtMailDoc {
  _id: string;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  html: string | null;
  text: string | null;
  messageId: string | null;
  /** `stored`: its content is kept (in caught_mail_attachments) and can be downloaded. */
  attachments: Array<{
    filename: string | null;
    contentType: string;
    size: number;
    stored?: boolean;
  }>;
  /** Envelope recipients (RCPT TO), which include Bcc. */
  envelopeTo: string[];
  receivedAt: Date;
  /**
   * The mail's `Expires` header (a one-time code's expiry): the catcher removes the mail then,
   * so the demo's mailbox keeps a code no longer than the code works.
   */
  expiresAt?: Date;
}

/**
 * The content of one caught attachment, kept apart from the mail so the mail
 * stays small: `_id` = `{mailId}:{index}`. Attachments above
 * CAUGHT_ATTACHMENT_MAX_BYTES are listed but not kept.
 */
export interface CaughtAttachmentDoc {
  _id: string;
  mailId: string;
  filename: string | null;
  contentType: string;
  content: Buffer;
}

const CAUGHT_ATTACHMENT_COLLECTION = 'caught_mail_attachments';
export const CAUGHT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export function caughtAttachmentId(mailId: string, index: number): string {
  return `${mailId}:${index}`;
}

export function caughtAttachments(connection: Connection): Collection<CaughtAttachmentDoc> {
  return connection.collection<CaughtAttachmentDoc>(
    CAUGHT_ATTACHMENT_COLLECTION,
  ) as unknown as Collection<CaughtAttachmentDoc>;
}

export function caughtMails(connection: Connection): Collection<CaughtMailDoc> {
  return connection.collection<CaughtMailDoc>(
    CAUGHT_MAIL_COLLECTION,
  ) as unknown as Collection<CaughtMailDoc>;
}
