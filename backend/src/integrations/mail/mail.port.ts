/** Injection token of the active mail adapter. */
export const MAIL_PORT = Symbol('MAIL_PORT');

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  /** The mail's Message-ID (`<…@…>`), the same on every try of one logical mail. */
  messageId?: string;
  to: string[];
  cc?: string[];
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /**
   * When the mail stops mattering (a one-time code's expiry): sent as the `Expires` header
   * (RFC 4021), which the local catcher honours by removing the mail then.
   */
  expiresAt?: Date;
}

export interface SentMail {
  messageId: string;
  accepted: string[];
  rejected: string[];
}

/** Delivers one mail; throws when the mail server refuses or cannot be reached. */
export interface MailPort {
  /** `local`: SMTP into the embedded catcher; `smtp`: the configured mail server. */
  readonly adapter: 'local' | 'smtp';
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}
