import type { Collection, Connection } from 'mongoose';

export const CAUGHT_MAIL_COLLECTION = 'caught_mails';

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
  attachments: Array<{ filename: string | null; contentType: string; size: number }>;
  /** Envelope recipients (RCPT TO), which include Bcc. */
  envelopeTo: string[];
  receivedAt: Date;
}

export function caughtMails(connection: Connection): Collection<CaughtMailDoc> {
  return connection.collection<CaughtMailDoc>(
    CAUGHT_MAIL_COLLECTION,
  ) as unknown as Collection<CaughtMailDoc>;
}
